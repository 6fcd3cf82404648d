/**
 * Payments: starting one at a gateway, applying the gateway's verified notice (or an authenticated
 * query's answer), closing trades nobody will pay and sending money back. Status and money change inside
 * transactions that also move the order (its life cycle) and post the ledger; calls to a gateway happen
 * after the commit, are idempotent by trade number, and the sweeper retries whatever did not finish.
 */
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { PayRequest, PayStart, TradeClient } from '../../../src/contract/payments'
import { formatPrice } from '../../../src/contract/money'
import type { Db } from '../../db'
import { orders, paymentNotices, payments } from '../../db/schema'
import { AppError, invalid } from '../../lib/envelope'
import { sameOriginUrl } from '../../lib/network'
import { tradeSettings } from '../../lib/settings'
import { account, post } from '../ledger/ledger'
import { notifyUsers } from '../messages/service'
import { handOverIn, orderMessage, visibleOrder } from '../orders/lifecycle'
import { fullyPaid, orderMachine, type Viewer } from '../orders/machine'
import { chinaTime } from './formats'
import type { PaymentGateways, VerifiedNotice } from './gateway'
import { closePendingPayments, paymentMachine, type PaymentRow } from './machine'
import { payerOpenidOf } from './payers'

export interface PaymentDeps {
  db: Db
  payments: PaymentGateways
  /** Where the gateway failures after a commit are reported; the sweeper retries them. */
  log: { error(object: unknown, message: string): void }
}

function gatewayOf(deps: PaymentDeps, channel: PaymentRow['channel']) {
  const gateway = deps.payments[channel]
  if (!gateway) invalid('channel', '暂不支持该支付方式', '未开通')
  return gateway
}

