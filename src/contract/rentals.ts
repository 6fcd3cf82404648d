/**
 * 租号 (API.md, "Rentals"): a renter hires a rentable listing for some hours; the rent and the deposit are paid
 * like any order (`POST /pay/{orderId}`), the renter reads the credentials while the rental is active, the
 * account comes back at `endAt` (or earlier), the owner checks it within the window and the money settles: the
 * owner the rent less commission (plus any damage staff award), the renter the deposit less that damage.
 * Money is integer fen, times ISO-8601.
 */
import { Type, type Static } from 'typebox'
import { RENT_LIMITS } from './constants'
import { Settlement } from './payments'
import { Body, Id, literals, Nullable, NullableTime, pageParams, Time } from './schemas'

export const RENTAL_STATUSES = ['pending_payment', 'active', 'returned', 'disputed', 'settled', 'cancelled'] as const
export const RentalStatus = literals(RENTAL_STATUSES, {
  title: '租号状态',
  description:
    'pending_payment 待支付 · active 租用中 · returned 已归还（号主验号中） · disputed 投诉处理中 · settled 已结算 · cancelled 已取消',
})
export type RentalStatus = Static<typeof RentalStatus>

/**
 * What the viewer may do now: the renter pays, cancels an unpaid rental, reads the account, renews, returns it
 * early, complains; the owner confirms the return or complains of a broken rule; staff decide a complaint.
 */
export const RentalAction = literals([
  'pay',
  'cancel',
  'credentials',
  'renew',
  'return',
  'complain',
  'confirmReturn',
  'decide',
] as const)
export type RentalAction = Static<typeof RentalAction>

const Hours = Type.Integer({ title: '租用时长', minimum: RENT_LIMITS.minHours, maximum: RENT_LIMITS.maxHours })

/** POST /need/rental. */
export const RentalRequest = Body({ goodsId: Id('商品编号'), hours: Hours })
export type RentalRequest = Static<typeof RentalRequest>

/** POST /need/rental/{id}/renew. */
export const RentalRenewal = Body({ hours: Hours })
export type RentalRenewal = Static<typeof RentalRenewal>

/** What POST /need/rental and …/renew answer: the order to pay now, and its total. */
export const RentalPayable = Type.Object({ id: Type.Integer(), orderId: Type.Integer(), totalAmount: Type.Integer() })
export type RentalPayable = Static<typeof RentalPayable>

/**
 * The renter's complaints (账号不符, 密码错误 — within 15 minutes of the start these refund in full — 被顶号/找回)
 * and the owner's (违反租号规则, 账号受损).
 */
export const RENTAL_COMPLAINT_REASONS = [
  'mismatch',
  'wrong_password',
  'kicked',
  'rule_broken',
  'damaged',
  'other',
] as const
export const RentalComplaintReason = literals(RENTAL_COMPLAINT_REASONS, { title: '投诉原因' })
export type RentalComplaintReason = Static<typeof RentalComplaintReason>

/** POST /need/rental/{id}/complain. */
export const RentalComplaintRequest = Body({
  reason: RentalComplaintReason,
  description: Type.String({ title: '问题描述', minLength: 5, maxLength: 500 }),
  images: Type.Array(Type.String({ title: '图片', minLength: 1, maxLength: 200 }), {
    title: '图片',
    maxItems: 6,
    uniqueItems: true,
    description: '/upload/image 返回的地址',
  }),
})
export type RentalComplaintRequest = Static<typeof RentalComplaintRequest>

export const RentalComplaint = Type.Object({
  by: literals(['renter', 'owner'] as const),
  reason: RentalComplaintReason,
  description: Type.String(),
  images: Type.Array(Type.String()),
  at: Time,
})
export type RentalComplaint = Static<typeof RentalComplaint>

/**
 * POST /api/admin/rentals/{id}/decide: `refund` gives the renter everything back (the account was not as
 * rented); `settle` settles as usual, with `damage` (0 to the deposit) of the deposit to the owner.
 */
export const RentalDecision = Body({
  outcome: literals(['refund', 'settle'] as const, { title: '处理结果' }),
  damage: Type.Optional(Type.Integer({ title: '赔偿号主', minimum: 0, maximum: 100_000_000 })),
  reason: Type.String({ title: '处理说明', minLength: 2, maxLength: 300 }),
})
export type RentalDecision = Static<typeof RentalDecision>

export const Rental = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  title: Type.String(),
  coverImage: Type.String(),
  gameName: Type.String(),
  /** The viewer's side of it. */
  role: literals(['renter', 'owner', 'staff'] as const),
  status: RentalStatus,
  hours: Type.Integer(),
  /** The longest the listing lets it run, renewals included. */
  maxHours: Type.Integer(),
  hourly: Type.Integer(),
  daily: Type.Integer(),
  /** All the rent paid, renewals included. */
  rentAmount: Type.Integer(),
  depositAmount: Type.Integer(),
  /** What staff awarded the owner out of the deposit. */
  damageAmount: Type.Integer(),
  /** The owner's share at settlement: the rent less the commission, plus the damage. */
  ownerAmount: Type.Integer(),
  /**
   * Once settled, the owner's money as it is paid out, one payout an order (the first — its rent, plus any
   * damage — then each renewal's), `payee` on one the gateway refused. The owner's and staff's; empty to the renter.
   */
  payouts: Type.Array(Type.Object({ kind: literals(['rental', 'renewal'] as const), ...Settlement.properties })),
  rules: Type.Array(Type.String()),
  /** The first order (rent + deposit); while unpaid, what `pay` pays. */
  orderId: Type.Integer(),
  /** A renewal waiting to be paid: the order, its hours and total. */
  renewal: Nullable(Type.Object({ orderId: Type.Integer(), hours: Type.Integer(), totalAmount: Type.Integer() })),
  /** While `pending_payment`: when it cancels itself. */
  closeAt: Time,
  startAt: NullableTime,
  endAt: NullableTime,
  returnedAt: NullableTime,
  /** While `returned`: when it settles by itself unless the owner complains. */
  checkUntil: NullableTime,
  settledAt: NullableTime,
  /** Until when a 账号不符/密码错误 complaint refunds in full. */
  fullRefundUntil: NullableTime,
  complaint: Nullable(RentalComplaint),
  /** Staff's decision of a complaint. */
  decision: Nullable(Type.Object({ outcome: literals(['refund', 'settle'] as const), reason: Type.String() })),
  createdAt: Time,
  actions: Type.Array(RentalAction, { description: '当前用户此刻可做的操作；客户端只显示这些' }),
})
export type Rental = Static<typeof Rental>

/** GET /need/rentals. */
export const RentalsQuery = Type.Object({
  role: Type.Optional(literals(['renter', 'owner'] as const, { title: '身份' })),
})
export type RentalsQuery = Static<typeof RentalsQuery>

/** GET /api/admin/rentals: the complaints waiting first (the longest waiting first), then the newest. */
export const AdminRentalsQuery = Type.Object({
  status: Type.Optional(RentalStatus),
  ...pageParams,
})
export type AdminRentalsQuery = Static<typeof AdminRentalsQuery>
