/**
 * Who may call each `/api/admin` route, read from the routes themselves: every route the app registers
 * under /api/admin is called as a visitor, a user, a merchant and each staff role, and answers exactly as its
 * declaration says — 401 without a session, 403 for a role it was not declared for, and for an allowed role
 * anything but 401/403 (the placeholder id and empty body then meet the route's own rules). A route added
 * without a declaration never gets this far: the app refuses to start (checked last).
 */
import type { RouteOptions } from 'fastify'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import type { Role } from '../../server/db/schema'
import { STAFF_PREFIX } from '../../server/lib/staff'
import { STAFF_ROLES, type StaffRole } from '../../src/contract/staff'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createPerson } from './helpers/http'

let database: Database
let app: App
const routes: RouteOptions[] = []
const tokens: Partial<Record<string, string>> = {}

const CALLERS = ['visitor', 'user', 'merchant', ...STAFF_ROLES] as const
type Caller = (typeof CALLERS)[number]

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(STAFF_PREFIX) && route.method !== 'HEAD') routes.push(route)
  })
  await app.ready()
  const roles: Record<Exclude<Caller, 'visitor'>, Role[]> = {
    user: ['user'],
    merchant: ['user', 'merchant'],
    ...(Object.fromEntries(STAFF_ROLES.map((role) => [role, ['user', role]])) as Record<StaffRole, Role[]>),
  }
  for (const [caller, list] of Object.entries(roles)) tokens[caller] = (await createPerson(database, list)).token
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** What the declaration promises a caller: 401, 403, or to be let through to the route's own rules. */
function expected(route: RouteOptions, caller: Caller): 401 | 403 | 'allowed' {
  const access = route.config?.staff
  if (access === 'public') return 'allowed'
  if (caller === 'visitor') return 401
  if (caller === 'admin' || (access as readonly string[]).includes(caller)) return 'allowed'
  return 403
}

const placeholder = (url: string) => url.replace(/:[a-zA-Z]+/g, '999999')

test('the app has admin routes, each with a declaration', () => {
  expect(routes.length).toBeGreaterThan(15)
  for (const route of routes) expect([route.url, route.config?.staff]).toEqual([route.url, expect.anything()])
})

test.each(CALLERS)('as %s, every admin route answers as declared', async (caller) => {
  const mismatches: string[] = []
  for (const route of routes) {
    const method = String(route.method) as 'GET' | 'POST' | 'PUT' | 'DELETE'
    const response = await app.inject({
      method,
      url: placeholder(route.url),
      headers: tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    })
    const want = expected(route, caller)
    const got = response.statusCode
    const ok = want === 'allowed' ? got !== 401 && got !== 403 : got === want
    if (!ok) mismatches.push(`${method} ${route.url}: ${got}, declared ${want}`)
  }
  expect(mismatches).toEqual([])
})

test('an admin route without a declaration stops the app from starting', async () => {
  const bare = createTestApp(database)
  expect(() => bare.get('/api/admin/undeclared', async () => ({ ok: true }))).toThrow(
    'GET /api/admin/undeclared: an admin route declares who may call it',
  )
  await bare.close()
})
