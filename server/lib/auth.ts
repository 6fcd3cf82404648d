/**
 * Who is calling. Every request is looked at once (an `onRequest` hook): a valid token sets
 * `request.user`, anything else leaves it null. Routes that need a user call `requireUser(request)`
 * (401 otherwise); `/api/admin` routes are guarded by their declared staff roles (lib/staff.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Executor } from '../db'
import { STAFF_IDLE_HOURS } from '../../src/contract/staff'
import { sessions, users, type Role } from '../db/schema'
import { AppError } from './envelope'

export interface AuthUser {
  id: number
  roles: Role[]
  sessionId: number
  /** Signed in at the console, with password and TOTP. */
  staff: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
}

export const SESSION_EXPIRED_MSG = '登录状态已过期，请重新登录'
/** A session's expiry is pushed forward at most once a minute, not on every request. */
const SLIDE_EVERY_MS = 60_000

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** `Authorization: Bearer <t>`, `Authorization: <t>` or `Token: <t>` (API.md); empty headers mean none. */
export function readToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization?.trim()
  if (authorization) return authorization.replace(/^Bearer\s+/i, '')
  const token = request.headers.token
  return (Array.isArray(token) ? token[0] : token)?.trim() || undefined
}

const HOUR_MS = 3_600_000
/** A staff session: ends after STAFF_IDLE_HOURS without a call, and after one working day whatever happens. */
const STAFF_LIFETIME = { idleMs: STAFF_IDLE_HOURS * HOUR_MS, maxMs: 24 * HOUR_MS }

export async function createSession(
  db: Executor,
  userId: number,
  ttlDays: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: string }> {
  return openSession(db, userId, ttlDays * 24 * HOUR_MS, client, false)
}

/** A console session (after password and TOTP were checked). */
export const createStaffSession = (db: Executor, userId: number, client: { ip: string; userAgent: string }) =>
  openSession(db, userId, STAFF_LIFETIME.idleMs, client, true)

async function openSession(
  db: Executor,
  userId: number,
  idleMs: number,
  client: { ip: string; userAgent: string },
  staff: boolean,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + idleMs)
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, staff, ...client })
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
  return { token, expiresAt: expiresAt.toISOString() }
}

/** Ends every live session of a user except `keepSessionId` (the caller's own, when they stay signed in). */
export async function revokeSessions(db: Executor, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    )
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId))
}

export interface SessionLifetime {
  /** Days without use after which a session ends (it slides with use). */
  ttlDays: number
  /** Days after sign-in after which it ends however much it is used: a stolen token does not live forever. */
  maxDays: number
}

/** A session still in force at `now` (not revoked, not expired, not past its lifetime), of a user not disabled. */
const inForce = (now: Date, lifetime: SessionLifetime) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.createdAt, new Date(now.getTime() - lifetime.maxDays * 86_400_000)),
    eq(users.disabled, false),
  )

/** The signed-in user of a token (sliding its expiry as a request would), or null. */
export async function userOfToken(db: Executor, token: string, lifetime: SessionLifetime): Promise<AuthUser | null> {
  const now = new Date()
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      staff: sessions.staff,
      id: users.id,
      roles: users.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), inForce(now, lifetime)))
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    const { idleMs, maxMs } = row.staff
      ? STAFF_LIFETIME
      : { idleMs: lifetime.ttlDays * 24 * HOUR_MS, maxMs: lifetime.maxDays * 24 * HOUR_MS }
    const slid = now.getTime() + idleMs
    const end = row.createdAt.getTime() + maxMs
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(Math.min(slid, end)) })
      .where(eq(sessions.id, row.sessionId))
  }
  return { id: row.id, roles: row.roles, sessionId: row.sessionId, staff: row.staff }
}

/**
 * The sessions of `ids` still in force, each with its user's roles now: a socket signed in with another is closed
 * (signed out, expired, disabled), and one whose roles no longer allow what it does is too.
 */
export async function sessionsInForce(
  db: Executor,
  ids: number[],
  lifetime: SessionLifetime,
): Promise<Map<number, Role[]>> {
  const rows = await db
    .select({ id: sessions.id, roles: users.roles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, ids), inForce(new Date(), lifetime)))
  return new Map(rows.map((row) => [row.id, row.roles]))
}

export function installAuth(app: FastifyInstance, db: Executor, lifetime: SessionLifetime): void {
  app.decorateRequest('user', null)
  app.addHook('onRequest', async (request) => {
    const token = request.url.startsWith('/api/') ? readToken(request) : undefined
    request.user = token ? await userOfToken(db, token, lifetime) : null
  })
}

/** Where a sign-in comes from, kept with its session. */
export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 200),
})

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, readToken(request) ? SESSION_EXPIRED_MSG : '请先登录')
  return request.user
}

/**
 * Who is asking, as the rules of orders and payments see them. `operator` — acting for the platform — holds
 * only on a staff route, whose declared roles were checked before its handler ran (lib/staff.ts): a staff
 * member using the H5 is a user like any other.
 */
export interface Viewer {
  userId: number
  operator: boolean
}

export function viewerOf(request: FastifyRequest): Viewer {
  const user = requireUser(request)
  return { userId: user.id, operator: Array.isArray(request.routeOptions.config.staff) && user.staff }
}
