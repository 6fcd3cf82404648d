/**
 * What happens to a rental, step by step, inside the caller's transaction: the rental machine's transition,
 * its orders', its listing's, the ledger and the messages. A rental's money is in its orders, paid like any
 * order; this module follows the order machine (an observer, as the deal room does), so the payments know
 * nothing of rentals: the first order paid activates the rental, a renewal paid extends it, the first order
 * cancelled (the renter, or its timer) lets the listing go.
 *
 * The money (ledger.ts has the journal):
 *   paid        hold      buyer → escrow                         rent + deposit; each renewal's rent
 *   settled     settle    escrow → seller_frozen (自营 sales)     every order in full; the payout sweep pays the owner
 *                                                                 its rent less commission, less what went back:
 *               refund    seller_frozen (自营 sales) → buyer      the deposit less the damage staff awarded
 *   refunded    refund    escrow → buyer                         everything paid (账号不符, 密码错误, staff)
 */
import { and, asc, eq } from 'drizzle-orm'
import { formatPrice } from '../../../src/contract/money'
import type { Executor } from '../../db'
import { orders, rentals } from '../../db/schema'
import type { ActorRef } from '../../lib/machine'
import { goodsMachine } from '../catalogue/machine'
import { account, post } from '../ledger/ledger'
import { notifyUsers, type NewMessage } from '../messages/service'
import { postCompletion, sellerAccount } from '../orders/lifecycle'
import { orderMachine, type OrderRow } from '../orders/machine'
import { closePendingPayments, markRefund } from '../payments/machine'
import { chinaTime } from '../payments/formats'
import { checkUntilFrom, rentalMachine, type RentalRow } from './machine'

export const RENTAL_NOT_FOUND = '租号订单不存在'
const HOUR = 3_600_000

export type RentalActor = ActorRef<'renter' | 'owner' | 'operator' | 'system' | 'gateway'>

/**
 * The same person as the rental's orders and listing know them: the renter is the buyer, the owner the seller;
 * the gateway's step is the system's there.
 */
const tradeActor = (actor: RentalActor, detail = actor.detail) => ({
  kind:
    actor.kind === 'renter'
      ? ('buyer' as const)
      : actor.kind === 'owner'
        ? ('seller' as const)
        : actor.kind === 'gateway'
          ? ('system' as const)
          : actor.kind,
  userId: actor.userId,
  detail,
})

/** "11-26 22:30", China time: when a message names a moment. */
const momentOf = (at: Date) => chinaTime(at).slice(5, 16)

export const rentalMessage = (rental: RentalRow, to: number | null, title: string, content: string): NewMessage[] =>
  to === null ? [] : [{ userId: to, type: 'rental', title, content, relatedType: 'rental', relatedId: rental.id }]

async function titleOf(tx: Executor, rental: RentalRow) {
  const [first] = await tx
    .select({ goods: orders.goods })
    .from(orders)
    .where(and(eq(orders.rentalId, rental.id), eq(orders.kind, 'rental')))
  return first?.goods.title ?? ''
}

export const rentalOrders = (tx: Executor, rentalId: number) =>
  tx.select().from(orders).where(eq(orders.rentalId, rentalId)).orderBy(asc(orders.id))

/** Renewals not paid yet are dropped when the rental stops running; a payment landing later goes back. */
export async function dropRenewals(tx: Executor, rentalId: number, now: Date): Promise<number[]> {
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.rentalId, rentalId), eq(orders.kind, 'renewal'), eq(orders.status, 'pending_payment')))
  const dropped: number[] = []
  for (const { id } of waiting) {
    const actor = { kind: 'system' as const, detail: { rentalId } }
    const order = await orderMachine.transition(tx, id, 'cancel', actor, {
      cancelledAt: now,
      cancelReason: '续租未支付，租期已结束',
    })
    if (!order) continue
    await closePendingPayments(tx, id, actor, now)
    dropped.push(id)
  }
  return dropped
}

