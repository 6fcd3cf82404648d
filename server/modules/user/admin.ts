/**
 * People at the console (用户): found by name, phone or number; one person's record (real name masked, what
 * they bought and sold, live sessions); disabled and enabled with a reason (a disabled account's sessions stop
 * at once — every request checks it); and, for admins, the staff roles they hold. Every change is audited.
 */
import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { STAFF_ROLES, type StaffRole } from '../../../src/contract/staff'
import type { AdminUser, AdminUserDetail, AdminUsersQuery } from '../../../src/contract/user'
import { maskName, maskPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { accountDeletions, goods, orders, sessions, users, type Role } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError } from '../../lib/envelope'
import { containing } from '../../lib/like'
import { orderByOf } from '../../lib/sorting'

const USER_NOT_FOUND = '用户不存在'

const listColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  phone: users.phone,
  roles: users.roles,
  realNameStatus: users.realNameStatus,
  disabled: users.disabled,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
}

type ListRow = Pick<typeof users.$inferSelect, keyof typeof listColumns>
type Deletion = AdminUser['deletion']

const toAdminUser = (row: ListRow, deletion: Deletion): AdminUser => ({
  ...row,
  phone: maskPhone(row.phone),
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  deletion,
})

/**
 * Each person's deletion in its cooling-off period, or the one that erased the account (a person has at most one
 * of each, and never both), by user id; a person without is not in the map.
 */
async function deletionsOf(db: Executor, ids: number[]): Promise<Map<number, NonNullable<Deletion>>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      userId: accountDeletions.userId,
      status: accountDeletions.status,
      eraseAt: accountDeletions.eraseAt,
      erasedAt: accountDeletions.erasedAt,
    })
    .from(accountDeletions)
    .where(and(inArray(accountDeletions.userId, ids), inArray(accountDeletions.status, ['cooling_off', 'erased'])))
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        status: row.status === 'erased' ? 'erased' : 'cooling_off',
        at: (row.erasedAt ?? row.eraseAt).toISOString(),
      },
    ]),
  )
}

/** A keyword is a phone (exact), a number (exact) or part of a name. */
function keywordFilter(keyword: string): SQL {
  const word = keyword.trim()
  if (/^1\d{10}$/.test(word)) return eq(users.phone, word)
  const byName = sql`(${users.username} ilike ${containing(word)} or ${users.nickName} ilike ${containing(word)})`
  return /^\d{1,9}$/.test(word) ? sql`(${users.id} = ${Number(word)} or ${byName})` : byName
}

export async function listUsers(
  db: Executor,
  query: AdminUsersQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminUser[]; total: number }> {
  const where = and(
    query.keyword?.trim() ? keywordFilter(query.keyword) : undefined,
    query.role ? sql`${query.role} = any(${users.roles})` : undefined,
    query.disabled === undefined ? undefined : eq(users.disabled, query.disabled),
  )
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(
        ...orderByOf(query.sort, { createdAt: users.createdAt, lastLoginAt: users.lastLoginAt }, users.id, [
          desc(users.id),
        ]),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ])
  const deletions = await deletionsOf(
    db,
    rows.map((row) => row.id),
  )
  return { rows: rows.map((row) => toAdminUser(row, deletions.get(row.id) ?? null)), total }
}

export async function userDetail(db: Executor, id: number): Promise<AdminUserDetail> {
  const [row] = await db
    .select({ ...listColumns, realName: users.realName })
    .from(users)
    .where(eq(users.id, id))
  if (!row) throw new AppError(404, USER_NOT_FOUND)
  const [[bought], [listed], live, deletions] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.buyerId, id)),
    db
      .select({
        n: count(),
        sold: sql<number>`count(*) filter (where ${goods.status} = 'sold')`.mapWith(Number),
      })
      .from(goods)
      .where(eq(goods.sellerId, id)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(sessions.lastSeenAt)),
    deletionsOf(db, [id]),
  ])
  const { realName, ...person } = row
  return {
    ...toAdminUser(person, deletions.get(id) ?? null),
    realName: row.realNameStatus === 'verified' ? maskName(realName) : '',
    orders: bought.n,
    listings: listed.n,
    sold: listed.sold,
    sessions: live.map((s) => ({
      id: s.id,
      staff: s.staff,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
  }
}

/** The person, locked for a change; an erased account stays as erasure left it. */
async function lockedPerson(tx: Executor, id: number): Promise<{ roles: Role[] }> {
  const [person] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, id)).for('update')
  if (!person) throw new AppError(404, USER_NOT_FOUND)
  if ((await deletionsOf(tx, [id])).get(id)?.status === 'erased')
    throw new AppError(409, '该账号已注销，不能再启用或设置角色')
  return person
}

const isStaff = (roles: Role[]) => roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role))

/** Disable or enable an account, with the reason; staff accounts are an admin's to change, never one's own. */
export async function setDisabled(
  db: Executor,
  staff: Staff & { roles: Role[] },
  id: number,
  disabled: boolean,
  reason: string,
): Promise<AdminUserDetail> {
  const why = reason.trim()
  if (!why) throw new AppError(400, '请填写原因')
  if (id === staff.userId) throw new AppError(400, '不能停用或启用自己的账号')
  await db.transaction(async (tx) => {
    const person = await lockedPerson(tx, id)
    if (isStaff(person.roles) && !staff.roles.includes('admin'))
      throw new AppError(403, '员工账号只能由管理员停用或启用')
    const [changed] = await tx
      .update(users)
      .set({ disabled })
      .where(and(eq(users.id, id), eq(users.disabled, !disabled)))
      .returning({ id: users.id })
    if (!changed) throw new AppError(409, disabled ? '该账号已是停用状态' : '该账号没有被停用')
    await audit(tx, staff, disabled ? 'user.disable' : 'user.enable', { type: 'user', id }, { reason: why })
  })
  return userDetail(db, id)
}

/** The staff roles a person holds from now on (admins only); their other roles stay. */
export async function setStaffRoles(
  db: Executor,
  staff: Staff,
  id: number,
  roles: StaffRole[],
): Promise<AdminUserDetail> {
  if (id === staff.userId && !roles.includes('admin')) throw new AppError(400, '不能移除自己的管理员角色')
  await db.transaction(async (tx) => {
    const person = await lockedPerson(tx, id)
    const before = person.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role))
    const after = STAFF_ROLES.filter((role) => roles.includes(role))
    const kept = person.roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role))
    await tx
      .update(users)
      .set({ roles: [...kept, ...after] })
      .where(eq(users.id, id))
    // Without a staff role, a console session has nothing left to open.
    if (after.length === 0)
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, id), eq(sessions.staff, true), isNull(sessions.revokedAt)))
    await audit(tx, staff, 'user.roles', { type: 'user', id }, { before, after })
  })
  return userDetail(db, id)
}
