import { pagePath, routes } from '../src/routes'

/** H5 router aliases: every page is served at its seed URL (the first alias is canonical). */
export const customRoutes: Record<string, string> = Object.fromEntries(routes.map((r) => [pagePath(r.name), r.url]))
