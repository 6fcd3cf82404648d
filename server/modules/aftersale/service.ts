/**
 * 申请售后: the buyer's case, the seller's answer, the sweeper's escalation and staff's decision. A case moves
 * its order with it in one transaction — `dispute` freezes the seller's payout, the decision refunds through
 * the ledger and the gateway, concludes the order or returns it to where it was with its clock resumed.
 *
 * The money of a decision (ledger.ts has the journal):
 *   refund all,  order still in escrow      refund   escrow → buyer                   everything paid
 *   refund all,  order completed            refund   seller_frozen (自营 sales) → buyer  the goods amount
 *                                           refund   guarantee_fund, platform:fee → buyer  the buyer's fees
 *   refund part, order still in escrow      settle + fee as at completion, then the part below
 *   refund part                             refund   seller_frozen (自营 sales) → buyer  the part; the payout is less by it
 */
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm'
import type {
  AdminAftersaleQuery,
  AftersaleCase,
  AftersaleDecision,
  AftersaleReply,
  AftersaleRequest,
} from '../../../src/contract/aftersale'
import {
  AFTERSALE_HOURS,
  AFTERSALE_OUTCOME_LABELS,
  AFTERSALE_REASON_LABELS,
  DAY_MS,
} from '../../../src/contract/constants'
import { formatPrice } from '../../../src/contract/money'
import type { Executor } from '../../db'
import { aftersaleCases, claims, ledgerEntries, orders } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import type { Viewer } from '../../lib/auth'
import { AppError, invalid } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import { tradeSettings } from '../../lib/settings'
import { sweepDue, type SweepDeps } from '../../lib/sweep'
import { goodsMachine } from '../catalogue/machine'
import { account, post } from '../ledger/ledger'
import { notifyUsers } from '../messages/service'
import { ORDER_NOT_FOUND, postCompletion, sellerAccount } from '../orders/lifecycle'
import { orderMachine, type OrderRow } from '../orders/machine'
import { markRefund } from '../payments/machine'
import { settleRefunds, type PaymentDeps } from '../payments/service'
import { aftersaleMachine, type AftersaleRow } from './machine'

export interface AftersaleDeps extends PaymentDeps {
  dataDir: string
}

const HOUR_MS = 3_600_000
const CASE_NOT_FOUND = '售后单不存在'

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * HOUR_MS)

/** The most a partial refund may be: less than what the seller would be paid, so a payout remains. */
export const maxPartialRefund = (order: Pick<OrderRow, 'goodsAmount' | 'commissionAmount'>) =>
  Math.max(0, order.goodsAmount - order.commissionAmount - 1)

type CaseRole = AftersaleCase['role']

function toCase(row: AftersaleRow, order: OrderRow, role: CaseRole): AftersaleCase {
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    id: row.id,
    orderId: order.id,
    orderNo: order.no,
    title: order.goods.title,
    coverImage: order.goods.coverImage,
    paidAmount: order.paidAmount,
    maxPartialRefund: maxPartialRefund(order),
    ownStock: row.sellerId === null,
    reason: row.reason,
    description: row.description,
    images: row.images,
    status: row.status,
    sellerSilent: row.sellerSilent,
    reply: row.repliedAt
      ? { text: row.replyText ?? '', images: row.replyImages, at: row.repliedAt.toISOString() }
      : null,
    dueAt: iso(row.dueAt),
    outcome: row.outcome,
    refundAmount: row.refundAmount,
    decisionReason: row.decisionReason,
    decidedAt: iso(row.decidedAt),
    createdAt: row.createdAt.toISOString(),
    role,
    actions: aftersaleMachine.actionsFor(row, [
      role === 'staff' ? 'operator' : role === 'seller' && row.sellerId !== null ? 'seller' : 'buyer',
    ]),
  }
}

async function checkImages(dataDir: string, field: string, images: string[]) {
  for (const image of images)
    if (!(await isStoredImage(dataDir, image))) invalid(field, '图片必须是上传得到的地址，请重新上传')
}