/** `HA` + local time to the second + 6 random digits: readable on the phone, unique by the constraint. */
export function tradeNumber(prefix: string, now = new Date()): string {
  const local = chinaTime(now).replace(/\D/g, '')
  return `${prefix}${local}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

export async function closeGatewayTrades(deps: PaymentDeps, orderId: number): Promise<void> {
  await closeAtGateway(
    deps,
    await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'closed'))),
  )
}

/** Closes at their gateways the trades we closed; a failure is only logged (a payment made meanwhile still arrives by its notice). */
async function closeAtGateway(deps: PaymentDeps, closed: Pick<PaymentRow, 'channel' | 'outTradeNo'>[]) {
  for (const p of closed) {
    await gatewayOf(deps, p.channel)
      .closeTrade(p.outTradeNo)
      .catch((error) => {
        deps.log.error({ err: error, outTradeNo: p.outTradeNo }, 'closing a gateway trade failed')
      })
  }
}

/** Sends back every payment marked refund-due (of one order, or all); safe to repeat. */
export async function settleRefunds(deps: PaymentDeps, orderId?: number): Promise<number> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.refundDue, true),
        eq(payments.status, 'paid'),
        orderId ? eq(payments.orderId, orderId) : undefined,
      ),
    )
  let done = 0
  for (const p of due) {
    try {
      await gatewayOf(deps, p.channel).refund(p.outTradeNo, p.refundAmount, `R${p.outTradeNo}`)
      await deps.db.transaction((tx) =>
        paymentMachine.transition(tx, p.id, 'refund', { kind: 'system' }, { refundDue: false, refundedAt: new Date() }),
      )
      done += 1
    } catch (error) {
      deps.log.error({ err: error, outTradeNo: p.outTradeNo }, 'gateway refund failed; the sweeper retries')
    }
  }
  return done
}

export async function startPayment(
  deps: PaymentDeps,
  viewer: Viewer,
  orderId: number,
  body: PayRequest,
  /** `origins[0]` is where the gateway posts its notice; the browser may come back to any of them. */
  origin: { origins: string[]; ip: string; desktop: boolean },
): Promise<PayStart> {
  const scene = body.scene ?? 'web'
  const order = await visibleOrder(deps.db, viewer, eq(orders.id, orderId))
  if (order.buyerId !== viewer.userId) throw new AppError(403, '只有买家可以支付')
  const now = new Date()
  let amount: number
  if (orderMachine.allows('pay', order, 'buyer')) {
    if (order.closeAt <= now) throw new AppError(409, '订单已超时，请重新下单')
    const expected = order.payMode === 'deposit' ? 'deposit' : 'full'
    if (body.kind !== expected)
      throw new AppError(400, expected === 'deposit' ? '本订单应先支付定金' : '本订单应全额支付')
    amount = order.payMode === 'deposit' ? order.depositAmount! : order.totalAmount
  } else if (orderMachine.allows('payBalance', order, 'buyer')) {
    if (body.kind !== 'balance') throw new AppError(400, '本订单应支付尾款')
    amount = order.totalAmount - order.paidAmount
  } else {
    throw new AppError(409, '订单当前状态无需支付')
  }
  const gateway = gatewayOf(deps, body.channel)
  if (scene === 'qq-mini' && !gateway.qqMini) {
    throw new AppError(409, 'QQ小程序内暂只支持微信支付，或在浏览器中打开本页后付款', { need: 'browser' })
  }
  // In the app's own cashier the trade is made for the payer the app named; without one, nothing is written yet.
  const payerOpenid =
    scene === 'jsapi' || scene === 'mini' ? await payerOpenidOf(deps, gateway, viewer.userId, scene) : undefined
  const returnUrl = sameOriginUrl(body.returnUrl, origin.origins)
  const client: TradeClient = scene === 'web' ? (origin.desktop ? 'desktop' : 'h5') : scene
  // The balance's trade may be paid for half an hour; a first payment's until the order times out.
  const expiry = (startedAt: Date) =>
    order.status === 'pending_payment' ? order.closeAt : new Date(startedAt.getTime() + 30 * 60_000)
  const { outTradeNo, expiresAt } = await openTrade(
    deps,
    viewer,
    { orderId, channel: body.channel, kind: body.kind, client, amount },
    expiry,
    now,
  )
  returnUrl.searchParams.set('outTradeNo', outTradeNo)
  // Left without paying: the order page says so at once instead of waiting for a notice.
  const quitUrl = new URL(returnUrl)
  quitUrl.searchParams.set('payment', 'quit')
  const started = await gateway.createTrade({
    outTradeNo,
    amount,
    subject: `号安心-${order.goods.title}`.slice(0, 120),
    notifyUrl: `${origin.origins[0]}/api/pay/notify/${body.channel}`,
    returnUrl: returnUrl.toString(),
    quitUrl: quitUrl.toString(),
    expiresAt,
    client,
    ...(payerOpenid ? { payerOpenid } : {}),
    clientIp: origin.ip,
  })
  return { outTradeNo, amount, ...started }
}

/**
 * The trade a payment start pays: the order's open one when it was started the same way and can still be
 * paid for a minute (back from the cashier, a second tap — the gateway is given the same trade again, so
 * no second one exists), else a new one, after the open ones are closed here and at the gateway (one paid
 * meanwhile still counts: its notice is applied like any other). The order row is locked, so two starts
 * at once make one trade.
 */
async function openTrade(
  deps: PaymentDeps,
  viewer: Viewer,
  trade: Pick<PaymentRow, 'orderId' | 'channel' | 'kind' | 'client' | 'amount'>,
  expiry: (startedAt: Date) => Date,
  now: Date,
): Promise<{ outTradeNo: string; expiresAt: Date }> {
  const actor = { kind: 'buyer' as const, userId: viewer.userId }
  const { opened, closed } = await deps.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, trade.orderId)).for('update')
    const open = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, trade.orderId), eq(payments.status, 'pending')))
    const same = open.find(
      (p) =>
        p.channel === trade.channel &&
        p.kind === trade.kind &&
        p.client === trade.client &&
        p.amount === trade.amount &&
        expiry(p.createdAt).getTime() > now.getTime() + 60_000,
    )
    if (same) return { opened: { outTradeNo: same.outTradeNo, expiresAt: expiry(same.createdAt) }, closed: [] }
    for (const p of open) await paymentMachine.transition(tx, p.id, 'close', actor, { closedAt: now })
    const outTradeNo = tradeNumber('P', now)
    await paymentMachine.create(tx, 'start', actor, { ...trade, outTradeNo, createdAt: now })
    return { opened: { outTradeNo, expiresAt: expiry(now) }, closed: open }
  })
  await closeAtGateway(deps, closed)
  return opened
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'not_paid' | 'late_refund' | 'unknown_trade' | 'amount_mismatch'

/**
 * A verified gateway notice (or an authenticated query's answer) that a payment was made. One
 * transaction: the notice is recorded once; the payment, the order, the ledger hold and the messages
 * change together. Unknown trade numbers and wrong amounts change nothing and are refused.
 */
export async function applyNotice(
  deps: PaymentDeps,
  channel: PaymentRow['channel'],
  notice: VerifiedNotice,
): Promise<NoticeOutcome> {
  const now = new Date()
  const outcome = await deps.db.transaction(async (tx): Promise<NoticeOutcome> => {
    const trade = and(eq(payments.outTradeNo, notice.outTradeNo), eq(payments.channel, channel))
    const [known] = await tx.select({ orderId: payments.orderId }).from(payments).where(trade)
    if (!known) return 'unknown_trade'
    // The order's row first, then its payments': the order every path locks them in (a payment start, a cancel,
    // another notice), so two of them never wait on each other (a deadlock the kill -9 bench found).
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, known.orderId)).for('update')
    const [payment] = await tx.select().from(payments).where(trade).for('update')
    if (payment.amount !== notice.amount) return 'amount_mismatch'
    const recorded = await tx
      .insert(paymentNotices)
      .values({
        channel,
        noticeId: notice.noticeId,
        outTradeNo: notice.outTradeNo,
        outcome: 'received',
        raw: notice.raw,
      })
      .onConflictDoNothing()
      .returning()
    if (recorded.length === 0 || payment.status === 'paid' || payment.status === 'refunded') return 'duplicate'
    if (!notice.paid) return 'not_paid'

    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId))
    await paymentMachine.transition(
      tx,
      payment.id,
      'pay',
      { kind: 'gateway', detail: { noticeId: notice.noticeId } },
      { paidAt: notice.paidAt ?? now, gatewayTradeNo: notice.gatewayTradeNo, confirmation: notice.raw },
    )
    await post(tx, [
      {
        ref: `hold:${payment.outTradeNo}`,
        orderId: order.id,
        kind: 'hold',
        amount: payment.amount,
        from: account.buyer(order.buyerId),
        to: account.escrow,
      },
    ])
    const counts =
      (order.status === 'pending_payment' && payment.kind !== 'balance') ||
      (order.status === 'paid' && payment.kind === 'balance' && order.paidAmount + payment.amount <= order.totalAmount)
    if (!counts) {
      // Paid for an order that was cancelled meanwhile, or paid twice: the money goes straight back.
      await post(tx, [
        {
          ref: `refund:${payment.outTradeNo}`,
          orderId: order.id,
          kind: 'refund',
          amount: payment.amount,
          from: account.escrow,
          to: account.buyer(order.buyerId),
        },
      ])
      await tx
        .update(payments)
        .set({ refundDue: true, refundAmount: payment.amount })
        .where(eq(payments.id, payment.id))
      return 'late_refund'
    }
    const paidAmount = order.paidAmount + payment.amount
    const first = order.status === 'pending_payment'
    const updated = await orderMachine.transition(
      tx,
      order.id,
      first ? 'pay' : 'payBalance',
      { kind: 'gateway', detail: { outTradeNo: payment.outTradeNo, amount: payment.amount } },
      first ? { paidAmount, paidAt: now } : { paidAmount },
    )
    // Other attempts for the same order (say an abandoned WeChat QR) are closed.
    await closePendingPayments(tx, order.id, { kind: 'gateway' }, now, payment.id)
    const full = fullyPaid(updated!)
    // A rental's messages are its own (rentals/lifecycle.ts follows the order).
    if (order.kind === 'sale')
      await notifyUsers(tx, [
        ...orderMessage(
          updated!,
          order.buyerId,
          'order_paid',
          full ? '支付成功' : '定金支付成功',
          full
            ? `订单 ${order.no} 已付款 ${formatPrice(paidAmount)}，资金由平台托管，客服正在为你移交账号。`
            : `订单 ${order.no} 已付定金 ${formatPrice(paidAmount)}，请支付尾款 ${formatPrice(order.totalAmount - paidAmount)} 后移交账号。`,
        ),
        ...(full
          ? orderMessage(
              updated!,
              order.sellerId,
              'order_paid',
              '买家已付款',
              `「${order.goods.title}」买家已付款，资金由平台托管。`,
            )
          : []),
      ])
    if (full && (await tradeSettings(tx)).autoHandOver) await handOverIn(tx, order.id, { kind: 'system' }, now)
    await tx
      .update(paymentNotices)
      .set({ outcome: 'applied' })
      .where(and(eq(paymentNotices.channel, channel), eq(paymentNotices.noticeId, notice.noticeId)))
    return 'applied'
  })
  if (outcome === 'applied' || outcome === 'late_refund') {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.outTradeNo, notice.outTradeNo))
    await closeGatewayTrades(deps, payment.orderId)
    await settleRefunds(deps, payment.orderId)
  }
  return outcome
}

/** Asks the gateway about a pending payment and applies what it says it was paid. */
export async function reconcilePayment(deps: PaymentDeps, payment: PaymentRow): Promise<NoticeOutcome | null> {
  let state
  try {
    state = await gatewayOf(deps, payment.channel).queryTrade(payment.outTradeNo)
  } catch (error) {
    deps.log.error({ err: error, outTradeNo: payment.outTradeNo }, 'gateway query failed')
    return null
  }
  if (state.state !== 'paid') return null
  return applyNotice(deps, payment.channel, {
    noticeId: `query:${state.gatewayTradeNo}`,
    outTradeNo: payment.outTradeNo,
    gatewayTradeNo: state.gatewayTradeNo,
    amount: state.amount,
    paid: true,
    paidAt: state.paidAt,
    raw: state.raw,
  })
}
