/**
 * Payloads and results of the order calls (API.md, "Orders and payment"). Money is integer fen, ids
 * integers, times ISO-8601 strings. Every amount is computed by the server from the settings; the client
 * only shows them.
 */
import { Type, type Static } from 'typebox'
import { ClaimStatus } from './claims'
import { Payment } from './payments'
import { Body, Id, literals, Nullable, NullableTime, pageParams, sortParam, Time } from './schemas'

/** 找回包赔 / 人脸包赔 / 不需要包赔. */
export const GuaranteeType = literals(['retrieval', 'face', 'none'] as const, { title: '包赔方式' })
export type GuaranteeType = Static<typeof GuaranteeType>
/** Pay the whole total now, or a deposit (定金) now and the balance (尾款) later. */
export const PayMode = literals(['full', 'deposit'] as const, { title: '支付方式' })
export type PayMode = Static<typeof PayMode>

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'handed_over',
  'completed',
  'cancelled',
  'refunded',
  'disputed',
] as const
export const OrderStatus = literals(ORDER_STATUSES)
export type OrderStatus = Static<typeof OrderStatus>

/**
 * What the signed-in user may do with an order right now; the client shows exactly these.
 * `pay` = pay the deposit or the full total, `payBalance` = pay the rest after a deposit.
 */
export const OrderAction = literals([
  'pay',
  'payBalance',
  'cancel',
  'credentials',
  'confirm',
  'handOver',
  'refund',
  'aftersale',
  'claim',
  'review',
] as const)
export type OrderAction = Static<typeof OrderAction>

export const OrderId = Type.Object({ id: Id('订单编号') })

/** POST /order/quote. */
export const QuoteRequest = Body({
  goodsId: Id('商品'),
  guaranteeType: GuaranteeType,
  payMode: PayMode,
})
export type QuoteRequest = Static<typeof QuoteRequest>

/** POST /order: the quote's choices, and 《购买须知》 accepted. */
export const OrderRequest = Body({
  ...QuoteRequest.properties,
  agree: Type.Literal(true, { title: '同意《购买须知》' }),
})
export type OrderRequest = Static<typeof OrderRequest>

/** A rate in basis points of an amount, and the least it comes to (fen). */
export const Rate = Type.Object({ rateBps: Type.Integer(), min: Type.Integer({ description: '最低（分）' }) })
export type Rate = Static<typeof Rate>

export const QuoteTerms = Type.Object({
  guaranteeRetrieval: Rate,
  guaranteeFace: Rate,
  /** Of the order total. */
  deposit: Rate,
  /** An unpaid order is cancelled after this many minutes. */
  unpaidOrderTimeoutMinutes: Type.Integer(),
})
export type QuoteTerms = Static<typeof QuoteTerms>

export const Quote = Type.Object({
  goodsAmount: Type.Integer(),
  guaranteeAmount: Type.Integer(),
  serviceAmount: Type.Integer(),
  totalAmount: Type.Integer(),
  /** Present when `payMode` is deposit: what is paid first. */
  depositAmount: Type.Optional(Type.Integer()),
  /** What the first payment will be: the deposit or the total. */
  payNow: Type.Integer(),
  /**
   * The guarantee types this goods offers (a seller may include one, or offer none), each with what it
   * would cost on this goods: the buyer compares them side by side.
   */
  guaranteeOptions: Type.Array(Type.Object({ type: GuaranteeType, amount: Type.Integer() })),
  /** Whether a deposit is allowed for this goods (price at least the setting). */
  depositAllowed: Type.Boolean(),
  /** The rules behind the amounts, from the settings, for the texts the buyer reads beside each choice. */
  terms: QuoteTerms,
})
export type Quote = Static<typeof Quote>

/** What the order remembers of the goods at the time it was made. */
export const OrderGoods = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  title: Type.String(),
  coverImage: Type.String(),
  regionNames: Type.Array(Type.String()),
  price: Type.Integer(),
})
export type OrderGoods = Static<typeof OrderGoods>

/**
 * The order's next deadline: the unpaid timeout (it cancels itself), the automatic 确认收货 after hand-over,
 * and the protection window after completion (the seller is paid when it ends).
 */
