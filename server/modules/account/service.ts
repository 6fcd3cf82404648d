/**
 * 注销账号 (PIPL): asking starts a cooling-off period — refused, with the reasons, while anything of the user's is
 * still open — and signs the account out everywhere; signing in during it asks whether to cancel. When it
 * falls due the sweeper erases the account: personal data are deleted or blanked, the user row keeps its id and
 * nothing else, so orders, the ledger, the deal rooms and the audit log keep only a pseudonymous id.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { AccountDeletion, AccountDeletionState, DeletionBlocker } from '../../../src/contract/account'
import { OPEN_CLAIM_STATUSES } from '../../../src/contract/claims'
import { COOLING_OFF_DAYS, DAY_MS } from '../../../src/contract/constants'
import { maskPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import {
  accountDeletions,
  aftersaleCases,
  appraisals,
  browses,
  claims,
  credentialReveals,
  dealRoomReads,
  escrowTickets,
  favourites,
  goods,
  goodsCredentials,
  idempotencyKeys,
  merchantApplications,
  messages,
  orders,
  payerIdentities,
  problems,
  recycleQuotes,
  recycleRequests,
  rentals,
  savedSearches,
  sessions,
  users,
} from '../../db/schema'
import { revokeSessions } from '../../lib/auth'
import { AppError } from '../../lib/envelope'
import { tradeSettings } from '../../lib/settings'
import { sweepDue, type SweepDeps } from '../../lib/sweep'
import { notifyUsers } from '../messages/service'
import { accountDeletionMachine, type AccountDeletionRow } from './machine'

/** The erased account's name: no one can register it (names are letters, digits and underscores). */
export const erasedUsername = (userId: number) => `已注销_${userId}`
export const ERASED_NICKNAME = '已注销用户'

/** Orders, rentals and after-sale cases not over yet: each counted once from each side the user may be on. */
const openOrder = sql`${orders.status} in ('pending_payment', 'paid', 'handed_over', 'disputed')`
const openRental = sql`${rentals.status} in ('pending_payment', 'active', 'returned', 'disputed')`
const openCase = sql`${aftersaleCases.status} <> 'decided'`

/** Each thing that stops a deletion: how to count it, and how to say it. */
const BLOCKERS: { kind: DeletionBlocker['kind']; text: (n: number) => string; count: (userId: number) => SQL }[] = [
  {
    kind: 'purchase',
    text: (n) => `${n} 笔进行中的买单`,
    count: (u) => sql`select count(*) from ${orders} where ${orders.buyerId} = ${u} and ${openOrder}`,
  },
  {
    kind: 'sale',
    text: (n) => `${n} 笔交易中的卖单`,
    count: (u) => sql`select count(*) from ${orders} where ${orders.sellerId} = ${u} and ${openOrder}`,
  },
  {
    kind: 'payout',
    text: (n) => `${n} 笔尚未结算给你的货款`,
    count: (u) =>
      sql`select count(*) from ${orders} where ${orders.sellerId} = ${u} and ${orders.status} = 'completed' and ${orders.releasedAt} is null`,
  },
  {
    kind: 'listing',
    text: (n) => `${n} 件待审核、在售或交易中的商品（请先下架）`,
    count: (u) =>
      sql`select count(*) from ${goods} where ${goods.sellerId} = ${u} and ${goods.status} in ('pending_review', 'on_sale', 'in_trade', 'rented')`,
  },
  {
    kind: 'rental',
    text: (n) => `${n} 笔未结束的租号`,
    count: (u) => sql`select count(*) from ${rentals} where ${rentals.renterId} = ${u} and ${openRental}`,
  },
  {
    kind: 'lease',
    text: (n) => `${n} 笔未结束的出租`,
    count: (u) => sql`select count(*) from ${rentals} where ${rentals.ownerId} = ${u} and ${openRental}`,
  },
  {
    kind: 'claim',
    text: (n) => `${n} 个处理中的包赔申请`,
    count: (u) =>
      sql`select count(*) from ${claims} where ${claims.buyerId} = ${u} and ${inArray(claims.status, [...OPEN_CLAIM_STATUSES])}`,
  },
  {
    kind: 'aftersale',
    text: (n) => `${n} 个处理中的售后申请`,
    count: (u) => sql`select count(*) from ${aftersaleCases} where ${aftersaleCases.buyerId} = ${u} and ${openCase}`,
  },
  {
    kind: 'complaint',
    text: (n) => `${n} 个买家对你的售后申请`,
    count: (u) => sql`select count(*) from ${aftersaleCases} where ${aftersaleCases.sellerId} = ${u} and ${openCase}`,
  },
  {
    kind: 'escrow',
    text: (n) => `${n} 个未结束的担保单`,
    count: (u) =>
      sql`select count(*) from ${escrowTickets} where (${escrowTickets.buyerId} = ${u} or ${escrowTickets.sellerId} = ${u}) and ${escrowTickets.status} not in ('completed', 'closed')`,
  },
  {
    kind: 'recycling',
    text: (n) => `${n} 个进行中的竞价回收`,
    count: (u) =>
      sql`select count(*) from ${recycleRequests} where ${recycleRequests.sellerId} = ${u} and ${recycleRequests.status} in ('quoting', 'choosing', 'accepted')`,
  },
  {
    kind: 'quote',
    text: (n) => `${n} 个未结束的回收报价`,
    count: (u) =>
      sql`select count(*) from ${recycleQuotes} join ${recycleRequests} on ${recycleRequests.id} = ${recycleQuotes.requestId} where ${recycleQuotes.merchantId} = ${u} and ${recycleQuotes.status} in ('submitted', 'won') and ${recycleRequests.status} in ('quoting', 'choosing', 'accepted')`,
  },
  {
    kind: 'merchant',
    text: () => '号商申请正在审核',
    count: (u) =>
      sql`select count(*) from ${merchantApplications} where ${merchantApplications.userId} = ${u} and ${merchantApplications.status} = 'pending'`,
  },
]