/** Its time is up, or the renter gave it back: the owner checks it within the window and changes the password. */
export async function returnIn(
  tx: Executor,
  rentalId: number,
  event: 'return' | 'expire',
  actor: RentalActor,
  now: Date,
) {
  const rental = await rentalMachine.transition(tx, rentalId, event, actor, {
    returnedAt: now,
    checkUntil: checkUntilFrom(now),
    updatedAt: now,
  })
  if (!rental) return null
  const dropped = await dropRenewals(tx, rental.id, now)
  const title = await titleOf(tx, rental)
  const early = event === 'return' ? '租客已提前归还' : '租期已到'
  await notifyUsers(tx, [
    ...rentalMessage(
      rental,
      rental.ownerId,
      '请修改账号密码',
      `「${title}」${early}，请立即登录修改密码并检查账号；${momentOf(rental.checkUntil!)} 前可确认归还或提出问题，逾期自动结算。`,
    ),
    ...rentalMessage(
      rental,
      rental.renterId,
      '租号已结束',
      `「${title}」${early}，账号已收回。押金将在号主验号后退回。`,
    ),
  ])
  return { rental, dropped }
}

/**
 * The money of a settled rental: every paid order completes (the owner's money waits in the frozen account and
 * is paid out by the sweeper, less the commission), then the deposit less `damage` goes back to the renter.
 */
export async function settleMoneyIn(tx: Executor, rental: RentalRow, actor: RentalActor, now: Date) {
  const paid = (await rentalOrders(tx, rental.id)).filter((order) => order.status === 'paid')
  let first: OrderRow | null = null
  for (const order of paid) {
    const completed = await orderMachine.transition(tx, order.id, 'settleRental', tradeActor(actor), {
      completedAt: now,
      protectedUntil: now,
    })
    if (!completed) throw new Error(`rental ${rental.id}: order ${order.id} did not settle`)
    await postCompletion(tx, completed, now)
    if (completed.kind === 'rental') first = completed
  }
  if (!first) throw new Error(`rental ${rental.id}: no paid first order`)
  const back = rental.depositAmount - rental.damageAmount
  if (back > 0) {
    await post(tx, [
      {
        ref: `refund:${first.id}`,
        orderId: first.id,
        kind: 'refund',
        amount: back,
        from: sellerAccount(first),
        to: account.buyer(first.buyerId),
      },
    ])
    await tx.update(orders).set({ refundAmount: back }).where(eq(orders.id, first.id))
    await markRefund(tx, first.id, back)
  }
  await goodsMachine.transition(tx, rental.goodsId, 'endRent', tradeActor(actor, { rentalId: rental.id }), {
    updatedAt: now,
  })
  await dropRenewals(tx, rental.id, now)
  const owed = rental.rentAmount - rental.commissionAmount + rental.damageAmount
  const title = first.goods.title
  await notifyUsers(tx, [
    ...rentalMessage(
      rental,
      rental.ownerId,
      '租号已结算',
      `「${title}」的租金 ${formatPrice(owed)}（已扣佣金${rental.damageAmount > 0 ? '，含押金赔偿' : ''}）将打款到你的收款账户。`,
    ),
    ...rentalMessage(
      rental,
      rental.renterId,
      '租号已结算',
      back > 0
        ? `「${title}」押金 ${formatPrice(back)} 已原路退回${rental.damageAmount > 0 ? `（扣除赔偿 ${formatPrice(rental.damageAmount)}）` : ''}。`
        : `「${title}」押金已全部赔付给号主。`,
    ),
  ])
}

/**
 * Everything paid goes back (the account was not as rented): the orders are refunded and the listing leaves
 * the market until its owner has checked the account and put it through review again.
 */