/** Messages to the case's buyer and seller (自营: no seller) that open the case. */
function caseMessages(row: AftersaleRow, texts: Partial<Record<'buyer' | 'seller', [string, string]>>) {
  const to = { buyer: row.buyerId, seller: row.sellerId }
  return (Object.keys(texts) as ('buyer' | 'seller')[]).flatMap((who) => {
    const userId = to[who]
    const [title, content] = texts[who]!
    return userId === null
      ? []
      : [{ userId, type: 'system' as const, title, content, relatedType: 'aftersale' as const, relatedId: row.id }]
  })
}

/** Why a buyer's order cannot take a case now, in their words. */
function whyNotDisputable(order: OrderRow, now: Date): string {
  if (order.status === 'disputed') return '该订单已在售后处理中'
  if (order.status !== 'handed_over' && order.status !== 'completed') return '账号移交后才能申请售后'
  if (order.refundAmount > 0) return '该订单已处理过售后退款，如有新问题请联系客服'
  if (!order.protectedUntil || order.protectedUntil <= now) return '已过售后保障期，货款已结算给卖家'
  return '该订单的货款已在结算中，不能再申请售后'
}

/** POST /need/myOrder/{id}/aftersale: the buyer's case; the order is disputed and the seller told. */
export async function openCase(
  deps: AftersaleDeps,
  viewer: Viewer,
  orderId: number,
  body: AftersaleRequest,
): Promise<AftersaleCase> {
  const description = body.description.trim()
  if (description.length < 5) invalid('description', '请至少用 5 个字描述问题')
  await checkImages(deps.dataDir, 'images', body.images)
  const now = new Date()
  const { order, row } = await deps.db.transaction(async (tx) => {
    // Under the order's lock, which filing a claim takes too: one remedy per order, a case or a claim.
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!current || current.buyerId !== viewer.userId) throw new AppError(404, ORDER_NOT_FOUND)
    const [claim] = await tx
      .select({ status: claims.status })
      .from(claims)
      .where(and(eq(claims.orderId, orderId), ne(claims.status, 'rejected')))
    if (claim)
      throw new AppError(
        409,
        claim.status === 'paid' ? '该订单已获包赔赔付，不能再申请售后' : '该订单的包赔申请正在处理中，不能同时申请售后',
      )
    const disputed = await orderMachine.transition(
      tx,
      orderId,
      'dispute',
      { kind: 'buyer', userId: viewer.userId, detail: { reason: body.reason } },
      { disputedFrom: current.status as 'handed_over' | 'completed', disputedAt: now },
    )
    if (!disputed) throw new AppError(409, whyNotDisputable(current, now))
    const own = disputed.sellerId === null
    const created = await aftersaleMachine.create(
      tx,
      own ? 'openOwn' : 'open',
      { kind: 'buyer', userId: viewer.userId },
      {
        orderId,
        buyerId: disputed.buyerId,
        sellerId: disputed.sellerId,
        reason: body.reason,
        description,
        images: body.images,
        dueAt: hoursFrom(now, own ? AFTERSALE_HOURS.staff : AFTERSALE_HOURS.seller),
      },
    )
    await notifyUsers(
      tx,
      caseMessages(created, {
        seller: [
          '买家申请售后',
          `「${disputed.goods.title}」的买家申请售后（${AFTERSALE_REASON_LABELS[body.reason]}），货款已冻结。请在 ${AFTERSALE_HOURS.seller} 小时内回复或到交易群说明，逾期将由平台直接处理。`,
        ],
      }),
    )
    return { order: disputed, row: created }
  })
  return toCase(row, order, 'buyer')
}

async function caseWithOrder(db: Executor, where: SQL, lock = false) {
  const query = db
    .select({ row: aftersaleCases, order: orders })
    .from(aftersaleCases)
    .innerJoin(orders, eq(orders.id, aftersaleCases.orderId))
    .where(where)
  const [found] = lock ? await query.for('update') : await query
  return found
}

