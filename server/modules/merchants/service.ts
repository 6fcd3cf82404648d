/**
 * Merchants (号商): a user applies on shanghu (one pending application at a time), staff approve — the user
 * gets the `merchant` role and a message — or reject with a reason the user reads, and may apply again.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MERCHANT_APPLICATION_LIMITS } from '../../../src/contract/constants'
import type {
  AdminMerchantApplication,
  AdminMerchantApplicationsQuery,
  MerchantApplication,
  MerchantApplicationRequest,
  MerchantStanding,
} from '../../../src/contract/merchants'
import { maskPhone } from '../../../src/contract/validation'
import { isUniqueViolation, type Executor } from '../../db'
import { games, merchantApplications, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, boundedText, invalid } from '../../lib/envelope'
import { orderByOf } from '../../lib/sorting'
import { notifyUsers } from '../messages/service'
import { applicationMachine, type ApplicationRow } from './machine'

const APPLICATION_NOT_FOUND = '申请不存在'
const ONE_PENDING_MSG = '你已有一份申请在审核中，请耐心等待'

const isMerchant = (roles: readonly string[]) => roles.includes('merchant')

/** The names of these games, in the order given (a game renamed later shows its new name). */
async function gameNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: games.id, name: games.name })
    .from(games)
    .where(inArray(games.id, [...ids]))
  return new Map(rows.map((row) => [row.id, row.name]))
}

function toApplication(row: ApplicationRow, names: Map<number, string>): MerchantApplication {
  return {
    id: row.id,
    name: row.name,
    phone: maskPhone(row.phone),
    qq: row.qq,
    business: row.business,
    games: row.gameIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    status: row.status,
    reason: row.reason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** POST /merchant/apply. */
export async function apply(db: Executor, userId: number, request: MerchantApplicationRequest) {
  const name = boundedText('name', request.name, '称呼或公司名', MERCHANT_APPLICATION_LIMITS.name)
  const business = boundedText('business', request.business, '合作内容', MERCHANT_APPLICATION_LIMITS.business)
  const names = await gameNames(db, request.gameIds)
  const unknown = request.gameIds.filter((id) => !names.has(id))
  if (unknown.length > 0) invalid('gameIds', `游戏不存在：${unknown.join('、')}`)
  try {
    return await db.transaction(async (tx) => {
      // The user's row orders an application against the approval of an earlier one.
      const [user] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).for('update')
      if (isMerchant(user.roles)) throw new AppError(409, '你已是认证号商，无需再次申请')
      const row = await applicationMachine.create(
        tx,
        'apply',
        { kind: 'applicant', userId },
        { userId, name, phone: request.phone, qq: request.qq ?? '', business, gameIds: request.gameIds },
      )
      return toApplication(row, names)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'merchant_applications_one_pending_key')) throw new AppError(409, ONE_PENDING_MSG)
    throw error
  }
}

/** GET /merchant/application: whether the user is a merchant, and their latest application. */
export async function standing(db: Executor, userId: number): Promise<MerchantStanding> {
  const [[user], [row]] = await Promise.all([
    db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)),
    db
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.userId, userId))
      .orderBy(sql`${merchantApplications.id} desc`)
      .limit(1),
  ])
  return {
    merchant: isMerchant(user.roles),
    application: row ? toApplication(row, await gameNames(db, row.gameIds)) : null,
  }
}

// ---------------------------------------------------------------- the console

const decider = alias(users, 'decider')

async function adminRows(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: { pageNum: number; pageSize: number },
): Promise<AdminMerchantApplication[]> {
  const rows = await db
    .select({
      application: merchantApplications,
      userName: users.username,
      decidedBy: decider.username,
      earlierRejections: sql<number>`(
        select count(*)::int from ${merchantApplications} as earlier
        where earlier.user_id = ${merchantApplications.userId} and earlier.status = 'rejected'
          and earlier.id < ${merchantApplications.id})`,
    })
    .from(merchantApplications)
    .innerJoin(users, eq(users.id, merchantApplications.userId))
    .leftJoin(decider, eq(decider.id, merchantApplications.decidedBy))
    .where(where)
    .orderBy(...orderBy)
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
  const names = await gameNames(db, [...new Set(rows.flatMap((row) => row.application.gameIds))])
  return rows.map(({ application, userName, decidedBy, earlierRejections }) => ({
    ...toApplication(application, names),
    userId: application.userId,
    userName,
    earlierRejections,
    decidedBy,
    actions: applicationMachine.actionsFor(application, ['operator']),
  }))
}

