/**
 * Buying through escrow: quote, order, payment, hand-over, confirmation, refund (DOMAIN.md). Money and
 * status change only inside transactions that also write the order event, the ledger transfers and the
 * messages; calls to a payment gateway happen after the commit and are idempotent by trade number, and
 * the sweeper retries whatever did not finish.
 */
import { createHash, randomInt } from 'node:crypto'
import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import type {
  Credentials,
  Order,
  OrderRequest,
  OrderStatus,
  Payment,
  PayRequest,
  PayStart,
  Quote,
  QuoteRequest,
} from '../../../src/contract/orders'
import type { Db, Executor } from '../../db'
import {
  credentialReveals,
  games,
  goods,
  goodsCredentials,
  idempotencyKeys,
  orderEvents,
  orders,
  paymentNotices,
  payments,
  regionNodes,
  users,
} from '../../db/schema'
import { AppError } from '../../lib/envelope'
import { waitText } from '../../lib/rateLimit'
import { tradeSettings, type TradeSettings } from '../../lib/settings'
import type { Vault } from '../../lib/vault'
import { account, post } from '../ledger/ledger'
import type { PaymentGateways, VerifiedNotice } from '../payments/gateway'
import { paymentMachine, type PaymentActor } from '../payments/machine'
import { goodsMachine } from '../catalogue/machine'
import {
  actionsFor,
  credentialsAccess,
  fullyPaid,
  orderMachine,
  type Actor,
  type OrderRow,
  type Viewer,
} from './machine'

type OrderActor = { kind: Extract<Actor, 'buyer' | 'operator' | 'system'>; userId?: number }
import { notifyUsers, type NewMessage } from '../messages/service'
import { priceOrder } from './pricing'

export const ORDER_NOT_FOUND = '订单不存在'

type PaymentRow = typeof payments.$inferSelect

export interface OrderDeps {
  db: Db
  payments: PaymentGateways
  vault: Vault
  /** Where the gateway failures after a commit are reported; the sweeper retries them. */
  log: { error(object: unknown, message: string): void }
}