/** GET /need/aftersale/{id}: the buyer's or the seller's case; anyone else gets the same 404 as a missing id. */
export async function myCase(db: Executor, viewer: Viewer, id: number): Promise<AftersaleCase> {
  const found = await caseWithOrder(db, eq(aftersaleCases.id, id))
  const role = found && roleOf(found.row, viewer)
  if (!found || !role) throw new AppError(404, CASE_NOT_FOUND)
  return toCase(found.row, found.order, role)
}

const roleOf = (row: AftersaleRow, viewer: Viewer): 'buyer' | 'seller' | null =>
  row.buyerId === viewer.userId ? 'buyer' : row.sellerId === viewer.userId ? 'seller' : null

/** POST /need/aftersale/{id}/reply: the seller's answer with words and pictures; the case goes to staff. */
export async function reply(
  deps: AftersaleDeps,
  viewer: Viewer,
  id: number,
  body: AftersaleReply,
): Promise<AftersaleCase> {
  const text = body.text.trim()
  if (text.length < 5) invalid('text', '请至少用 5 个字回复')
  await checkImages(deps.dataDir, 'images', body.images)
  const now = new Date()
  return deps.db.transaction(async (tx) => {
    const found = await caseWithOrder(tx, eq(aftersaleCases.id, id))
    if (!found || roleOf(found.row, viewer) !== 'seller') throw new AppError(404, CASE_NOT_FOUND)
    const replied = await aftersaleMachine.transition(
      tx,
      id,
      'reply',
      { kind: 'seller', userId: viewer.userId },
      {
        replyText: text,
        replyImages: body.images,
        repliedAt: now,
        dueAt: hoursFrom(now, AFTERSALE_HOURS.staff),
        updatedAt: now,
      },
    )
    if (!replied) throw new AppError(409, found.row.status === 'decided' ? '售后已处理完毕' : '已回复过，平台处理中')
    return toCase(replied, found.order, 'seller')
  })
}

/**
 * The seller wrote in the room of an order whose case waits for them: that is their answer. Runs in the
 * message's transaction (the deal room calls it); nothing happens when no case waits.
 */
export async function answerInRoom(tx: Executor, orderId: number, sellerId: number, text: string, now: Date) {
  const [waiting] = await tx
    .select({ id: aftersaleCases.id })
    .from(aftersaleCases)
    .where(
      and(
        eq(aftersaleCases.orderId, orderId),
        eq(aftersaleCases.sellerId, sellerId),
        eq(aftersaleCases.status, 'awaiting_seller'),
      ),
    )
  if (!waiting) return
  await aftersaleMachine.transition(
    tx,
    waiting.id,
    'answer',
    { kind: 'seller', userId: sellerId },
    { replyText: text, repliedAt: now, dueAt: hoursFrom(now, AFTERSALE_HOURS.staff), updatedAt: now },
  )
}

/** The sweeper: cases whose seller did not answer in time go to staff, marked 卖家未响应. */
export async function escalateDue(deps: SweepDeps, now = new Date()): Promise<number> {
  const settings = await tradeSettings(deps.db)
  const done = await sweepDue(
    deps,
    aftersaleCases,
    aftersaleMachine.due('escalate', now, settings)!,
    aftersaleCases.dueAt,
    (tx, id) =>
      aftersaleMachine.transition(
        tx,
        id,
        'escalate',
        { kind: 'system' },
        { sellerSilent: true, dueAt: hoursFrom(now, AFTERSALE_HOURS.staff), updatedAt: now },
      ),
  )
  return done.length
}

// ---------------------------------------------------------------- staff

