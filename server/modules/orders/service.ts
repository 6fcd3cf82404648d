/**
 * Buying through escrow, the buyer's and the operator's use cases: quote, order, cancel, hand-over,
 * confirmation, refund, credentials (DOMAIN.md). Each step of the order itself is in `lifecycle.ts`;
 * paying is the payments module's.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type {
  AdminOrdersQuery,
  Credentials,
  Order,
  OrderDeadline,
  OrderRequest,
  OrderSource,
  OrderStatus,
  Quote,
  QuoteRequest,
} from '../../../src/contract/orders'
import type { PublicGoodsStatus } from '../../../src/contract/catalogue'
import { DAY_MS } from '../../../src/contract/constants'
import type { Payment } from '../../../src/contract/payments'
import { formatPrice } from '../../../src/contract/money'
import { isUniqueViolation, type Db, type Executor } from '../../db'
import { aftersaleCases, claims, games, goods, orderEvents, orders, payments, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, invalid } from '../../lib/envelope'
import { onceByKey } from '../../lib/idempotency'
import { orderByOf } from '../../lib/sorting'
import { waitText } from '../../lib/rateLimit'
import { tradeSettings, type Settings } from '../../lib/settings'
import type { Vault } from '../../lib/vault'
import { revealCredentials as openCredentials } from '../catalogue/credentials'
import { goodsMachine } from '../catalogue/machine'
import { regionNamer, VISIBLE_STATUSES } from '../catalogue/service'
import { account, post } from '../ledger/ledger'
import { notifyUsers } from '../messages/service'
import { markRefund, type PaymentRow } from '../payments/machine'
import { closeGatewayTrades, reconcilePayment, settleRefunds, tradeNumber, type PaymentDeps } from '../payments/service'
import {
  cancelIn,
  completeIn,
  handOverIn,
  orderMessage,
  releaseGoods,
  visibleOrder,
  ORDER_NOT_FOUND,
} from './lifecycle'
import {
  actionableOrder,
  actionsFor,
  credentialsAccess,
  orderMachine,
  type ActionableOrder,
  type OrderRow,
  type Viewer,
} from './machine'
import { priceOrder, type Priced } from './pricing'

export interface OrderDeps extends PaymentDeps {
  vault: Vault
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

export function toOrder(o: ActionableOrder, viewer: Viewer, paymentRows?: PaymentRow[]): Order {
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    id: o.id,
    no: o.no,
    kind: o.kind,
    source: o.source,
    rentalId: o.rentalId,
    status: o.status,
    claimStatus: o.claimStatus,
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
    reviewedAt: iso(o.reviewedAt),
    cancelledAt: iso(o.cancelledAt),
    refundedAt: iso(o.refundedAt),
    cancelReason: o.cancelReason,
    actions: actionsFor(o, viewer),
    ...(paymentRows ? { payments: paymentRows.map(toPayment) } : {}),
  }
}

async function orderPayments(db: Executor, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))
}

export async function getOrder(db: Executor, viewer: Viewer, id: number): Promise<Order> {
  const row = await visibleOrder(db, viewer, eq(orders.id, id))
  const [paymentRows, settings, [latestCase], [latestClaim]] = await Promise.all([
    orderPayments(db, id),
    tradeSettings(db),
    db
      .select({ id: aftersaleCases.id })
      .from(aftersaleCases)
      .where(eq(aftersaleCases.orderId, id))
      .orderBy(desc(aftersaleCases.id))
      .limit(1),
    // A turned-down claim may be followed by another: the latest is the one that counts.
    db
      .select({ id: claims.id, status: claims.status })
      .from(claims)
      .where(eq(claims.orderId, id))
      .orderBy(desc(claims.id))
      .limit(1),
  ])
  return {
    ...toOrder(
      { ...row, claimStatus: latestClaim && latestClaim.status !== 'rejected' ? latestClaim.status : null },
      viewer,
      paymentRows,
    ),
    deadline: deadlineOf(row, settings, new Date()),
    aftersaleId: latestCase?.id ?? null,
    claimId: latestClaim?.id ?? null,
  }
}

/** The order's next deadline, by the same settings the sweeper and the payouts go by. */
function deadlineOf(o: OrderRow, settings: Settings, now: Date): OrderDeadline | null {
  const at = (from: Date | null, days: number) => from && new Date(from.getTime() + days * DAY_MS)
  const deadline =
    o.status === 'pending_payment'
      ? { kind: 'payment' as const, at: o.closeAt }
      : o.status === 'handed_over'
        ? { kind: 'autoConfirm' as const, at: at(o.handedOverAt, settings.autoConfirmDays) }
        : o.status === 'completed'
          ? { kind: 'protection' as const, at: o.protectedUntil }
          : null
  return deadline?.at && deadline.at > now ? { kind: deadline.kind, at: deadline.at.toISOString() } : null
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

export interface OrdersQuery {
  /** Statuses, comma-separated (checked by the route's schema). */
  status?: string
  from?: string
  to?: string
  pageNum: number
  pageSize: number
  /** Staff only: */
  no?: string
  phone?: string
  gameId?: number
  kind?: AdminOrdersQuery['kind']
  source?: AdminOrdersQuery['source']
  sort?: AdminOrdersQuery['sort']
}

/** The buyer's own orders, or — for staff at the console — everyone's, found by number, phone or game. */
export async function listOrders(db: Executor, viewer: Viewer, query: OrdersQuery) {
  // A buyer's list is their purchases; what they pay for rentals is in their rentals (租号).
  const where: SQL[] = viewer.operator ? [] : [eq(orders.buyerId, viewer.userId), eq(orders.kind, 'sale')]
  if (viewer.operator && query.no) where.push(eq(orders.no, query.no.trim()))
  if (viewer.operator && query.phone)
    where.push(sql`${orders.buyerId} in (select id from users where phone = ${query.phone})`)
  if (viewer.operator && query.gameId)
    where.push(sql`${orders.goodsId} in (select id from goods where game_id = ${query.gameId})`)
  if (viewer.operator && query.kind) where.push(eq(orders.kind, query.kind))
  if (viewer.operator && query.source) where.push(eq(orders.source, query.source))
  if (query.status) where.push(inArray(orders.status, query.status.split(',') as OrderStatus[]))
  // Dates are the buyer's calendar days (China time).
  if (query.from) where.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00+08:00`)))
  if (query.to) where.push(lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00+08:00`) + 86_400_000)))
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(actionableOrder)
      .from(orders)
      .where(and(...where))
      .orderBy(
        ...orderByOf(query.sort, { createdAt: orders.createdAt, totalAmount: orders.totalAmount }, orders.id, [
          desc(orders.createdAt),
          desc(orders.id),
        ]),
      )
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

