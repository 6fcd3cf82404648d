import { randomUUID } from 'node:crypto'
import type { App } from '../../../server/app'
import type { Database } from '../../../server/db'
import { users, type Role } from '../../../server/db/schema'
import { createSession, createStaffSession } from '../../../server/lib/auth'
import { STAFF_ROLES } from '../../../src/contract/staff'

// Response bodies are read field by field in assertions; jest reports a wrong shape better than a type would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply = { code: number; msg: string; data?: any; rows?: any[]; total?: number }

export interface CallOptions {
  token?: string
  body?: object
  query?: Record<string, string | number | boolean>
  /** The client address; each call gets its own unless given, so per-IP limits stay out of the way. */
  ip?: string
}

/** `call(method, url, options)` on an app through inject(), answering the status and the parsed envelope. */
export function createCaller(app: App) {
  let ipCounter = 0
  return async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}) {
    ipCounter += 1
    const response = await app.inject({
      method,
      url,
      query: options.query && Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])),
      payload: options.body,
      remoteAddress: options.ip ?? `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    })
    return { status: response.statusCode, body: response.json() as Reply, text: response.body }
  }
}

export interface Person {
  id: number
  token: string
}

/** A signed-in user with the given roles. */
export async function createPerson(database: Database, roles: Role[] = ['user']): Promise<Person> {
  const suffix = randomUUID().replaceAll('-', '')
  const [user] = await database.db
    .insert(users)
    .values({
      username: `t_${suffix.slice(0, 12)}`,
      phone: `199${String(parseInt(suffix.slice(0, 8), 16) % 1e8).padStart(8, '0')}`,
      roles,
    })
    .returning({ id: users.id })
  // Staff get a console session, as POST /api/admin/login gives after password and TOTP (tested in staff.test).
  const client = { ip: '127.0.0.1', userAgent: 'jest' }
  const staff = roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role))
  const { token } = staff
    ? await createStaffSession(database.db, user.id, client)
    : await createSession(database.db, user.id, 7, client)
  return { id: user.id, token }
}
