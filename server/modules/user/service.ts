/**
 * The user's own account: the profile (no secrets; phone and ID number masked) and real-name
 * verification. An ID number is sealed in the vault and counted by its keyed hash: one number verifies at
 * most three accounts.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import {
  checkIdNumber,
  checkNickName,
  checkRealName,
  maskIdNumber,
  maskName,
  maskPhone,
} from '../../../src/contract/validation'
import type { AppDeps } from '../../deps'
import { accountDeletions, goods, orders, users } from '../../db/schema'
import { AppError, checkField, invalid } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { keyedHash } from '../../lib/vault'

type Deps = Pick<AppDeps, 'database' | 'kv' | 'vault' | 'lookupKey' | 'idVerifier'>

/** One person may verify a few accounts (a main and a spare), not a farm of them. */
const ACCOUNTS_PER_ID_NUMBER = 3

export const idNumberAad = (userId: number) => `users:${userId}:idNumber`

/** How a verified ID number is kept: sealed, and by the keyed hash that counts the accounts it verified. */
export const sealedIdNumber = (
  { vault, lookupKey }: Pick<Deps, 'vault' | 'lookupKey'>,
  userId: number,
  idNumber: string,
) => ({
  idNumberSealed: vault.seal(idNumber, idNumberAad(userId)),
  idNumberHash: keyedHash(lookupKey, `users:idNumber:${idNumber}`),
})

/** 个人中心's counters: the caller's orders (as buyer) and listings (as seller) by status. */
export async function loadCenter({ database }: Pick<Deps, 'database'>, userId: number) {
  const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]))
  const [mine, listed] = await Promise.all([
    database.db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.buyerId, userId), eq(orders.kind, 'sale')))
      .groupBy(orders.status),
    database.db
      .select({ status: goods.status, n: count() })
      .from(goods)
      .where(eq(goods.sellerId, userId))
      .groupBy(goods.status),
  ])
  return { orders: byStatus(mine), listings: byStatus(listed) }
}

export async function loadProfile({ database, vault }: Pick<Deps, 'database' | 'vault'>, userId: number) {
  const [[user], [deletion]] = await Promise.all([
    database.db.select().from(users).where(eq(users.id, userId)),
    database.db
      .select({ eraseAt: accountDeletions.eraseAt })
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'cooling_off'))),
  ])
  if (!user) throw new AppError(401, '登录状态已过期，请重新登录')
  return {
    userId: user.id,
    userName: user.username,
    nickName: user.nickName,
    avatar: user.avatar,
    phone: maskPhone(user.phone),
    email: user.email,
    sex: user.sex,
    qq: user.qq,
    weixin: user.weixin,
    roles: user.roles,
    hasPassword: user.passwordHash !== null,
    realNameStatus: user.realNameStatus,
    realName: maskName(user.realName),
    idNumber: user.idNumberSealed ? maskIdNumber(vault.open(user.idNumberSealed, idNumberAad(user.id))) : '',
    deletionEraseAt: deletion?.eraseAt.toISOString() ?? null,
  }
}

export type ProfilePatch = Partial<{
  nickName: string
  avatar: string
  email: string
  sex: '0' | '1' | '2'
  qq: string
  weixin: string
}>

export async function updateProfile(deps: Deps, userId: number, patch: ProfilePatch) {
  if (Object.keys(patch).length > 0) {
    const nickName = patch.nickName?.trim()
    if (nickName !== undefined) checkField('nickName', checkNickName(nickName))
    await deps.database.db
      .update(users)
      .set({ ...patch, ...(nickName === undefined ? {} : { nickName }) })
      .where(eq(users.id, userId))
  }
  return loadProfile(deps, userId)
}

export async function verifyRealName(deps: Deps, userId: number, body: { realName: string; idNumber: string }) {
  const realName = body.realName.trim()
  const idNumber = body.idNumber.trim().toUpperCase()
  checkField('realName', checkRealName(realName))
  checkField('idNumber', checkIdNumber(idNumber))
  await consume(deps.kv, [
    { key: `rl:realname:${userId}`, max: 5, windowSeconds: 86_400, message: '今日实名认证次数已用完，请明天再试' },
  ])
  if (!(await deps.idVerifier.verify(realName, idNumber))) invalid('realName', '姓名与身份证号不一致')
  const kept = sealedIdNumber(deps, userId, idNumber)
  await deps.database.db.transaction(async (tx) => {
    // One verification of an ID number at a time, so two accounts cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${kept.idNumberHash}, 0))`)
    const [verified] = await tx.select({ count: count() }).from(users).where(eq(users.idNumberHash, kept.idNumberHash))
    if (verified.count >= ACCOUNTS_PER_ID_NUMBER) {
      invalid('idNumber', `该身份证号已认证 ${ACCOUNTS_PER_ID_NUMBER} 个账号，不能再认证新的账号`)
    }
    const [updated] = await tx
      .update(users)
      .set({ realNameStatus: 'verified', realName, ...kept })
      .where(and(eq(users.id, userId), eq(users.realNameStatus, 'none')))
      .returning({ id: users.id })
    if (!updated) throw new AppError(409, '已完成实名认证，无需重复提交')
  })
  return { realNameStatus: 'verified' as const, realName: maskName(realName), idNumber: maskIdNumber(idNumber) }
}