function gatewayOf(deps: OrderDeps, channel: PaymentRow['channel']) {
  const gateway = deps.payments[channel]
  if (!gateway) throw new AppError(400, '暂不支持该支付方式', { errors: [{ field: 'channel', message: '未开通' }] })
  return gateway
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** `HA` + local time to the second + 6 random digits: readable on the phone, unique by the constraint. */
function tradeNumber(prefix: string, now = new Date()): string {
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14)
  return `${prefix}${local}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

// ---------------------------------------------------------------- reading

function toPayment(p: PaymentRow): Payment {
  return {
    id: p.id,
    outTradeNo: p.outTradeNo,
    channel: p.channel,
    kind: p.kind,
    amount: p.amount,
    status: p.status,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  }
}

export function toOrder(o: OrderRow, viewer: Viewer, paymentRows?: PaymentRow[]): Order {
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    id: o.id,
    no: o.no,
    status: o.status,
    goods: o.goods,
    guaranteeType: o.guaranteeType,
    payMode: o.payMode,
    goodsAmount: o.goodsAmount,
    guaranteeAmount: o.guaranteeAmount,
    serviceAmount: o.serviceAmount,
    totalAmount: o.totalAmount,
    depositAmount: o.depositAmount,
    paidAmount: o.paidAmount,
    refundAmount: o.refundAmount,
    closeAt: o.closeAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    handedOverAt: iso(o.handedOverAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    refundedAt: iso(o.refundedAt),
    cancelReason: o.cancelReason,
    actions: actionsFor(o, viewer),
    ...(paymentRows ? { payments: paymentRows.map(toPayment) } : {}),
  }
}

/** The order if `viewer` may see it: its buyer, or an operator. Anyone else gets the same 404 as a missing id. */
async function visibleOrder(db: Executor, viewer: Viewer, where: SQL): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(where)
  if (!row || (row.buyerId !== viewer.userId && !viewer.operator)) throw new AppError(404, ORDER_NOT_FOUND)
  return row
}

async function orderPayments(db: Executor, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))
}

export async function getOrder(db: Executor, viewer: Viewer, id: number): Promise<Order> {
  const row = await visibleOrder(db, viewer, eq(orders.id, id))
  return toOrder(row, viewer, await orderPayments(db, id))
}

/**
 * The order a gateway return points at. While its payment is still pending, asks the gateway (an
 * authenticated query, never the browser's word) so a lost or slow notice does not keep the buyer waiting.
 */
export async function getOrderByTradeNo(deps: OrderDeps, viewer: Viewer, outTradeNo: string): Promise<Order> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo))
  if (!payment) throw new AppError(404, ORDER_NOT_FOUND)
  await visibleOrder(deps.db, viewer, eq(orders.id, payment.orderId))
  if (payment.status === 'pending') await reconcilePayment(deps, payment)
  return getOrder(deps.db, viewer, payment.orderId)
}

export interface MyOrdersQuery {
  /** Statuses, comma-separated (checked by the route's schema). */
  status?: string
  from?: string
  to?: string
  pageNum: number
  pageSize: number
}

export async function listMyOrders(db: Executor, viewer: Viewer, query: MyOrdersQuery) {
  const where = [eq(orders.buyerId, viewer.userId)]
  if (query.status) where.push(inArray(orders.status, query.status.split(',') as OrderStatus[]))
  // Dates are the buyer's calendar days (China time).
  if (query.from) where.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00+08:00`)))
  if (query.to) where.push(lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00+08:00`) + 86_400_000)))
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(...where)),
  ])
  return { rows: rows.map((row) => toOrder(row, viewer)), total }
}

// ---------------------------------------------------------------- ordering

async function goodsForSale(db: Executor, goodsId: number) {
  const [row] = await db
    .select({
      id: goods.id,
      sellerId: goods.sellerId,
      gameId: goods.gameId,
      title: goods.title,
      price: goods.price,
      guarantee: goods.guarantee,
      status: goods.status,
      coverImage: goods.coverImage,
      regionIds: goods.regionIds,
      gameName: games.name,
    })
    .from(goods)
    .innerJoin(games, eq(games.id, goods.gameId))
    .where(eq(goods.id, goodsId))
  if (!row || !['on_sale', 'in_trade', 'sold'].includes(row.status)) throw new AppError(404, '商品不存在')
  return row
}

export async function quote(db: Executor, body: QuoteRequest): Promise<Quote> {
  const item = await goodsForSale(db, body.goodsId)
  const { commissionAmount: _, ...priced } = priceOrder(item, body, await tradeSettings(db))
  return priced
}

/** Why the goods could not be taken: the messages SCREENS.md names for sureOrder. */
async function refusal(db: Executor, userId: number, goodsId: number, status: string): Promise<AppError> {
  if (status === 'sold') return new AppError(409, '该商品已出售')
  if (status !== 'in_trade') return new AppError(409, '该商品已下架')
  const [mine] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.goodsId, goodsId), eq(orders.buyerId, userId), eq(orders.status, 'pending_payment')))
  if (mine) return new AppError(409, '你已有该商品的待支付订单', { orderId: mine.id })
  return new AppError(409, '该商品正在交易中，请稍后再看')
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

/**
 * Listing hoarding (an unpaid order holds its listing until it times out): a cap on the buyer's unpaid
 * orders and a cooldown after repeated timeouts. The buyer's row is locked first, so two orders of one
 * buyer are decided one after the other and the count cannot be raced.
 */
async function checkBuyerLimits(tx: Executor, userId: number, settings: TradeSettings, now: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const [{ unpaid }] = await tx
    .select({ unpaid: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), eq(orders.status, 'pending_payment')))
  if (unpaid >= settings.maxUnpaidOrders) {
    throw new AppError(409, `你有 ${unpaid} 个待支付订单，请先支付或取消后再下单`)
  }
  const { expiries, withinHours, hours } = settings.expiryCooldown
  const timedOut = await tx
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        eq(orders.buyerId, userId),
        eq(orderEvents.event, 'cancel'),
        eq(orderEvents.actor, 'system'),
        gte(orderEvents.createdAt, new Date(now.getTime() - withinHours * 3_600_000)),
      ),
    )
    .orderBy(desc(orderEvents.createdAt))
    .limit(expiries)
  if (timedOut.length < expiries) return
  const until = timedOut[expiries - 1].at.getTime() + hours * 3_600_000
  if (until > now.getTime()) {
    const retryAfter = Math.ceil((until - now.getTime()) / 1000)
    throw new AppError(429, `近期多个订单超时未支付，请 ${waitText(retryAfter)}后再下单`, { retryAfter })
  }
}

async function createOrderIn(tx: Executor, userId: number, body: OrderRequest): Promise<OrderRow> {
  const item = await goodsForSale(tx, body.goodsId)
  if (item.sellerId === userId) throw new AppError(409, '不能购买自己发布的商品')
  const settings = await tradeSettings(tx)
  await checkBuyerLimits(tx, userId, settings, new Date())
  const priced = priceOrder(item, body, settings)
  // Taking the goods is the lock: of racing buyers exactly one finds it on sale.
  const taken = await goodsMachine.transition(tx, item.id, 'take', { kind: 'buyer', userId }, { updatedAt: new Date() })
  if (!taken) throw await refusal(tx, userId, item.id, item.status === 'on_sale' ? 'in_trade' : item.status)
  const regions = item.regionIds.length
    ? await tx
        .select({ id: regionNodes.id, name: regionNodes.name })
        .from(regionNodes)
        .where(inArray(regionNodes.id, item.regionIds))
    : []
  const now = new Date()
  return orderMachine.create(
    tx,
    'create',
    { kind: 'buyer', userId },
    {
      no: tradeNumber('HA', now),
      buyerId: userId,
      sellerId: item.sellerId,
      goodsId: item.id,
      goods: {
        id: item.id,
        gameId: item.gameId,
        gameName: item.gameName,
        title: item.title,
        coverImage: item.coverImage,
        regionNames: item.regionIds.map((id) => regions.find((r) => r.id === id)?.name ?? '').filter(Boolean),
        price: item.price,
      },
      guaranteeType: body.guaranteeType,
      payMode: body.payMode,
      goodsAmount: priced.goodsAmount,
      guaranteeAmount: priced.guaranteeAmount,
      serviceAmount: priced.serviceAmount,
      totalAmount: priced.totalAmount,
      depositAmount: priced.depositAmount ?? null,
      commissionAmount: priced.commissionAmount,
      closeAt: new Date(now.getTime() + settings.unpaidOrderTimeoutMinutes * 60_000),
      createdAt: now,
    },
  )
}

/** JSON with object keys sorted: the same request hashes the same whatever order its client wrote the fields in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * `Idempotency-Key`: the key is claimed in the same transaction as the work, so a replay (even a
 * concurrent one, which waits on the claim) returns the first order, and a failed attempt leaves no claim.
 */
export async function createOrder(db: Db, viewer: Viewer, body: OrderRequest, key?: string): Promise<Order> {
  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex')
  try {
    return await db.transaction(async (tx) => {
      if (key) {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId: viewer.userId, key, scope: 'order', requestHash })
          .onConflictDoNothing()
          .returning()
        if (claimed.length === 0) {
          const [first] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, viewer.userId), eq(idempotencyKeys.key, key)))
          if (!first || first.scope !== 'order' || first.requestHash !== requestHash) {
            throw new AppError(409, 'Idempotency-Key 已用于另一个请求，请换一个')
          }
          const orderId = (first.response as { orderId: number } | null)?.orderId
          if (!orderId) throw new AppError(409, '相同的请求正在处理，请稍后刷新')
          const [row] = await tx.select().from(orders).where(eq(orders.id, orderId))
          return toOrder(row, viewer)
        }
      }
      const order = await createOrderIn(tx, viewer.userId, body)
      if (key) {
        await tx
          .update(idempotencyKeys)
          .set({ response: { orderId: order.id }, statusCode: 200 })
          .where(and(eq(idempotencyKeys.userId, viewer.userId), eq(idempotencyKeys.key, key)))
      }
      return toOrder(order, viewer)
    })
  } catch (error) {
    // The partial unique index caught a race the conditional update did not see (it never should).
    if (isUniqueViolation(error)) throw new AppError(409, '该商品正在交易中，请稍后再看')
    throw error
  }
}

// ---------------------------------------------------------------- life cycle

/** The goods goes back on sale when its order ends without a sale. */
async function releaseGoods(tx: Executor, order: OrderRow, actor: OrderActor): Promise<void> {
  await goodsMachine.transition(
    tx,
    order.goodsId,
    'release',
    { ...actor, detail: { orderId: order.id } },
    {
      updatedAt: new Date(),
    },
  )
}

const orderMessage = (order: OrderRow, to: number | null, type: NewMessage['type'], title: string, content: string) =>
  to === null ? [] : [{ userId: to, type, title, content, relatedType: 'order' as const, relatedId: order.id }]

/** Closes the order's attempts still pending (one machine step each); `except` is the one that paid. */
async function closePendingPayments(
  tx: Executor,
  orderId: number,
  actor: { kind: PaymentActor; userId?: number },
  now: Date,
  except?: number,
): Promise<void> {
  const pending = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), except ? ne(payments.id, except) : undefined),
    )
  for (const { id } of pending) await paymentMachine.transition(tx, id, 'close', actor, { closedAt: now })
}

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

export async function closeGatewayTrades(deps: OrderDeps, orderId: number): Promise<void> {
  const closed = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'closed')))
  for (const p of closed) {
    await gatewayOf(deps, p.channel)
      .closeTrade(p.outTradeNo)
      .catch((error) => {
        deps.log.error({ err: error, outTradeNo: p.outTradeNo }, 'closing a gateway trade failed')
      })
  }
}

export async function cancelOrder(deps: OrderDeps, viewer: Viewer, id: number, reason?: string): Promise<Order> {
  const order = await visibleOrder(deps.db, viewer, eq(orders.id, id))
  if (order.buyerId !== viewer.userId) throw new AppError(403, '只有买家可以取消订单')
  const cancelled = await deps.db.transaction((tx) =>
    cancelIn(tx, id, { kind: 'buyer', userId: viewer.userId }, reason?.trim() || '买家取消', new Date()),
  )
  if (!cancelled) throw new AppError(409, '订单当前状态不能取消')
  await closeGatewayTrades(deps, id)
  return getOrder(deps.db, viewer, id)
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

export async function handOver(deps: OrderDeps, viewer: Viewer, id: number): Promise<Order> {
  const order = await deps.db.transaction((tx) =>
    handOverIn(tx, id, { kind: 'operator', userId: viewer.userId }, new Date()),
  )
  if (!order) {
    await visibleOrder(deps.db, viewer, eq(orders.id, id))
    throw new AppError(409, '订单未付清或状态不能移交')
  }
  return getOrder(deps.db, viewer, id)
}

export async function completeIn(
  tx: Executor,
  orderId: number,
  actor: { kind: 'buyer' | 'system'; userId?: number },
  now: Date,
) {
  const order = await orderMachine.transition(tx, orderId, 'confirm', actor, { completedAt: now })
  if (!order) return null
  const sellerShare = order.goodsAmount - order.commissionAmount
  await post(tx, [
    {
      ref: `settle:${order.id}`,
      orderId: order.id,
      kind: 'settle',
      amount: sellerShare,
      from: account.escrow,
      to: order.sellerId === null ? account.sales : account.sellerFrozen(order.sellerId),
    },
    {
      ref: `fee:${order.id}`,
      orderId: order.id,
      kind: 'fee',
      amount: order.paidAmount - sellerShare,
      from: account.escrow,
      to: account.fee,
    },
  ])
  // The platform's own stock has no seller to pay out later.
  if (order.sellerId === null) await tx.update(orders).set({ releasedAt: now }).where(eq(orders.id, order.id))
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
      `「${order.goods.title}」已成交，货款 ${yuan(sellerShare)} 将在保障期结束后结算到你的账户。`,
    ),
  ])
  return order
}

export async function confirmOrder(deps: OrderDeps, viewer: Viewer, id: number): Promise<Order> {
  const order = await visibleOrder(deps.db, viewer, eq(orders.id, id))
  if (order.buyerId !== viewer.userId) throw new AppError(403, '只有买家可以确认收货')
  const done = await deps.db.transaction((tx) =>
    completeIn(tx, id, { kind: 'buyer', userId: viewer.userId }, new Date()),
  )
  if (!done) throw new AppError(409, '订单当前状态不能确认收货')
  return getOrder(deps.db, viewer, id)
}

/** Everything paid goes back to the buyer: in the ledger now, at the gateway right after the commit. */
export async function refundOrder(deps: OrderDeps, viewer: Viewer, id: number, reason: string): Promise<Order> {
  const now = new Date()
  const order = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id))
    if (!current) throw new AppError(404, ORDER_NOT_FOUND)
    const refunded = await orderMachine.transition(
      tx,
      id,
      'refund',
      { kind: 'operator', userId: viewer.userId, detail: { reason } },
      { refundedAt: now, refundAmount: current.paidAmount, cancelReason: reason },
    )
    if (!refunded) return null
    await post(tx, [
      {
        ref: `refund:${id}`,
        orderId: id,
        kind: 'refund',
        amount: refunded.paidAmount,
        from: account.escrow,
        to: account.buyer(refunded.buyerId),
      },
    ])
    await tx
      .update(payments)
      .set({ refundDue: true })
      .where(and(eq(payments.orderId, id), eq(payments.status, 'paid')))
    await releaseGoods(tx, refunded, { kind: 'operator', userId: viewer.userId })
    await notifyUsers(tx, [
      ...orderMessage(
        refunded,
        refunded.buyerId,
        'refunded',
        '订单已退款',
        `订单 ${refunded.no} 已退款 ${yuan(refunded.paidAmount)}，原路退回：${reason}。`,
      ),
      ...orderMessage(
        refunded,
        refunded.sellerId,
        'refunded',
        '订单已退款',
        `「${refunded.goods.title}」的订单已退款，商品已重新上架。`,
      ),
    ])
    return refunded
  })
  if (!order) throw new AppError(409, '订单当前状态不能退款')
  await settleRefunds(deps, id)
  return getOrder(deps.db, viewer, id)
}

/** Sends back every payment marked refund-due (of one order, or all); safe to repeat. */
export async function settleRefunds(deps: OrderDeps, orderId?: number): Promise<number> {
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
      await gatewayOf(deps, p.channel).refund(p.outTradeNo, p.amount, `R${p.outTradeNo}`)
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

// ---------------------------------------------------------------- payment

export async function startPayment(
  deps: OrderDeps,
  viewer: Viewer,
  orderId: number,
  body: PayRequest,
  /** `origins[0]` is where the gateway posts its notice; the browser may come back to any of them. */
  origin: { origins: string[]; ip: string; desktop: boolean },
): Promise<PayStart> {
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
  const returnUrl = sameOriginUrl(body.returnUrl, origin.origins)
  const outTradeNo = tradeNumber('P', now)
  returnUrl.searchParams.set('outTradeNo', outTradeNo)
  await deps.db.transaction((tx) =>
    paymentMachine.create(
      tx,
      'start',
      { kind: 'buyer', userId: viewer.userId },
      {
        orderId,
        outTradeNo,
        channel: body.channel,
        kind: body.kind,
        amount,
      },
    ),
  )
  const started = await gateway.createTrade({
    outTradeNo,
    amount,
    subject: `号安心-${order.goods.title}`.slice(0, 120),
    notifyUrl: `${origin.origins[0]}/api/pay/notify/${body.channel}`,
    returnUrl: returnUrl.toString(),
    expiresAt: order.status === 'pending_payment' ? order.closeAt : new Date(now.getTime() + 30 * 60_000),
    client: origin.desktop ? 'desktop' : 'h5',
    clientIp: origin.ip,
  })
  return { outTradeNo, amount, ...started }
}

/** The browser comes back to our own site only (no open redirect through the gateway). */
function sameOriginUrl(raw: string, origins: string[]): URL {
  let url: URL
  try {
    url = new URL(raw, origins[0])
  } catch {
    throw new AppError(400, '返回地址不正确', { errors: [{ field: 'returnUrl', message: '格式不正确' }] })
  }
  if (!origins.some((origin) => new URL(origin).origin === url.origin)) {
    throw new AppError(400, '返回地址必须是本站页面', { errors: [{ field: 'returnUrl', message: '不是本站地址' }] })
  }
  return url
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'not_paid' | 'late_refund' | 'unknown_trade' | 'amount_mismatch'

/**
 * A verified gateway notice (or an authenticated query's answer) that a payment was made. One
 * transaction: the notice is recorded once; the payment, the order, the ledger hold and the messages
 * change together. Unknown trade numbers and wrong amounts change nothing and are refused.
 */
export async function applyNotice(
  deps: OrderDeps,
  channel: PaymentRow['channel'],
  notice: VerifiedNotice,
): Promise<NoticeOutcome> {
  const now = new Date()
  const outcome = await deps.db.transaction(async (tx): Promise<NoticeOutcome> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.outTradeNo, notice.outTradeNo), eq(payments.channel, channel)))
      .for('update')
    if (!payment) return 'unknown_trade'
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

    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update')
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
      await tx.update(payments).set({ refundDue: true }).where(eq(payments.id, payment.id))
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
    await notifyUsers(tx, [
      ...orderMessage(
        updated!,
        order.buyerId,
        'order_paid',
        full ? '支付成功' : '定金支付成功',
        full
          ? `订单 ${order.no} 已付款 ${yuan(paidAmount)}，资金由平台托管，客服正在为你移交账号。`
          : `订单 ${order.no} 已付定金 ${yuan(paidAmount)}，请支付尾款 ${yuan(order.totalAmount - paidAmount)} 后移交账号。`,
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
export async function reconcilePayment(deps: OrderDeps, payment: PaymentRow): Promise<NoticeOutcome | null> {
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

// ---------------------------------------------------------------- credentials

/**
 * Decrypts the listing's credentials for the buyer of a handed-over or completed order, or for an
 * operator while handing it over (paid in full, not yet handed over), who must say why; every reveal is
 * logged with its reason. Once the account is the buyer's, staff have no reason to read it (an open
 * after-sale case will be the other one, when cases exist).
 */
export async function revealCredentials(
  deps: OrderDeps,
  viewer: Viewer,
  orderId: number,
  client: { ip: string; userAgent: string; reason?: string },
): Promise<Credentials> {
  const order = await visibleOrder(deps.db, viewer, eq(orders.id, orderId))
  const access = credentialsAccess(order, viewer)
  if (!access) {
    const asStaff = viewer.operator && order.buyerId !== viewer.userId
    throw new AppError(403, asStaff ? '只有移交中的订单可以查看账号信息' : '账号移交后才能查看账号信息')
  }
  const reason = client.reason?.trim() ?? ''
  if (access === 'operator' && !reason) {
    throw new AppError(400, '请填写查看原因', { errors: [{ field: 'reason', message: '请填写查看原因' }] })
  }
  const [stored] = await deps.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, order.goodsId))
  if (!stored) throw new AppError(404, '卖家尚未提交账号信息，请联系客服')
  const credentials = JSON.parse(deps.vault.open(stored.sealed, `goods:${order.goodsId}:credentials`)) as Credentials
  await deps.db.insert(credentialReveals).values({
    orderId,
    goodsId: order.goodsId,
    userId: viewer.userId,
    role: access,
    reason: access === 'buyer' ? '' : reason,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  })
  return { account: credentials.account, password: credentials.password, notes: credentials.notes ?? '' }
}
