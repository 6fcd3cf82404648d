/**
 * Paying sellers. When a consigned order has completed and the protection window has passed, the sweeper
 * makes its payout and sends it by Alipay transfer to the account the seller gave with the listing. The
 * ledger moves the seller's frozen money — `release` of the net amount to the seller, `fee` of the commission
 * to the platform — only when the transfer succeeds. A payout is sent
 * under a row lock, and the same attempt always carries the same `out_biz_no`, so a sweep that dies in
 * the middle and runs again can never pay twice; a refused one waits for an operator's retry.
 */
import { and, asc, count, desc, eq, inArray, isNull, lte, ne, notExists, sql, type SQL } from 'drizzle-orm'
import { isOpenClaim, OPEN_CLAIM_STATUSES, type ClaimStatus } from '../../../src/contract/claims'
import { formatPrice } from '../../../src/contract/money'
import type { AdminPayoutsQuery, Payout, Settlement } from '../../../src/contract/payments'
import type { Executor } from '../../db'
import { claims, goods, orders, payouts, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError } from '../../lib/envelope'
import { orderByOf } from '../../lib/sorting'
import { sweepEach } from '../../lib/sweep'
import type { ActorRef } from '../../lib/machine'
import type { Vault } from '../../lib/vault'
import { openPayout } from '../catalogue/credentials'
import { account, post } from '../ledger/ledger'
import { notifyUsers } from '../messages/service'
import { payoutMachine, type PayoutRow } from './machine'
import type { PaymentDeps } from './service'

export interface PayoutDeps extends PaymentDeps {
  vault: Vault
}

const BATCH = 50

/** A 包赔 claim on the order is being decided: its seller is not paid until it is (claims/service.ts). */
const standingClaim = (orderId: typeof orders.id | number) =>
  and(eq(claims.orderId, orderId), inArray(claims.status, [...OPEN_CLAIM_STATUSES]))

export const outBizNo = (payout: Pick<PayoutRow, 'id' | 'attempt'>) => `PO${payout.id}-${payout.attempt}`

/**
 * Payouts as staff see them: with the order's number, the seller's name, the order's claim (one not turned down
 * at a time, claims_one_per_order) and what may be done now — no retry while that claim is decided.
 */
async function payoutRows(db: Executor, where: SQL | undefined, query: Partial<AdminPayoutsQuery> = {}) {
  const { pageNum = 1, pageSize = 20 } = query
  const found = await db
    .select({
      payout: payouts,
      orderNo: orders.no,
      sellerName: users.nickName,
      claim: { id: claims.id, status: claims.status, withheldAmount: claims.withheldAmount },
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .leftJoin(claims, and(eq(claims.orderId, payouts.orderId), ne(claims.status, 'rejected')))
    .where(where)
    .orderBy(
      ...orderByOf(query.sort, { createdAt: payouts.createdAt, amount: payouts.amount }, payouts.id, [
        desc(payouts.id),
      ]),
    )
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
  return found.map(({ payout, orderNo, sellerName, claim }): Payout => ({
    id: payout.id,
    orderId: payout.orderId,
    orderNo,
    sellerId: payout.sellerId,
    sellerName,
    amount: payout.amount,
    status: payout.status,
    attempt: payout.attempt,
    transferNo: payout.transferNo,
    reason: payout.reason,
    paidAt: payout.paidAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
    claim,
    actions: payoutMachine.can('retry', payout, 'operator') && !(claim && isOpenClaim(claim.status)) ? ['retry'] : [],
  }))
}

/** GET /admin/payouts. */
export async function listPayouts(db: Executor, query: AdminPayoutsQuery) {
  const where = and(
    query.status ? eq(payouts.status, query.status) : undefined,
    query.sellerId ? eq(payouts.sellerId, query.sellerId) : undefined,
    query.orderNo ? eq(orders.no, query.orderNo.trim()) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    payoutRows(db, where, query),
    db.select({ total: count() }).from(payouts).innerJoin(orders, eq(orders.id, payouts.orderId)).where(where),
  ])
  return { rows, total }
}

/**
 * Makes the payout of every consigned order whose protection window has passed (one each, ever): the goods
 * amount less the commission, what an after-sale case refunded to the buyer and what a paid claim withheld. A
 * disputed order is not `completed`, so it is never paid while its case is open; nor is one whose claim stands.
 */
export async function schedulePayouts(deps: PayoutDeps, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: orders.id,
        sellerId: orders.sellerId,
        goodsId: orders.goodsId,
        amount: sql<number>`${orders.goodsAmount} - ${orders.commissionAmount} - ${orders.refundAmount}
          - coalesce(${claims.withheldAmount}, 0)`,
      })
      .from(orders)
      .leftJoin(claims, and(eq(claims.orderId, orders.id), eq(claims.status, 'paid')))
      .where(
        and(
          eq(orders.status, 'completed'),
          isNull(orders.releasedAt),
          sql`${orders.sellerId} is not null`,
          lte(orders.protectedUntil, now),
          notExists(tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.orderId, orders.id))),
          notExists(tx.select({ id: claims.id }).from(claims).where(standingClaim(orders.id))),
        ),
      )
      .orderBy(asc(orders.protectedUntil))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true })
    for (const order of found) {
      await payoutMachine.create(
        tx,
        'create',
        { kind: 'system' },
        {
          orderId: order.id,
          sellerId: order.sellerId!,
          goodsId: order.goodsId,
          amount: Number(order.amount),
        },
      )
    }
    return found.length
  })
}

