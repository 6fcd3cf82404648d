/**
 * 竞价回收 (API.md, "Selling, appraisal, recycling"): a seller offers an account to merchants for sealed,
 * timed bids above a reserve only the seller knows; merchants quote without seeing each other; the seller
 * picks one once bidding has closed. Money is integer fen; times come from the server clock.
 */
import { Type, type Static } from 'typebox'
import { AttributeRow, GOODS_STATUSES } from './catalogue'
import { AccountCredentials, ConsignmentRequest, Price } from './consignment'
import { OrderStatus } from './orders'
import { Body, Id, literals, Nullable, NullableTime, pageParams, Time } from './schemas'

/** The longest a bidding window may be (72 h); the shortest is the setting recycleMinWindowMinutes. */
export const MAX_RECYCLE_WINDOW_MINUTES = 72 * 60
export const DEFAULT_RECYCLE_WINDOW_MINUTES = 24 * 60
/** How long the seller has to pick a quote once bidding has closed. */
export const RECYCLE_CHOOSING_HOURS = 24

const { price: _price, ...listing } = ConsignmentRequest.properties

export const RECYCLE_PUBLISH_MODES = ['recycle', 'both'] as const
/** recycle 只竞价回收 (the account stays off the market) · both 官方代售+竞价回收. */
export const RecyclePublishMode = literals(RECYCLE_PUBLISH_MODES, { title: '发布模式' })
export type RecyclePublishMode = Static<typeof RecyclePublishMode>

/**
 * POST /account/backlist with `mode: recycle` (real name required): the account as the selling form
 * describes it — credentials and payout account included, sealed as in selling — with the reserve price
 * merchants never see and the bidding window.
 */
export const RecycleRequest = Body({
  mode: Type.Literal('recycle', { title: '类型' }),
  /** 只竞价回收, or 官方代售+竞价回收: listed for sale at `price` (through review) while merchants bid. */
  publishMode: Type.Optional(RecyclePublishMode),
  /** The sale price of 官方代售+竞价回收. */
  price: Type.Optional({ ...Price, title: '代售价' }),
  ...listing,
  /** Required here: the merchant's order is handed over from them. */
  credentials: AccountCredentials,
  /** Below it no quote can be accepted; shown to nobody but the seller. */
  reservePrice: { ...Price, title: '底价' },
  windowMinutes: Type.Integer({
    title: '报价时长（分钟）',
    minimum: 1,
    maximum: MAX_RECYCLE_WINDOW_MINUTES,
    default: DEFAULT_RECYCLE_WINDOW_MINUTES,
  }),
})
export type RecycleRequest = Static<typeof RecycleRequest>

export const RECYCLE_STATUSES = ['quoting', 'choosing', 'accepted', 'completed', 'cancelled', 'expired'] as const
export const RecycleStatus = literals(RECYCLE_STATUSES, {
  title: '回收状态',
  description:
    'quoting 报价中 · choosing 待选择 · accepted 交易中 · completed 已完成 · cancelled 已取消 · expired 已过期',
})
export type RecycleStatus = Static<typeof RecycleStatus>

export const RecycleAction = literals(['accept', 'cancel'] as const)
export type RecycleAction = Static<typeof RecycleAction>

/** GET /account/backlist/terms: the bidding windows a request may have now (the shortest is the operators'). */
export const RecycleTerms = Type.Object({
  minWindowMinutes: Type.Integer(),
  maxWindowMinutes: Type.Integer(),
  defaultWindowMinutes: Type.Integer(),
  /** How long the seller has to choose once bidding has closed. */
  choosingHours: Type.Integer(),
})
export type RecycleTerms = Static<typeof RecycleTerms>