export async function goodsForSale(db: Executor, goodsId: number) {
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
  if (!row || !VISIBLE_STATUSES.includes(row.status as PublicGoodsStatus)) throw new AppError(404, '商品不存在')
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

/**
 * Listing hoarding (an unpaid order holds its listing until it times out): a cap on the buyer's unpaid
 * orders and a cooldown after repeated timeouts. The buyer's row is locked first, so two orders of one
 * buyer are decided one after the other and the count cannot be raced.
 */
export async function checkBuyerLimits(tx: Executor, userId: number, settings: Settings, now: Date): Promise<void> {
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
  return openOrder(tx, 'create', { kind: 'buyer', userId }, { item, buyerId: userId, choice: body, priced, settings })
}

/**
 * The order row of goods already taken for it: the goods as it is now, its price and fees, and the time to
 * pay. `create` is a buyer's order (from the catalogue, or of a 中介担保 ticket: `source`); `award` a
 * merchant's, opened by the seller who accepted their quote in 竞价回收.
 */
export async function openOrder(
  tx: Executor,
  event: 'create' | 'award',
  actor: { kind: 'buyer' | 'seller'; userId: number },
  {
    item,
    buyerId,
    choice,
    priced,
    settings,
    rental,
    source = 'market',
  }: {
    item: Awaited<ReturnType<typeof goodsForSale>>
    buyerId: number
    choice: Pick<OrderRequest, 'guaranteeType' | 'payMode'>
    priced: Pick<
      Priced,
      'goodsAmount' | 'guaranteeAmount' | 'serviceAmount' | 'totalAmount' | 'depositAmount' | 'commissionAmount'
    >
    settings: Settings
    /** The money of a rental (租号): its first order, or a renewal. */
    rental?: { kind: 'rental' | 'renewal'; rentalId: number; rentHours: number }
    source?: OrderSource
  },
): Promise<OrderRow> {
  const regionNames = await regionNamer(tx, [item.regionIds])
  const now = new Date()
  return orderMachine.create(tx, event, actor, {
    no: tradeNumber('HA', now),
    buyerId,
    sellerId: item.sellerId,
    goodsId: item.id,
    goods: {
      id: item.id,
      gameId: item.gameId,
      gameName: item.gameName,
      title: item.title,
      coverImage: item.coverImage,
      regionNames: regionNames(item.regionIds),
      price: item.price,
    },
    guaranteeType: choice.guaranteeType,
    payMode: choice.payMode,
    goodsAmount: priced.goodsAmount,
    guaranteeAmount: priced.guaranteeAmount,
    serviceAmount: priced.serviceAmount,
    totalAmount: priced.totalAmount,
    depositAmount: priced.depositAmount ?? null,
    commissionAmount: priced.commissionAmount,
    closeAt: new Date(now.getTime() + settings.unpaidOrderTimeoutMinutes * 60_000),
    createdAt: now,
    source,
    ...rental,
  })
}

/**
 * 竞价回收: the merchant's order for an account its seller has just awarded them (the goods moved to
 * in_trade at the quoted price by the caller, in the same transaction). Paid in full, no 包赔: the merchant
 * pays at the cashier like any buyer, and the deal runs on as any order — hand-over, confirmation, payout.
 */
export async function awardOrderIn(
  tx: Executor,
  seller: { userId: number },
  goodsId: number,
  merchantId: number,
): Promise<OrderRow> {
  const item = await goodsForSale(tx, goodsId)
  const settings = await tradeSettings(tx)
  const choice = { guaranteeType: 'none', payMode: 'full' } as const
  const priced = priceOrder(item, choice, settings)
  return openOrder(
    tx,
    'award',
    { kind: 'seller', userId: seller.userId },
    {
      item,
      buyerId: merchantId,
      choice,
      priced,
      settings,
      source: 'recycling',
    },
  )
}

/** An `Idempotency-Key` replay answers the first order (server/lib/idempotency.ts). */
export async function createOrder(db: Db, viewer: Viewer, body: OrderRequest, key?: string): Promise<Order> {
  try {
    return await db.transaction((tx) =>
      onceByKey(
        tx,
        { userId: viewer.userId, key, scope: 'order', request: body },
        async () => {
          const order = await createOrderIn(tx, viewer.userId, body)
          // A new order has no claim.
          return { id: order.id, made: toOrder({ ...order, claimStatus: null }, viewer) }
        },
        async (id) => toOrder((await tx.select(actionableOrder).from(orders).where(eq(orders.id, id)))[0], viewer),
      ),
    )
  } catch (error) {
    // The partial unique index caught a race the conditional update did not see (it never should).
    if (isUniqueViolation(error)) throw new AppError(409, '该商品正在交易中，请稍后再看')
    throw error
  }
}

// ---------------------------------------------------------------- life cycle

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

export async function handOver(deps: OrderDeps, staff: Staff, id: number): Promise<Order> {
  const order = await deps.db.transaction(async (tx) => {
    const handed = await handOverIn(tx, id, { kind: 'operator', userId: staff.userId }, new Date())
    if (handed) await audit(tx, staff, 'order.handOver', { type: 'order', id })
    return handed
  })
  if (!order) {
    await visibleOrder(deps.db, staff, eq(orders.id, id))
    throw new AppError(409, '订单未付清或状态不能移交')
  }
  return getOrder(deps.db, staff, id)
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
export async function refundOrder(deps: OrderDeps, staff: Staff, id: number, reason: string): Promise<Order> {
  const now = new Date()
  const order = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id))
    if (!current) throw new AppError(404, ORDER_NOT_FOUND)
    const refunded = await orderMachine.transition(
      tx,
      id,
      'refund',
      { kind: 'operator', userId: staff.userId, detail: { reason } },
      { refundedAt: now, refundAmount: current.paidAmount, cancelReason: reason },
    )
    if (!refunded) return null
    await audit(tx, staff, 'order.refund', { type: 'order', id }, { reason, amount: refunded.paidAmount })
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
    await markRefund(tx, id, refunded.paidAmount)
    await releaseGoods(tx, refunded, { kind: 'operator', userId: staff.userId })
    await notifyUsers(tx, [
      ...orderMessage(
        refunded,
        refunded.buyerId,
        'refunded',
        '订单已退款',
        `订单 ${refunded.no} 已退款 ${formatPrice(refunded.paidAmount)}，原路退回：${reason}。`,
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
  return getOrder(deps.db, staff, id)
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
    invalid('reason', '请填写查看原因')
  }
  const read = (tx: Executor) =>
    openCredentials(tx, deps.vault, order.goodsId, {
      orderId,
      userId: viewer.userId,
      role: access,
      reason: access === 'buyer' ? '' : reason,
      ip: client.ip,
      userAgent: client.userAgent,
    })
  // A staff reveal is a staff action: its audit row commits with the reveal's log row, or neither does.
  const credentials =
    access === 'buyer'
      ? await read(deps.db)
      : await deps.db.transaction(async (tx) => {
          const opened = await read(tx)
          if (opened)
            await audit(
              tx,
              { ...viewer, ip: client.ip },
              'order.credentials',
              { type: 'order', id: orderId },
              { reason },
            )
          return opened
        })
  if (!credentials) throw new AppError(404, '卖家尚未提交账号信息，请联系客服')
  return { account: credentials.account, password: credentials.password, notes: credentials.notes ?? '' }
}