export async function refundMoneyIn(tx: Executor, rental: RentalRow, actor: RentalActor, reason: string, now: Date) {
  const paid = (await rentalOrders(tx, rental.id)).filter((order) => order.status === 'paid')
  for (const order of paid) {
    const refunded = await orderMachine.transition(tx, order.id, 'refundRental', tradeActor(actor), {
      refundAmount: order.paidAmount,
      refundedAt: now,
      cancelReason: reason,
    })
    if (!refunded) throw new Error(`rental ${rental.id}: order ${order.id} did not refund`)
    await post(tx, [
      {
        ref: `refund:${order.id}`,
        orderId: order.id,
        kind: 'refund',
        amount: order.paidAmount,
        from: account.escrow,
        to: account.buyer(order.buyerId),
      },
    ])
    await markRefund(tx, order.id, order.paidAmount)
  }
  await goodsMachine.transition(tx, rental.goodsId, 'endRent', tradeActor(actor, { rentalId: rental.id }), {
    updatedAt: now,
  })
  await goodsMachine.transition(
    tx,
    rental.goodsId,
    'delist',
    { kind: actor.kind === 'operator' ? 'operator' : 'system', userId: actor.userId, detail: { rentalId: rental.id } },
    { delistedBy: 'operator', delistReason: `租号退款：${reason}。请核对账号信息后编辑重新提交`, updatedAt: now },
  )
  await dropRenewals(tx, rental.id, now)
  const title = await titleOf(tx, rental)
  const total = paid.reduce((sum, order) => sum + order.paidAmount, 0)
  await notifyUsers(tx, [
    ...rentalMessage(
      rental,
      rental.renterId,
      '租号已全额退款',
      `「${title}」已全额退款 ${formatPrice(total)}：${reason}。`,
    ),
    ...rentalMessage(
      rental,
      rental.ownerId,
      '租号已退款，账号已下架',
      `「${title}」的租客已获全额退款：${reason}。请修改密码、核对账号信息后编辑重新提交。`,
    ),
  ])
}

/**
 * The order machine's observer: a rental's first order paid starts its hours, a renewal paid adds to them, the
 * first order cancelled unpaid ends the rental and puts the listing back on sale.
 */
async function followOrder(tx: Executor, order: OrderRow, event: string): Promise<void> {
  if (order.rentalId === null) return
  const now = new Date()
  if (event === 'pay') {
    const [rental] = await tx.select().from(rentals).where(eq(rentals.id, order.rentalId)).for('update')
    const hours = order.rentHours!
    const set =
      order.kind === 'rental'
        ? { startAt: now, endAt: new Date(now.getTime() + hours * HOUR) }
        : {
            hours: rental.hours + hours,
            // Paid after endAt but before the sweeper returned it, the hours run from the payment: the renter
            // could not read the account in between and must not pay for that time.
            endAt: new Date(Math.max(rental.endAt!.getTime(), now.getTime()) + hours * HOUR),
            rentAmount: rental.rentAmount + order.goodsAmount,
            commissionAmount: rental.commissionAmount + order.commissionAmount,
          }
    const moved = await rentalMachine.transition(
      tx,
      rental.id,
      order.kind === 'rental' ? 'activate' : 'renew',
      { kind: 'gateway', detail: { orderId: order.id, hours } },
      { ...set, updatedAt: now },
    )
    // A renewal is dropped whenever its rental stops running, so its payment never counts after that.
    if (!moved) throw new Error(`rental ${rental.id}: a payment of order ${order.id} found it ${rental.status}`)
    await notifyUsers(tx, [
      ...rentalMessage(
        moved,
        moved.renterId,
        order.kind === 'rental' ? '租号已生效' : '续租成功',
        `「${order.goods.title}」可用至 ${momentOf(moved.endAt!)}，在租号详情查看账号密码；请遵守号主的租号规则，到时下线。`,
      ),
      ...rentalMessage(
        moved,
        moved.ownerId,
        order.kind === 'rental' ? '账号已出租' : '租客已续租',
        `「${order.goods.title}」出租至 ${momentOf(moved.endAt!)}，租期内请勿登录或修改密码。`,
      ),
    ])
  } else if (event === 'cancel' && order.kind === 'rental') {
    const actor = { kind: 'system' as const, detail: { orderId: order.id } }
    // Unless the renter cancelled the rental first (rentals/service.ts), the order's timer did.
    await rentalMachine.transition(tx, order.rentalId, 'cancel', actor, { cancelledAt: now, updatedAt: now })
    await goodsMachine.transition(
      tx,
      order.goodsId,
      'endRent',
      { kind: 'system', detail: { rentalId: order.rentalId } },
      { updatedAt: now },
    )
  }
}

orderMachine.observe(followOrder)