/** GET /api/admin/merchant-applications: by state, the longest waiting first unless sorted otherwise. */
export async function adminApplicationPage(
  db: Executor,
  query: AdminMerchantApplicationsQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminMerchantApplication[]; total: number }> {
  const where = query.status ? eq(merchantApplications.status, query.status) : undefined
  const orderBy = orderByOf(query.sort, { createdAt: merchantApplications.createdAt }, merchantApplications.id, [
    sql`${merchantApplications.createdAt} asc`,
    sql`${merchantApplications.id} asc`,
  ])
  const [rows, [{ total }]] = await Promise.all([
    adminRows(db, where, orderBy, query),
    db.select({ total: count() }).from(merchantApplications).where(where),
  ])
  return { rows, total }
}

/** GET /api/admin/merchant-applications/{id}. */
export async function adminApplication(db: Executor, id: number): Promise<AdminMerchantApplication> {
  const [row] = await adminRows(db, eq(merchantApplications.id, id), [], { pageNum: 1, pageSize: 1 })
  if (!row) throw new AppError(404, APPLICATION_NOT_FOUND)
  return row
}

/** Takes `event` on a pending application, or says why it cannot be taken. */
async function decide(
  tx: Executor,
  staff: Staff,
  id: number,
  event: 'approve' | 'reject',
  reason = '',
): Promise<ApplicationRow> {
  const row = await applicationMachine.transition(
    tx,
    id,
    event,
    { kind: 'operator', userId: staff.userId, ...(reason ? { detail: { reason } } : {}) },
    { reason, decidedBy: staff.userId, decidedAt: new Date() },
  )
  if (row) return row
  const [exists] = await tx
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(eq(merchantApplications.id, id))
  throw exists ? new AppError(409, '该申请已处理，请刷新') : new AppError(404, APPLICATION_NOT_FOUND)
}

/** POST /api/admin/merchant-applications/{id}/approve: the applicant becomes a merchant. */
export async function approveApplication(db: Executor, staff: Staff, id: number): Promise<AdminMerchantApplication> {
  await db.transaction(async (tx) => {
    const row = await decide(tx, staff, id, 'approve')
    await tx
      .update(users)
      .set({ roles: sql`array_append(${users.roles}, 'merchant')` })
      .where(and(eq(users.id, row.userId), sql`not ('merchant' = any(${users.roles}))`))
    await audit(tx, staff, 'merchant.approve', { type: 'merchant_application', id }, { userId: row.userId })
    await notifyUsers(tx, [
      {
        userId: row.userId,
        type: 'system',
        title: '号商入驻申请已通过',
        content: '你已成为认证号商，可在「我的」进入回收大厅参与竞价回收。',
        relatedType: null,
        relatedId: null,
      },
    ])
  })
  return adminApplication(db, id)
}

/** POST /api/admin/merchant-applications/{id}/reject {reason}. */
export async function rejectApplication(
  db: Executor,
  staff: Staff,
  id: number,
  reasonText: string,
): Promise<AdminMerchantApplication> {
  const reason = boundedText('reason', reasonText, '未通过原因', { min: 2, max: 200 })
  await db.transaction(async (tx) => {
    const row = await decide(tx, staff, id, 'reject', reason)
    await audit(tx, staff, 'merchant.reject', { type: 'merchant_application', id }, { userId: row.userId, reason })
    await notifyUsers(tx, [
      {
        userId: row.userId,
        type: 'system',
        title: '号商入驻申请未通过',
        content: `原因：${reason}。你可以修改后在「商务合作」重新提交申请。`,
        relatedType: null,
        relatedId: null,
      },
    ])
  })
  return adminApplication(db, id)
}