export const ORDER_DEADLINE_KINDS = ['payment', 'autoConfirm', 'protection'] as const
export const OrderDeadline = Type.Object({ kind: literals(ORDER_DEADLINE_KINDS), at: Time })
export type OrderDeadline = Static<typeof OrderDeadline>

/** A sale, or the money of a rental (租号): the rent and deposit, or a renewal's rent. */
export const ORDER_KINDS = ['sale', 'rental', 'renewal'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * Where a sale came from: a listing bought from the catalogue (or rented), an account a merchant won in
 * 竞价回收, or the account of a 中介担保 ticket. Set when the order is opened, never changed.
 */
export const ORDER_SOURCES = ['market', 'recycling', 'escrow'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

export const Order = Type.Object({
  id: Type.Integer(),
  /** Human order number, e.g. HA20261122153012345678. */
  no: Type.String(),
  kind: literals(ORDER_KINDS),
  source: literals(ORDER_SOURCES),
  /** The rental (租号) a `rental` or `renewal` order pays for: GET /need/rental/{id}. */
  rentalId: Nullable(Type.Integer()),
  status: OrderStatus,
  /** Where its 包赔 claim stands, while one is in hand or once it is paid (null: none, or turned down). */
  claimStatus: Nullable(ClaimStatus),
  goods: OrderGoods,
  guaranteeType: GuaranteeType,
  payMode: PayMode,
  goodsAmount: Type.Integer(),
  guaranteeAmount: Type.Integer(),
  serviceAmount: Type.Integer(),
  totalAmount: Type.Integer(),
  depositAmount: Nullable(Type.Integer()),
  paidAmount: Type.Integer(),
  refundAmount: Type.Integer(),
  /** While `pending_payment`: when the order cancels itself if unpaid. */
  closeAt: Time,
  createdAt: Time,
  paidAt: NullableTime,
  handedOverAt: NullableTime,
  completedAt: NullableTime,
  /** When the buyer reviewed it (评价); the review may be changed for 7 days. */
  reviewedAt: NullableTime,
  cancelledAt: NullableTime,
  refundedAt: NullableTime,
  cancelReason: Type.String(),
  actions: Type.Array(OrderAction, { description: '当前用户此刻可做的操作；客户端只显示这些' }),
  /** In the detail only. */
  payments: Type.Optional(Type.Array(Payment)),
  /** In the detail only: the latest after-sale case (申请售后) of the order, if any — GET /need/aftersale/{id}. */
  aftersaleId: Type.Optional(Nullable(Type.Integer())),
  /** In the detail only: the latest 包赔 claim of the order, if any — GET /need/claims/{id}. */
  claimId: Type.Optional(Nullable(Type.Integer())),
  /** In the detail only: what the order waits for next, and until when (null: nothing timed). */
  deadline: Type.Optional(Nullable(OrderDeadline)),
})
export type Order = Static<typeof Order>

/**
 * GET /need/myOrder: `status` is one status or several, comma-separated (the 交易中 tab is
 * `paid,handed_over,disputed`); `from`/`to` are dates (YYYY-MM-DD, inclusive).
 */
export const MyOrdersQuery = Type.Object({
  status: Type.Optional(
    Type.String({
      title: '订单状态',
      description: `一个或多个状态，逗号分隔：${ORDER_STATUSES.join('、')}`,
      pattern: `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`,
    }),
  ),
  from: Type.Optional(Type.String({ title: '开始日期', format: 'date' })),
  to: Type.Optional(Type.String({ title: '结束日期', format: 'date' })),
  ...pageParams,
})
export type MyOrdersQuery = Static<typeof MyOrdersQuery>

/** GET /api/admin/orders: the same filters over everyone's orders, and by number, buyer's phone or game. */
export const AdminOrdersQuery = Type.Object({
  ...MyOrdersQuery.properties,
  no: Type.Optional(Type.String({ title: '订单编号', maxLength: 40 })),
  phone: Type.Optional(Type.String({ title: '买家手机号', pattern: '^1\\d{10}$' })),
  gameId: Type.Optional(Type.Integer({ title: '游戏', minimum: 1 })),
  kind: Type.Optional(literals(ORDER_KINDS, { title: '类型' })),
  source: Type.Optional(literals(ORDER_SOURCES, { title: '来源' })),
  sort: sortParam(['createdAt', 'totalAmount']),
})
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>

/** POST /order: a retry with the same key answers the first order instead of making a second. */
export const IdempotencyHeader = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ title: 'Idempotency-Key', minLength: 8, maxLength: 64 })),
})