/**
 * A seller's money for one completed order: due after the protection window (held while a claim is decided, less
 * what a paid claim withheld — nothing at all once that took it all), then paid (or refused: the seller may then
 * give another account, unless a claim holds the money).
 */
export function settlementOf(
  order: {
    status: (typeof orders.$inferSelect)['status']
    protectedUntil: Date | null
    goodsAmount: number
    commission: number
    refunded: number
    releasedAt: Date | null
  } | null,
  payout: PayoutRow | null,
  claim: { status: ClaimStatus; withheldAmount: number } | null,
): Settlement | null {
  if (order?.status !== 'completed' || !order.protectedUntil) return null
  const dueAt = order.protectedUntil.toISOString()
  const standing = claim !== null && isOpenClaim(claim.status)
  // A payout cancelled when a claim took all the seller's money settled the sale like one never made.
  if (!payout || payout.status === 'cancelled') {
    if (order.releasedAt) return null
    const due = order.goodsAmount - order.commission - order.refunded
    if (standing) return { status: 'held', amount: due, dueAt, actions: [] }
    return { status: 'pending', amount: due - (claim?.withheldAmount ?? 0), dueAt, actions: [] }
  }
  // A refused payout waits for the claim filed since; the gateway's reason no longer says why.
  if (payout.status === 'failed' && standing) return { status: 'held', amount: payout.amount, dueAt, actions: [] }
  return {
    status: payout.status,
    amount: payout.amount,
    dueAt,
    ...(payout.paidAt ? { paidAt: payout.paidAt.toISOString() } : {}),
    ...(payout.transferNo ? { transferNo: payout.transferNo } : {}),
    ...(payout.reason ? { reason: payout.reason } : {}),
    actions: payoutMachine.actionsFor(payout, ['seller']),
  }
}

type Sent = 'paid' | 'failed' | 'unknown' | 'busy'

/**
 * Sends one pending payout: its current attempt, to the payout account sealed with the listing. Paid →
 * the ledger's `release` and `fee` and the seller's message; refused → failed with the gateway's words; no answer →
 * still pending, sent again (the same attempt, so the same transfer) by the next sweep. The sweeper passes over a
 * payout someone holds; staff's retry waits for it (a racing retry holds it for a moment), so it is sent at once.
 */
export async function sendPayout(deps: PayoutDeps, payoutId: number, { wait = false } = {}): Promise<Sent> {
  return deps.db.transaction(async (tx): Promise<Sent> => {
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
      .for('update', wait ? undefined : { skipLocked: true })
    if (!payout) return 'busy'
    const [listing] = await tx
      .select({
        title: goods.title,
        sealed: goods.payoutSealed,
        commission: orders.commissionAmount,
        rentalId: orders.rentalId,
      })
      .from(goods)
      .innerJoin(orders, eq(orders.id, payout.orderId))
      .where(eq(goods.id, payout.goodsId))
    if (!listing?.sealed) return fail(tx, payout, '卖家未设置收款账户', listing)
    const payee = openPayout(deps.vault, payout.goodsId, listing.sealed)
    const gateway = deps.payments.alipay
    if (!gateway?.transfer) return fail(tx, payout, '未配置支付宝转账')
    let result
    try {
      result = await gateway.transfer({
        outBizNo: outBizNo(payout),
        amount: payout.amount,
        payeeAccount: payee.alipayAccount,
        payeeName: payee.name,
        title: `号安心货款：${listing.title}`.slice(0, 50),
      })
    } catch (error) {
      deps.log.error({ err: error, payoutId }, 'payout transfer outcome unknown; the next sweep asks again')
      return 'unknown'
    }
    if (result.state === 'failed') return fail(tx, payout, result.reason, listing)
    const now = new Date()
    await payoutMachine.transition(
      tx,
      payout.id,
      'pay',
      { kind: 'system' },
      {
        transferNo: result.transferNo,
        paidAt: result.paidAt ?? now,
        reason: '',
        updatedAt: now,
      },
    )
    await post(tx, [
      {
        ref: `release:${payout.orderId}`,
        orderId: payout.orderId,
        kind: 'release',
        amount: payout.amount,
        from: account.sellerFrozen(payout.sellerId),
        to: account.seller(payout.sellerId),
      },
      {
        ref: `commission:${payout.orderId}`,
        orderId: payout.orderId,
        kind: 'fee',
        amount: listing.commission,
        from: account.sellerFrozen(payout.sellerId),
        to: account.fee,
      },
    ])
    await tx.update(orders).set({ releasedAt: now }).where(eq(orders.id, payout.orderId))
    const money = theirMoney(payout, listing)
    await notifyUsers(tx, [
      {
        userId: payout.sellerId,
        type: 'system',
        title: `${money.what}已打款`,
        content: `「${listing.title}」的${money.what} ${formatPrice(payout.amount)} 已转入您的支付宝账户，转账单号 ${result.transferNo}。`,
        ...money.related,
      },
    ])
    return 'paid'
  })
}