/** The account on offer as everyone involved may see it: never the seller, the contact or the reserve. */
const OfferedAccount = {
  id: Type.Integer(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  regionNames: Type.Array(Type.String()),
  title: Type.String(),
  description: Type.String(),
  coverImage: Type.String(),
  images: Type.Array(Type.String()),
  /** The template's fields the seller filled, with their values. */
  attributeRows: Type.Array(AttributeRow),
  status: RecycleStatus,
  /** When bidding closes. */
  windowEndsAt: Time,
  createdAt: Time,
}

/** The seller's own request: the reserve, the count of quotes, and the best one once bidding has closed. */
export const MyRecycleRequest = Type.Object({
  ...OfferedAccount,
  reservePrice: Type.Integer(),
  quoteCount: Type.Integer(),
  /** Sealed while quoting: null until the window has closed. */
  bestQuote: Nullable(Type.Integer()),
  /** Until when a quote may be accepted (from choosing on). */
  choosingEndsAt: NullableTime,
  /** The merchant's order once a quote is accepted. */
  orderId: Nullable(Type.Integer()),
  publishMode: RecyclePublishMode,
  /** With 官方代售: the listing on the market, its price and where it stands. */
  listing: Nullable(Type.Object({ price: Type.Integer(), status: literals(GOODS_STATUSES) })),
  actions: Type.Array(RecycleAction),
})
export type MyRecycleRequest = Static<typeof MyRecycleRequest>

/** GET /account/backlist/allList: the user's recycling requests (by status), or with `mode=appraise` their appraisals. */
export const BacklistQuery = Type.Object({
  mode: Type.Optional(literals(['recycle', 'appraise'] as const, { title: '类型' })),
  status: Type.Optional(RecycleStatus),
  ...pageParams,
})
export type BacklistQuery = Static<typeof BacklistQuery>
export type MyRecycleQuery = Omit<BacklistQuery, 'mode'>

export const RecycleRequestId = Type.Object({ id: Id('回收单号') })

export const QUOTE_STATUSES = ['submitted', 'won', 'lost', 'closed'] as const
/** 已提交 · 已中标 · 未中标 (another was accepted) · 已关闭 (cancelled, expired or below the reserve). */
export const QuoteStatus = literals(QUOTE_STATUSES, { title: '报价状态' })
export type QuoteStatus = Static<typeof QuoteStatus>

/** A quote as the seller sees it once bidding has closed: the merchant by name only. */
export const Quote = Type.Object({
  id: Type.Integer(),
  merchantName: Type.String(),
  price: Type.Integer(),
  /** Whether it reaches the reserve (only those can be accepted). */
  meetsReserve: Type.Boolean(),
  status: QuoteStatus,
  updatedAt: Time,
})
export type Quote = Static<typeof Quote>

/** GET /merchant/requests: open requests, optionally of one game, the soonest to close first. */
export const OpenRequestsQuery = Type.Object({ gameId: Type.Optional(Id('游戏')), ...pageParams })
export type OpenRequestsQuery = Static<typeof OpenRequestsQuery>

/** A request in 回收大厅: the account and the countdown, and this merchant's own quote — nobody else's. */
export const OpenRequest = Type.Object({
  ...OfferedAccount,
  quoteCount: Type.Integer(),
  myQuote: Nullable(Type.Integer()),
})
export type OpenRequest = Static<typeof OpenRequest>

/** POST /merchant/quotes: a first quote, or a higher one, while bidding is open. */
export const QuoteRequest = Body({ requestId: Id('回收单号'), price: { ...Price, title: '报价' } })
export type QuoteRequest = Static<typeof QuoteRequest>

/** GET /merchant/quotes: the merchant's own quotes with the request they are on. */
export const MyQuote = Type.Object({
  id: Type.Integer(),
  price: Type.Integer(),
  status: QuoteStatus,
  updatedAt: Time,
  request: Type.Object({
    id: Type.Integer(),
    gameName: Type.String(),
    title: Type.String(),
    coverImage: Type.String(),
    windowEndsAt: Time,
  }),
  /** The order to pay once this quote has won. */
  orderId: Nullable(Type.Integer()),
  /** Where that order is now (null until the quote has won). */
  orderStatus: Nullable(OrderStatus),
})
export type MyQuote = Static<typeof MyQuote>

/** GET /merchant/quotes: a page of them, or the one `id` names (as a message about it opens it). */
export const MyQuotesQuery = Type.Object({ id: Type.Optional(Id('报价编号')), ...pageParams })
export type MyQuotesQuery = Static<typeof MyQuotesQuery>

/** POST /account/backlist/{id}/accept. */
export const AcceptQuote = Body({ quoteId: Id('报价编号') })
export type AcceptQuote = Static<typeof AcceptQuote>
