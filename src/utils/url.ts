export type Query = Record<string, string | number | boolean | undefined | null>

/** `a=1&b=x` from an object; empty, null and undefined values are left out. */
export function toQueryString(query: Query): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
}