/**
 * What of the seller's money a payout is — a rental's rent or a sale's price — where their message about it opens,
 * and where they give another account for it.
 */
const theirMoney = (payout: PayoutRow, theirs: { rentalId: number | null }) =>
  theirs.rentalId
    ? { what: '租金', fixedIn: '租号详情', related: { relatedType: 'rental' as const, relatedId: theirs.rentalId } }
    : { what: '货款', fixedIn: '我的代售', related: { relatedType: 'listing' as const, relatedId: payout.goodsId } }

/**
 * The payout refused: failed with the reason. A refusal of the seller's account (not our own missing gateway) is
 * told to them, with the listing or the rental to open: there they give another account (consignment/service.ts).
 */
async function fail(
  tx: Executor,
  payout: PayoutRow,
  reason: string,
  theirs?: { title: string; rentalId: number | null },
): Promise<Sent> {
  await payoutMachine.transition(
    tx,
    payout.id,
    'fail',
    { kind: 'system', detail: { reason } },
    {
      reason,
      updatedAt: new Date(),
    },
  )
  if (!theirs) return 'failed'
  const money = theirMoney(payout, theirs)
  await notifyUsers(tx, [
    {
      userId: payout.sellerId,
      type: 'system',
      title: `${money.what}打款失败`,
      content: `「${theirs.title}」的${money.what} ${formatPrice(payout.amount)} 打款失败：${reason}。请在「${money.fixedIn}」中修改收款账户，修改后立即重新打款。`,
      ...money.related,
    },
  ])
  return 'failed'
}

/** Sends every pending payout once; answers how many were paid. */
export async function sendPendingPayouts(deps: PayoutDeps): Promise<number> {
  const pending = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.status, 'pending'))
    .orderBy(asc(payouts.createdAt))
    .limit(BATCH)
  return sweepEach(deps, 'payouts', pending, async ({ id }) => (await sendPayout(deps, id)) === 'paid')
}

const CLAIM_HOLDS = '该订单的包赔申请处理中，处理完成前不能打款'

const claimStands = async (tx: Executor, orderId: number) =>
  (await tx.select({ id: claims.id }).from(claims).where(standingClaim(orderId))).length > 0

/** The payout's next attempt (a new out_biz_no); the caller has it locked, refused and free of a claim. */
async function attemptAgain(tx: Executor, payout: PayoutRow, actor: ActorRef<'operator' | 'seller'>) {
  const moved = await payoutMachine.transition(tx, payout.id, 'retry', actor, {
    attempt: payout.attempt + 1,
    reason: '',
    updatedAt: new Date(),
  })
  if (!moved) throw new AppError(409, '只有打款失败的记录可以重试')
}

/**
 * The seller gave the listing another account: every payout of it the gateway refused (its sale's, its rentals')
 * gets its next attempt, but one a claim on its order holds (the claim may take from that money). Answers the
 * payouts to send after the commit; refused when none is left to send.
 */
export async function retryListing(tx: Executor, goodsId: number, actor: ActorRef<'seller'>): Promise<number[]> {
  const refused = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.goodsId, goodsId), eq(payouts.status, 'failed')))
    .orderBy(asc(payouts.id))
    .for('update')
  if (refused.length === 0) throw new AppError(409, '只有打款失败的货款可以修改收款账户')
  const sent: number[] = []
  for (const payout of refused) {
    if (await claimStands(tx, payout.orderId)) continue
    await attemptAgain(tx, payout, actor)
    sent.push(payout.id)
  }
  if (sent.length === 0) throw new AppError(409, CLAIM_HOLDS)
  return sent
}

/** POST /admin/payouts/{id}/retry: a failed payout gets a new attempt (a new out_biz_no) and is sent now. */
export async function retryPayout(deps: PayoutDeps, staff: Staff, id: number): Promise<Payout> {
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update')
    if (!payout) throw new AppError(404, '打款记录不存在')
    if (await claimStands(tx, payout.orderId)) throw new AppError(409, CLAIM_HOLDS)
    await attemptAgain(tx, payout, { kind: 'operator', userId: staff.userId })
    await audit(tx, staff, 'payout.retry', { type: 'payout', id })
  })
  await sendPayout(deps, id, { wait: true })
  const [row] = await payoutRows(deps.db, eq(payouts.id, id))
  return row
}
