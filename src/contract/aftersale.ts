/**
 * 申请售后 (API.md, "Orders and payment"): a buyer with a problem after hand-over — or after completion,
 * within the protection window — opens a case with evidence; the order is `disputed` (the seller's payout
 * frozen) while the seller has 48 hours to answer and staff decide. Money is integer fen, times ISO-8601.
 */
import { Type, type Static } from 'typebox'
import { AFTERSALE_LIMITS } from './constants'
import { Body, Id, literals, Nullable, NullableTime, pageParams, Time } from './schemas'

/** 与描述不符 / 账号被找回 / 账号被封 / 其他. */
export const AftersaleReason = literals(['not_as_described', 'recovered', 'banned', 'other'] as const, {
  title: '售后原因',
})
export type AftersaleReason = Static<typeof AftersaleReason>

const Images = Type.Array(Type.String({ title: '图片', minLength: 1, maxLength: 200 }), {
  title: '图片',
  maxItems: AFTERSALE_LIMITS.images,
  uniqueItems: true,
  description: '/upload/image 返回的地址',
})

/** POST /need/myOrder/{id}/aftersale. */
export const AftersaleRequest = Body({
  reason: AftersaleReason,
  description: Type.String({
    title: '问题描述',
    minLength: AFTERSALE_LIMITS.text.min,
    maxLength: AFTERSALE_LIMITS.text.max,
  }),
  images: Images,
})
export type AftersaleRequest = Static<typeof AftersaleRequest>

/** POST /need/aftersale/{id}/reply: the seller's answer. */
export const AftersaleReply = Body({
  text: Type.String({ title: '回复内容', minLength: AFTERSALE_LIMITS.text.min, maxLength: AFTERSALE_LIMITS.text.max }),
  images: Images,
})
export type AftersaleReply = Static<typeof AftersaleReply>

export const AftersaleOutcome = literals(['refund_full', 'refund_partial', 'reject'] as const, { title: '处理结果' })
export type AftersaleOutcome = Static<typeof AftersaleOutcome>

/** POST /api/admin/aftersale/{id}/decide: `amount` only, and always, with a partial refund. */
export const AftersaleDecision = Body({
  outcome: AftersaleOutcome,
  amount: Type.Optional(Id('退款金额')),
  reason: Type.String({ title: '处理说明', minLength: 2, maxLength: 300 }),
})
export type AftersaleDecision = Static<typeof AftersaleDecision>

export const AFTERSALE_STATUSES = ['awaiting_seller', 'awaiting_staff', 'decided'] as const
export const AftersaleStatus = literals(AFTERSALE_STATUSES, {
  title: '售后状态',
  description: 'awaiting_seller 待卖家回复 · awaiting_staff 待平台处理 · decided 已处理',
})
export type AftersaleStatus = Static<typeof AftersaleStatus>

/** The seller's 回复, staff's 处理. */
export const AftersaleAction = literals(['reply', 'decide'] as const)
export type AftersaleAction = Static<typeof AftersaleAction>

export const AftersaleCase = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  title: Type.String(),
  coverImage: Type.String(),
  /** What the buyer paid, and the most a partial refund may be (the seller's net). */
  paidAmount: Type.Integer(),
  maxPartialRefund: Type.Integer(),
  /** 自营: the platform is the seller and answers through staff. */
  ownStock: Type.Boolean(),
  reason: AftersaleReason,
  description: Type.String(),
  images: Type.Array(Type.String()),
  status: AftersaleStatus,
  /** The case went to staff because the seller did not answer in time (卖家未响应). */
  sellerSilent: Type.Boolean(),
  reply: Nullable(Type.Object({ text: Type.String(), images: Type.Array(Type.String()), at: Time })),
  /** The current deadline: the seller's answer while awaiting them, staff's decision after. */
  dueAt: NullableTime,
  outcome: Nullable(AftersaleOutcome),
  refundAmount: Type.Integer(),
  decisionReason: Type.String(),
  decidedAt: NullableTime,
  createdAt: Time,
  /** The viewer's place: buyer, seller or staff. */
  role: literals(['buyer', 'seller', 'staff'] as const),
  actions: Type.Array(AftersaleAction),
})
export type AftersaleCase = Static<typeof AftersaleCase>

export const AftersaleCaseId = Type.Object({ id: Id('售后编号') })

/** GET /api/admin/aftersale: open cases by oldest deadline first (status filters; default the open ones). */
export const AdminAftersaleQuery = Type.Object({
  ...pageParams,
  status: Type.Optional(AftersaleStatus),
})
export type AdminAftersaleQuery = Static<typeof AdminAftersaleQuery>

export const AftersaleCasePage = Type.Object({ rows: Type.Array(AftersaleCase), total: Type.Integer() })
export type AftersaleCasePage = Static<typeof AftersaleCasePage>
