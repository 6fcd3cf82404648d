/**
 * What happens to an order, step by step, inside the caller's transaction: the order machine's
 * transition, the listing's and the payments' with it, the ledger transfers and the messages. Shared by
 * the order use cases, the payments (a paid order may be handed over at once) and the sweeper.
 */
import { eq, type SQL } from 'drizzle-orm'
import { DAY_MS } from '../../../src/contract/constants'
import { formatPrice } from '../../../src/contract/money'
import type { Executor } from '../../db'
import { orders } from '../../db/schema'
import { AppError } from '../../lib/envelope'
import { tradeSettings } from '../../lib/settings'
import { goodsMachine } from '../catalogue/machine'
import { account, post } from '../ledger/ledger'
import { notifyUsers, type NewMessage } from '../messages/service'
import { closePendingPayments } from '../payments/machine'
import { orderMachine, type Actor, type OrderRow, type Viewer } from './machine'

export const ORDER_NOT_FOUND = '订单不存在'

type OrderActor = { kind: Extract<Actor, 'buyer' | 'operator' | 'system'>; userId?: number }

export /** The order if `viewer` may see it: its buyer, or an operator. Anyone else gets the same 404 as a missing id. */
async function visibleOrder(db: Executor, viewer: Viewer, where: SQL): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(where)
  if (!row || (row.buyerId !== viewer.userId && !viewer.operator)) throw new AppError(404, ORDER_NOT_FOUND)
  return row
}

/**
 * The goods goes back when its sale ends without a sale: on sale if it was ever listed, otherwise (an
 * account a merchant's quote won) to its seller. Each is a guarded transition: exactly one applies.
 */
export async function releaseGoods(tx: Executor, order: OrderRow, actor: OrderActor): Promise<void> {
  // A rental's goods is its rental's to give back (rentals/lifecycle.ts).
  if (order.kind !== 'sale') return
  const event = { ...actor, detail: { orderId: order.id } }
  const released = await goodsMachine.transition(tx, order.goodsId, 'release', event, { updatedAt: new Date() })
  if (!released) await goodsMachine.transition(tx, order.goodsId, 'withdraw', event, { updatedAt: new Date() })
}

/**
 * A message about an order to its buyer or its seller (自营: none), with what each may open: the buyer the
 * order; the seller, who has no order page, the listing it sold in 我的代售 (its deal room and money are there).
 */
export const orderMessage = (
  order: OrderRow,
  to: number | null,
  type: NewMessage['type'],
  title: string,
  content: string,
): NewMessage[] =>
  to === null
    ? []
    : [
        to === order.buyerId
          ? { userId: to, type, title, content, relatedType: 'order', relatedId: order.id }
          : { userId: to, type, title, content, relatedType: 'listing', relatedId: order.goodsId },
      ]

export async function cancelIn(
  tx: Executor,
  orderId: number,
  actor: { kind: 'buyer' | 'system'; userId?: number },
  reason: string,
  now: Date,
): Promise<OrderRow | null> {
  const order = await orderMachine.transition(
    tx,
    orderId,
    'cancel',
    { ...actor, detail: { reason } },
    { cancelledAt: now, cancelReason: reason },
  )
  if (!order) return null
  await releaseGoods(tx, order, actor)
  // Trades still open at the gateway are closed after the commit; a payment that arrives anyway is refunded.
  await closePendingPayments(tx, orderId, actor, now)
  await notifyUsers(
    tx,
    orderMessage(
      order,
      order.buyerId,
      'cancelled',
      '订单已取消',
      `订单 ${order.no}（${order.goods.title}）已取消：${reason}。`,
    ),
  )
  return order
}

export async function handOverIn(
  tx: Executor,
  orderId: number,
  actor: { kind: 'operator' | 'system'; userId?: number },
  now: Date,
) {
  const order = await orderMachine.transition(tx, orderId, 'handOver', actor, { handedOverAt: now })
  if (!order) return null
  await notifyUsers(tx, [
    ...orderMessage(
      order,
      order.buyerId,
      'handed_over',
      '账号已移交',
      `订单 ${order.no} 的账号已移交，请在订单详情查看账号并尽快修改密码，确认无误后确认收货。`,
    ),
    ...orderMessage(
      order,
      order.sellerId,
      'handed_over',
      '账号已移交买家',
      `你出售的「${order.goods.title}」已移交给买家。`,
    ),
  ])
  return order
}

/**
 * The money of a completed order. The goods money waits in the seller's frozen account, commission included:
 * the platform earns the commission only when the payout's transfer succeeds (payments/payouts.ts). The
 * buyer's fees are earned now: the guarantee fee into the guarantee fund that pays the claims, the service
 * fee to the platform.
 */
export async function postCompletion(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  await post(tx, [
    {
      ref: `settle:${order.id}`,
      orderId: order.id,
      kind: 'settle',
      amount: order.goodsAmount,
      from: account.escrow,
      to: sellerAccount(order),
    },
    ...feesOf(order).map(({ ref, amount, to }) => ({
      ref,
      orderId: order.id,
      kind: 'fee' as const,
      amount,
      from: account.escrow,
      to,
    })),
  ])
  // The platform's own stock has no seller to pay out later.
  if (order.sellerId === null) await tx.update(orders).set({ releasedAt: now }).where(eq(orders.id, order.id))
}

/** Where a completed order's fees went: its guarantee fee to the fund, the rest (the service fee) to the platform. */
const feesOf = (order: OrderRow) => [
  { ref: `guarantee:${order.id}`, amount: order.guaranteeAmount, to: account.guaranteeFund },
  { ref: `fee:${order.id}`, amount: order.paidAmount - order.goodsAmount - order.guaranteeAmount, to: account.fee },
]

/** Where a completed order's goods money is: the seller's frozen account, or the platform's sales (自营). */
export const sellerAccount = (order: Pick<OrderRow, 'sellerId'>) =>
  order.sellerId === null ? account.sales : account.sellerFrozen(order.sellerId)

export async function completeIn(
  tx: Executor,
  orderId: number,
  actor: { kind: 'buyer' | 'system'; userId?: number },
  now: Date,
) {
  const { payoutProtectionDays } = await tradeSettings(tx)
  const order = await orderMachine.transition(tx, orderId, 'confirm', actor, {
    completedAt: now,
    protectedUntil: new Date(now.getTime() + payoutProtectionDays * DAY_MS),
  })
  if (!order) return null
  await postCompletion(tx, order, now)
  await goodsMachine.transition(
    tx,
    order.goodsId,
    'sell',
    { ...actor, detail: { orderId: order.id } },
    {
      soldAt: now,
      updatedAt: now,
    },
  )
  await notifyUsers(tx, [
    ...orderMessage(order, order.buyerId, 'completed', '交易完成', `订单 ${order.no} 已完成，感谢使用号安心。`),
    ...orderMessage(
      order,
      order.sellerId,
      'sold',
      '账号已售出',
      `「${order.goods.title}」已成交，货款 ${formatPrice(order.goodsAmount - order.commissionAmount)} 将在保障期结束后结算到你的账户。`,
    ),
  ])
  return order
}