/**
 * What still ties the user to the marketplace, by kind; empty when the account may go. One statement, so it may
 * run inside a transaction (whose one connection takes a statement at a time).
 */
export async function blockersOf(db: Executor, userId: number): Promise<DeletionBlocker[]> {
  const columns = BLOCKERS.map((blocker, i) => sql`(${blocker.count(userId)}) as ${sql.identifier(`c${i}`)}`)
  const { rows } = await db.execute<Record<string, string>>(sql`select ${sql.join(columns, sql`, `)}`)
  return BLOCKERS.flatMap((blocker, i) => {
    const count = Number(rows[0][`c${i}`])
    return count > 0 ? [{ kind: blocker.kind, count, text: blocker.text(count) }] : []
  })
}

const view = (row: AccountDeletionRow): AccountDeletion => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  eraseAt: row.eraseAt.toISOString(),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
})

async function pending(db: Executor, userId: number): Promise<AccountDeletionRow | undefined> {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'cooling_off')))
  return row
}

/** GET /need/account/deletion. */
export async function deletionState(db: Executor, userId: number): Promise<AccountDeletionState> {
  const [row, blockers] = await Promise.all([pending(db, userId), blockersOf(db, userId)])
  if (row) return { deletion: view(row), blockers, actions: accountDeletionMachine.actionsFor(row, ['user']) }
  return { deletion: null, blockers, actions: blockers.length === 0 ? ['request'] : [] }
}

/** Staff accounts are closed by an admin in the console, never by themselves. */
async function lockUser(tx: Executor, userId: number) {
  const [user] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).for('update')
  if (!user) throw new AppError(404, '账号不存在')
  return user
}

/**
 * POST /need/account/deletion: under the user's row lock (a second request waits and finds the first), refused
 * while anything is open; every session ends, this one too.
 */
export async function requestDeletion(db: Executor, userId: number, now = new Date()): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    if (user.roles.some((role) => role !== 'user' && role !== 'merchant'))
      throw new AppError(403, '员工账号不能自助注销，请联系管理员')
    if (await pending(tx, userId)) throw new AppError(409, '已申请注销，正在冷静期中')
    const blockers = await blockersOf(tx, userId)
    if (blockers.length > 0)
      throw new AppError(409, `以下事项结束后才能注销：${blockers.map((b) => b.text).join('、')}`, { blockers })
    const row = await accountDeletionMachine.create(
      tx,
      'request',
      { kind: 'user', userId },
      { userId, requestedAt: now, eraseAt: new Date(now.getTime() + COOLING_OFF_DAYS * DAY_MS) },
    )
    await revokeSessions(tx, userId)
    return view(row)
  })
}

/** DELETE /need/account/deletion: the account stays as it was. */
export async function cancelDeletion(db: Executor, userId: number, now = new Date()): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const row = await pending(tx, userId)
    if (!row) throw new AppError(409, '没有待生效的注销申请')
    const cancelled = await accountDeletionMachine.transition(
      tx,
      row.id,
      'cancel',
      { kind: 'user', userId },
      { cancelledAt: now },
    )
    if (!cancelled) throw new AppError(409, '注销已生效，无法撤销')
    return view(cancelled)
  })
}