/** GET /need/myOrder/byTradeNo: the Alipay return page finds its order. */
export const TradeNoQuery = Type.Object({ outTradeNo: Type.String({ title: '支付单号', minLength: 1, maxLength: 64 }) })

/** POST /need/myOrder/{id}/cancel: the body may be left out. */
export const CancelRequest = Body({ reason: Type.Optional(Type.String({ title: '取消原因', maxLength: 100 })) })
export type CancelRequest = Static<typeof CancelRequest>

/** POST /api/admin/orders/{id}/credentials: staff say why they look (验号 before the hand-over). */
export const RevealRequest = Body({ reason: Type.String({ title: '查看原因', minLength: 1, maxLength: 200 }) })
export type RevealRequest = Static<typeof RevealRequest>

/** GET /need/myOrder/{id}/credentials — logged on every call. */
export const Credentials = Type.Object({ account: Type.String(), password: Type.String(), notes: Type.String() })
export type Credentials = Static<typeof Credentials>

/** POST /admin/orders/{id}/refund. */
export const RefundRequest = Body({ reason: Type.String({ title: '退款原因', minLength: 1, maxLength: 200 }) })
export type RefundRequest = Static<typeof RefundRequest>

// ── the staff's order desk ──────────────────────────────────────────────────────────────────────

/** One step of the order's life, from its event row: what happened, between which statuses, by whom. */
/** The order machine's events (server/modules/orders/machine.ts declares each one's transition). */
export const ORDER_EVENTS = [
  'create',
  'award',
  'pay',
  'payBalance',
  'cancel',
  'handOver',
  'confirm',
  'refund',
  'dispute',
  'resume',
  'conclude',
  'refundDispute',
  'settleRental',
  'refundRental',
] as const
export type OrderEvent = (typeof ORDER_EVENTS)[number]

/** Who moves an order: buyer, seller, operator (staff), system (the sweeper) or gateway (a signed notice). */
export const ORDER_ACTORS = ['buyer', 'seller', 'operator', 'system', 'gateway'] as const
export type OrderActor = (typeof ORDER_ACTORS)[number]

export const OrderTimelineEntry = Type.Object({
  event: literals(ORDER_EVENTS),
  fromStatus: Nullable(OrderStatus),
  toStatus: OrderStatus,
  actor: literals(ORDER_ACTORS),
  /** The staff member's username, a buyer's or seller's nickname; '' for the system and the gateway. */
  actorName: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  at: Time,
})
export type OrderTimelineEntry = Static<typeof OrderTimelineEntry>

export const LEDGER_KINDS = [
  'hold',
  'settle',
  'fee',
  'release',
  'refund',
  'compensation',
  'recovery',
  'contribution',
] as const

/** A posting of the escrow journal for this order: money from one account to another (fen). */
export const OrderLedgerEntry = Type.Object({
  id: Type.Integer(),
  kind: literals(LEDGER_KINDS),
  amount: Type.Integer(),
  debitAccount: Type.String(),
  creditAccount: Type.String(),
  at: Time,
})
export type OrderLedgerEntry = Static<typeof OrderLedgerEntry>

/** A party to an order as the desk sees them: the phone masked. */
const OrderParty = Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String({ description: '打码' }) })

/**
 * GET /api/admin/orders/{id}: the order with who bought and who sold it (null: 平台自营), phones masked, its
 * timeline and its ledger.
 */
export const AdminOrderDetail = Type.Object({
  ...Order.properties,
  buyer: OrderParty,
  seller: Nullable(OrderParty),
  timeline: Type.Array(OrderTimelineEntry),
  ledger: Type.Array(OrderLedgerEntry),
})
export type AdminOrderDetail = Static<typeof AdminOrderDetail>
