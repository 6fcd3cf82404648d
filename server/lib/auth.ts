/**
 * Who is calling. Every request is looked at once (an `onRequest` hook): a valid token sets
 * `request.user`, anything else leaves it null. Routes that need a user call `requireUser(request)`
 * (401 otherwise), operator routes `requireRole(request, 'operator')` (403 otherwise).
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Executor } from '../db'
import { sessions, users, type Role } from '../db/schema'
import { AppError } from './envelope'

export interface AuthUser {
  id: number
  roles: Role[]
  sessionId: number
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

export async function createSession(
  db: Executor,
  userId: number,
  ttlDays: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000)
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, ...client })
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

async function lookup(db: Executor, token: string, lifetime: SessionLifetime): Promise<AuthUser | null> {
  const now = new Date()
  const bornAfter = new Date(now.getTime() - lifetime.maxDays * 86_400_000)
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      roles: users.roles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, bornAfter),
        eq(users.disabled, false),
      ),
    )
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
    const slid = now.getTime() + lifetime.ttlDays * 86_400_000
    const end = row.createdAt.getTime() + lifetime.maxDays * 86_400_000
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(Math.min(slid, end)) })
      .where(eq(sessions.id, row.sessionId))
  }
  return { id: row.id, roles: row.roles, sessionId: row.sessionId }
}

export function installAuth(app: FastifyInstance, db: Executor, lifetime: SessionLifetime): void {
  app.decorateRequest('user', null)
  app.addHook('onRequest', async (request) => {
    const token = request.url.startsWith('/api/') ? readToken(request) : undefined
    request.user = token ? await lookup(db, token, lifetime) : null
  })
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, readToken(request) ? SESSION_EXPIRED_MSG : '请先登录')
  return request.user
}

/** Who is asking, as the rules of orders and payments see them. */
export interface Viewer {
  userId: number
  operator: boolean
}

export function viewerOf(request: FastifyRequest): Viewer {
  const user = requireUser(request)
  return { userId: user.id, operator: user.roles.includes('operator') }
}

export function requireRole(request: FastifyRequest, role: Role): AuthUser {
  const user = requireUser(request)
  if (!user.roles.includes(role)) throw new AppError(403, '没有权限')
  return user
}

/**
 * For an operator-only plugin: each of its routes answers 401/403 before its input is even validated,
 * so a signed-out caller learns nothing about the route's schema.
 */
export function operatorsOnly(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    requireRole(request, 'operator')
  })
}
