/**
 * Payloads and results of the order calls (API.md, "Orders and payment"). Type-only: the client imports
 * it with `import type`. Money is integer fen, ids integers, times ISO-8601 strings. Every amount is
 * computed by the server from the settings; the client only shows them.
 */
import type { Payment } from './payments'

/** 找回包赔 / 人脸包赔 / 不需要包赔. */
export type GuaranteeType = 'retrieval' | 'face' | 'none'
/** Pay the whole total now, or a deposit (定金) now and the balance (尾款) later. */
export type PayMode = 'full' | 'deposit'

export type OrderStatus = 'pending_payment' | 'paid' | 'handed_over' | 'completed' | 'cancelled' | 'refunded'

/**
 * What the signed-in user may do with an order right now; the client shows exactly these.
 * `pay` = pay the deposit or the full total, `payBalance` = pay the rest after a deposit.
 */
export type OrderAction = 'pay' | 'payBalance' | 'cancel' | 'credentials' | 'confirm' | 'handOver' | 'refund'

/** POST /order/quote and POST /order. */
export interface QuoteRequest {
  goodsId: number
  guaranteeType: GuaranteeType
  payMode: PayMode
}

export interface OrderRequest extends QuoteRequest {
  /** 《购买须知》 accepted. */
  agree: true
}

export interface Quote {
  goodsAmount: number
  guaranteeAmount: number
  serviceAmount: number
  totalAmount: number
  /** Present when `payMode` is deposit: what is paid first. */
  depositAmount?: number
  /** What the first payment will be: the deposit or the total. */
  payNow: number
  /** Guarantee types this goods offers (a seller may include one, or offer none). */
  guaranteeTypes: GuaranteeType[]
  /** Whether a deposit is allowed for this goods (price at least the setting). */
  depositAllowed: boolean
  /** The rules behind the amounts, from the settings, for the texts the buyer reads beside each choice. */
  terms: QuoteTerms
}

/** A rate in basis points of an amount, and the least it comes to (fen). */
export interface Rate {
  rateBps: number
  min: number
}

export interface QuoteTerms {
  guaranteeRetrieval: Rate
  guaranteeFace: Rate
  /** Of the order total. */
  deposit: Rate
  /** An unpaid order is cancelled after this many minutes. */
  unpaidOrderTimeoutMinutes: number
}

/** What the order remembers of the goods at the time it was made. */
export interface OrderGoods {
  id: number
  gameId: number
  gameName: string
  title: string
  coverImage: string
  regionNames: string[]
  price: number
}

export interface Order {
  id: number
  /** Human order number, e.g. HA20261122153012345678. */
  no: string
  status: OrderStatus
  goods: OrderGoods
  guaranteeType: GuaranteeType
  payMode: PayMode
  goodsAmount: number
  guaranteeAmount: number
  serviceAmount: number
  totalAmount: number
  depositAmount: number | null
  paidAmount: number
  refundAmount: number
  /** While `pending_payment`: when the order cancels itself if unpaid. */
  closeAt: string
  createdAt: string
  paidAt: string | null
  handedOverAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  refundedAt: string | null
  cancelReason: string
  actions: OrderAction[]
  /** In the detail only. */
  payments?: Payment[]
}

/**
 * GET /need/myOrder: `status` is one status or several, comma-separated (the 交易中 tab is
 * `paid,handed_over`); `from`/`to` are dates (YYYY-MM-DD, inclusive).
 */
export interface MyOrdersQuery {
  status?: string
  from?: string
  to?: string
  pageNum?: number
  pageSize?: number
}

/** GET /need/myOrder/{id}/credentials — logged on every call. */
export interface Credentials {
  account: string
  password: string
  notes: string
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: '待支付',
  paid: '交易中',
  handed_over: '待确认收货',
  completed: '交易成功',
  cancelled: '已取消',
  refunded: '已退款',
}

export const GUARANTEE_LABELS: Record<GuaranteeType, string> = {
  retrieval: '找回包赔',
  face: '人脸包赔',
  none: '不需要包赔',
}
