/** A mini-program has no address of its own: a page's link is on the site the API lives on. */
export const siteUrl = (path: string): string => `${API_BASE}${path}`
