/** On the web, a page's link is on this very site. */
export const siteUrl = (path: string): string => `${window.location.origin}${path}`