/**
 * Deletes what is only the user's (sessions, favourites, history, searches, messages, feedback, appraisals),
 * blanks what is personal in what others share (the profile, contacts on listings, payout and claim payees,
 * addresses in the credentials' reveal log, a merchant application, a ticket's phone), and keeps the trade
 * records — orders, payments, the ledger, deal-room messages, reviews — under the bare id, as the law on
 * e-commerce requires them kept.
 */
export async function eraseAccount(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      username: erasedUsername(userId),
      phone: null,
      passwordHash: null,
      nickName: ERASED_NICKNAME,
      avatar: '',
      email: '',
      sex: '2',
      qq: '',
      weixin: '',
      roles: ['user'],
      realNameStatus: 'none',
      realName: '',
      idNumberSealed: null,
      idNumberHash: null,
      totpSealed: null,
      totpEnrolledAt: null,
      disabled: true,
      searchAlerts: false,
    })
    .where(eq(users.id, userId))
  for (const table of [
    sessions,
    favourites,
    browses,
    savedSearches,
    idempotencyKeys,
    payerIdentities,
    messages,
    dealRoomReads,
    problems,
  ])
    await tx.delete(table).where(eq(table.userId, userId))
  await tx.delete(appraisals).where(eq(appraisals.userId, userId))
  const listings = tx.select({ id: goods.id }).from(goods).where(eq(goods.sellerId, userId))
  // An account sold is the buyer's now: its credentials stay with the order; the rest go.
  await tx.delete(goodsCredentials).where(
    inArray(
      goodsCredentials.goodsId,
      tx
        .select({ id: goods.id })
        .from(goods)
        .where(and(eq(goods.sellerId, userId), ne(goods.status, 'sold'))),
    ),
  )
  await tx.update(goods).set({ payoutSealed: null, contact: {} }).where(inArray(goods.id, listings))
  await tx.update(claims).set({ payeeSealed: '' }).where(eq(claims.buyerId, userId))
  await tx.update(credentialReveals).set({ ip: '', userAgent: '' }).where(eq(credentialReveals.userId, userId))
  await tx
    .update(merchantApplications)
    .set({ name: ERASED_NICKNAME, phone: '', qq: '' })
    .where(eq(merchantApplications.userId, userId))
  // The phone a ticket named its other party by is theirs: kept masked, as the ticket shows it.
  const tickets = await tx
    .select({ id: escrowTickets.id, phone: escrowTickets.counterpartyPhone })
    .from(escrowTickets)
    .where(
      and(
        or(eq(escrowTickets.buyerId, userId), eq(escrowTickets.sellerId, userId)),
        sql`${escrowTickets.counterpartyPhone} is not null`,
      ),
    )
  for (const ticket of tickets)
    await tx
      .update(escrowTickets)
      .set({ counterpartyPhone: maskPhone(ticket.phone!) })
      .where(eq(escrowTickets.id, ticket.id))
}

/**
 * The sweeper's step: each deletion past its date is erased — or cancelled, with a message saying why, when
 * the account was used meanwhile (signed in without cancelling, then bought or listed something).
 */
export async function runDeletionSweep(deps: SweepDeps, now = new Date()): Promise<{ erased: number; kept: number }> {
  const done = { erased: 0, kept: 0 }
  await sweepDue(
    deps,
    accountDeletions,
    accountDeletionMachine.due('erase', now, await tradeSettings(deps.db))!,
    accountDeletions.eraseAt,
    async (tx, id) => {
      const [row] = await tx.select().from(accountDeletions).where(eq(accountDeletions.id, id))
      await lockUser(tx, row.userId)
      const blockers = await blockersOf(tx, row.userId)
      if (blockers.length > 0) {
        const cancelled = await accountDeletionMachine.transition(
          tx,
          id,
          'cancel',
          { kind: 'system', detail: { blockers: blockers.map((b) => b.kind) } },
          { cancelledAt: now },
        )
        await notifyUsers(tx, [
          {
            userId: row.userId,
            type: 'system',
            title: '注销未生效',
            content: `你的账号注销未能生效：${blockers.map((b) => b.text).join('、')}。处理完毕后可重新申请注销。`,
          },
        ])
        done.kept += 1
        return cancelled
      }
      const erased = await accountDeletionMachine.transition(tx, id, 'erase', { kind: 'system' }, { erasedAt: now })
      if (erased) {
        await eraseAccount(tx, row.userId)
        done.erased += 1
      }
      return erased
    },
  )
  return done
}