/** GET /api/admin/aftersale: open cases by oldest deadline first; decided ones newest first. */
export async function adminCases(
  db: Executor,
  query: AdminAftersaleQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AftersaleCase[]; total: number }> {
  const where = query.status ? eq(aftersaleCases.status, query.status) : ne(aftersaleCases.status, 'decided')
  const decided = query.status === 'decided'
  const [found, [{ total }]] = await Promise.all([
    db
      .select({ row: aftersaleCases, order: orders })
      .from(aftersaleCases)
      .innerJoin(orders, eq(orders.id, aftersaleCases.orderId))
      .where(where)
      .orderBy(
        ...(decided
          ? [desc(aftersaleCases.decidedAt), desc(aftersaleCases.id)]
          : [asc(aftersaleCases.dueAt), asc(aftersaleCases.id)]),
      )
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(aftersaleCases).where(where),
  ])
  return { rows: found.map(({ row, order }) => toCase(row, order, 'staff')), total }
}

/** GET /api/admin/aftersale/{id}. */
export async function adminCase(db: Executor, id: number): Promise<AftersaleCase> {
  const found = await caseWithOrder(db, eq(aftersaleCases.id, id))
  if (!found) throw new AppError(404, CASE_NOT_FOUND)
  return toCase(found.row, found.order, 'staff')
}

/** How long the order stayed disputed: its clock resumes where it stopped. */
const pausedFor = (order: OrderRow, now: Date) => now.getTime() - (order.disputedAt ?? now).getTime()
const later = (at: Date | null, ms: number) => at && new Date(at.getTime() + ms)

/**
 * POST /api/admin/aftersale/{id}/decide: refund all (the account back to its seller, off the market), refund
 * part (the buyer keeps the account; the seller is paid less), or reject (the order goes back to where it
 * was, its clock resumed). Audited; the money goes back at the gateway right after the commit.
 */
export async function decide(
  deps: AftersaleDeps,
  staff: Staff,
  id: number,
  body: AftersaleDecision,
): Promise<AftersaleCase> {
  const reason = body.reason.trim()
  if (reason.length < 2) invalid('reason', '请写明处理说明')
  if (body.outcome === 'refund_partial' && body.amount === undefined) invalid('amount', '部分退款须填写退款金额')
  if (body.outcome !== 'refund_partial' && body.amount !== undefined) invalid('amount', '只有部分退款需要填写金额')
  const now = new Date()
  const decided = await deps.db.transaction(async (tx) => {
    const found = await caseWithOrder(tx, eq(aftersaleCases.id, id), true)
    if (!found) throw new AppError(404, CASE_NOT_FOUND)
    const { order } = found
    const amount =
      body.outcome === 'refund_full' ? order.paidAmount : body.outcome === 'refund_partial' ? body.amount! : 0
    if (body.outcome === 'refund_partial' && amount > maxPartialRefund(order)) {
      invalid(
        'amount',
        maxPartialRefund(order) === 0
          ? '该订单不能部分退款，请选择全额退款或驳回'
          : `部分退款最多 ${formatPrice(maxPartialRefund(order))}（须少于卖家应得货款），全部退回请选全额退款`,
      )
    }
    const row = await aftersaleMachine.transition(
      tx,
      id,
      'decide',
      { kind: 'operator', userId: staff.userId, detail: { outcome: body.outcome, amount } },
      {
        outcome: body.outcome,
        refundAmount: amount,
        decisionReason: reason,
        decidedBy: staff.userId,
        decidedAt: now,
        dueAt: null,
        updatedAt: now,
      },
    )
    if (!row) throw new AppError(409, '售后已处理完毕')
    const moved = await applyDecision(tx, order, body.outcome, amount, staff, now)
    if (!moved) throw new AppError(409, '订单状态已变化，请刷新后重试')
    await audit(tx, staff, 'aftersale.decide', { type: 'aftersale', id }, { outcome: body.outcome, amount, reason })
    const outcome = AFTERSALE_OUTCOME_LABELS[body.outcome]
    const money = amount > 0 ? `，退款 ${formatPrice(amount)} 原路退回` : ''
    await notifyUsers(
      tx,
      caseMessages(row, {
        buyer: [`售后处理结果：${outcome}`, `订单 ${moved.no} 的售后已处理${money}：${reason}`],
        seller: [
          `售后处理结果：${outcome}`,
          `「${moved.goods.title}」的售后已处理${amount > 0 ? `，买家获退 ${formatPrice(amount)}` : ''}：${reason}`,
        ],
      }),
    )
    return { row, order: moved }
  })
  if (decided.row.refundAmount > 0) await settleRefunds(deps, decided.order.id)
  return toCase(decided.row, decided.order, 'staff')
}

