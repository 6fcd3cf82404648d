/**
 * The console's sign-in: password and a TOTP code from the staff member's authenticator. The first
 * sign-in with the right password answers an enrolment (a secret to scan) instead of a session; the same
 * sign-in with its first code completes it. Five wrong tries — password or code — lock the account for
 * 15 minutes, each try reserved before anything is checked (a burst gets no more than five).
 */
import { randomUUID } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { STAFF_ROLES, type StaffLogin, type StaffLoginResult, type StaffRole } from '../../../src/contract/staff'
import type { AppDeps } from '../../deps'
import type { Executor } from '../../db'
import { users, type Role } from '../../db/schema'
import { audit } from '../../lib/audit'
import { createStaffSession } from '../../lib/auth'
import { AppError } from '../../lib/envelope'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { consume } from '../../lib/rateLimit'
import { newTotpSecret, TOTP_STEP_MS, totpNow, totpStep, totpUrl } from '../../lib/totp'
import type { Vault } from '../../lib/vault'

type Deps = Pick<AppDeps, 'database' | 'kv' | 'vault'>
interface Client {
  ip: string
  userAgent: string
}

export const STAFF_LOGIN_WRONG = '用户名、密码或动态验证码错误'
const MAX_WRONG = 5
const LOCK_SECONDS = 15 * 60

export const totpAad = (userId: number) => `users:${userId}:totp`

export const staffRolesOf = (roles: Role[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => (roles as string[]).includes(role))

let dummyHash: Promise<string> | undefined

export async function staffLogin(deps: Deps, body: StaffLogin, client: Client): Promise<StaffLoginResult> {
  const { db } = deps.database
  const name = body.username.trim()
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      roles: users.roles,
      passwordHash: users.passwordHash,
      disabled: users.disabled,
      totpSealed: users.totpSealed,
      totpEnrolledAt: users.totpEnrolledAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name})`)

  // A name nobody has gets the same budget, so the lock says nothing about which accounts exist.
  const lockKey = `rl:staff:account:${user ? `u${user.id}` : `n${name.toLowerCase()}`}`
  await consume(deps.kv, [
    {
      key: `rl:staff:ip:${client.ip}`,
      max: 30,
      windowSeconds: LOCK_SECONDS,
      message: '登录尝试过于频繁，请 {wait}后再试',
    },
    { key: lockKey, max: MAX_WRONG, windowSeconds: LOCK_SECONDS, message: '错误次数过多，账号已锁定，请 {wait}后再试' },
  ])
  const wrong = async (): Promise<never> => {
    // The fifth wrong try locks for the full 15 minutes from now, not from the first one.
    if (Number(await deps.kv.get(lockKey)) >= MAX_WRONG) await deps.kv.set(lockKey, String(MAX_WRONG), LOCK_SECONDS)
    throw new AppError(400, STAFF_LOGIN_WRONG)
  }

  const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword(randomUUID())))
  const passwordRight = await verifyPassword(hash, body.password)
  const roles = staffRolesOf(user?.roles ?? [])
  if (!user || !user.passwordHash || !passwordRight || roles.length === 0) return wrong()
  if (user.disabled) throw new AppError(403, '账号已停用')
  const staff = { userId: user.id, operator: true, ip: client.ip }

  let secret = user.totpSealed ? deps.vault.open(user.totpSealed, totpAad(user.id)) : null
  if (!user.totpEnrolledAt && (!secret || !body.totp)) {
    // First sign-in: the password was right, so the secret is shown — the same one until a code proves it
    // was added to an authenticator.
    if (!secret) {
      secret = newTotpSecret()
      await db
        .update(users)
        .set({ totpSealed: deps.vault.seal(secret, totpAad(user.id)) })
        .where(eq(users.id, user.id))
    }
    await deps.kv.del(lockKey)
    return { enrolment: { secret, otpauthUrl: totpUrl(secret, user.username) } }
  }
  const step = secret && body.totp ? totpStep(secret, body.totp) : null
  if (step === null) return wrong()

  return db.transaction(async (tx) => {
    // Conditional on an older step: a code (or a replay of it) is accepted once, however many arrive at once.
    const [accepted] = await tx
      .update(users)
      .set({ totpLastStep: step, totpEnrolledAt: sql`coalesce(${users.totpEnrolledAt}, now())` })
      .where(and(eq(users.id, user.id), lt(users.totpLastStep, step)))
      .returning({ id: users.id })
    if (!accepted) throw new AppError(400, '该动态验证码已用过，请等下一个')
    await audit(tx, staff, user.totpEnrolledAt ? 'staff.login' : 'staff.enrol', { type: 'user', id: user.id })
    await deps.kv.del(lockKey)
    return { ...(await createStaffSession(tx, user.id, client)), roles }
  })
}

/**
 * Demo staff come enrolled, with a secret that `npm start` prints for an authenticator app; an existing
 * secret is kept. Returns it.
 */
export async function enrolDemoStaff(db: Executor, vault: Vault, userId: number): Promise<string> {
  const [row] = await db.select({ totpSealed: users.totpSealed }).from(users).where(eq(users.id, userId))
  if (row?.totpSealed) return vault.open(row.totpSealed, totpAad(userId))
  const secret = newTotpSecret()
  await db
    .update(users)
    .set({ totpSealed: vault.seal(secret, totpAad(userId)), totpEnrolledAt: new Date() })
    .where(eq(users.id, userId))
  return secret
}

/**
 * Local mode: a code the sign-in will accept now — the authenticator's current one, or, when that one was
 * just used, the next (accepted a step early), so a test or a demo need not wait half a minute. Null when
 * the person has no secret, or both were used.
 */
export async function currentTotp(deps: Pick<Deps, 'database' | 'vault'>, username: string): Promise<string | null> {
  const [row] = await deps.database.db
    .select({ id: users.id, totpSealed: users.totpSealed, totpLastStep: users.totpLastStep })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
  if (!row?.totpSealed) return null
  const secret = deps.vault.open(row.totpSealed, totpAad(row.id))
  const now = Date.now()
  const step = Math.max(Math.floor(now / TOTP_STEP_MS), row.totpLastStep + 1)
  return step - Math.floor(now / TOTP_STEP_MS) <= 1 ? totpNow(secret, step * TOTP_STEP_MS) : null
}