/** The order's side of a decision, in the case's transaction: its transition, the ledger, the goods. */
async function applyDecision(
  tx: Executor,
  order: OrderRow,
  outcome: AftersaleDecision['outcome'],
  amount: number,
  staff: Staff,
  now: Date,
): Promise<OrderRow | null> {
  const actor = { kind: 'operator' as const, userId: staff.userId, detail: { outcome, amount } }
  const paused = pausedFor(order, now)
  const settled = order.disputedFrom === 'completed'
  if (outcome === 'reject') {
    return settled
      ? orderMachine.transition(tx, order.id, 'conclude', actor, {
          protectedUntil: later(order.protectedUntil, paused),
          disputedFrom: null,
          disputedAt: null,
        })
      : orderMachine.transition(tx, order.id, 'resume', actor, {
          handedOverAt: later(order.handedOverAt, paused),
          disputedFrom: null,
          disputedAt: null,
        })
  }
  if (outcome === 'refund_full') {
    const moved = await orderMachine.transition(tx, order.id, 'refundDispute', actor, {
      refundAmount: amount,
      refundedAt: now,
      cancelReason: '售后全额退款',
      disputedFrom: null,
      disputedAt: null,
    })
    if (!moved) return null
    // After completion the fees are given back from wherever completion put them (the fund, the platform).
    const fees = settled
      ? await tx
          .select({ ref: ledgerEntries.ref, amount: ledgerEntries.amount, to: ledgerEntries.creditAccount })
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.orderId, order.id),
              eq(ledgerEntries.kind, 'fee'),
              eq(ledgerEntries.debitAccount, account.escrow),
            ),
          )
      : []
    await post(
      tx,
      settled
        ? [
            refundTransfer(order, 'refund', order.goodsAmount, sellerAccount(order)),
            ...fees.map((fee) => refundTransfer(order, `refund-${fee.ref.split(':')[0]}`, fee.amount, fee.to)),
          ]
        : [refundTransfer(order, 'refund', amount, account.escrow)],
    )
    await markRefund(tx, order.id, amount)
    await goodsMachine.transition(
      tx,
      order.goodsId,
      'reclaim',
      { kind: 'operator', userId: staff.userId, detail: { orderId: order.id } },
      {
        delistedBy: 'operator',
        delistReason: '售后全额退款，账号已退回卖家：找回并改密后可编辑重新提交',
        updatedAt: now,
      },
    )
    return moved
  }
  // A partial refund: the buyer keeps the account, the order completes (again) with the refund recorded.
  const { payoutProtectionDays } = await tradeSettings(tx)
  const moved = await orderMachine.transition(tx, order.id, 'conclude', actor, {
    refundAmount: amount,
    disputedFrom: null,
    disputedAt: null,
    ...(settled
      ? { protectedUntil: later(order.protectedUntil, paused) }
      : { completedAt: now, protectedUntil: new Date(now.getTime() + payoutProtectionDays * DAY_MS) }),
  })
  if (!moved) return null
  if (!settled) {
    await postCompletion(tx, moved, now)
    await goodsMachine.transition(
      tx,
      order.goodsId,
      'sell',
      { kind: 'operator', userId: staff.userId, detail: { orderId: order.id } },
      { soldAt: now, updatedAt: now },
    )
  }
  await post(tx, [refundTransfer(order, 'refund', amount, sellerAccount(order))])
  await markRefund(tx, order.id, amount)
  return moved
}

const refundTransfer = (order: OrderRow, ref: string, amount: number, from: string) => ({
  ref: `${ref}:${order.id}`,
  orderId: order.id,
  kind: 'refund' as const,
  amount,
  from,
  to: account.buyer(order.buyerId),
})
