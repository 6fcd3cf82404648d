/**
 * 评价 (API.md, "Trust"): once an order is completed its buyer may review it once (editable for 7 days); a
 * seller's rating — count, average, share of five stars — and the latest reviews are public, on goodDetail and
 * the seller card; 自营 listings show the platform's own. Staff may hide a review with a reason.
 */
import { Type, type Static } from 'typebox'
import { REVIEW_LIMITS, REVIEW_TAGS } from './constants'
import { Body, Id, literals, Nullable, pageParams, Time } from './schemas'

export const ReviewTag = literals(REVIEW_TAGS, { title: '评价标签' })
export type ReviewTag = Static<typeof ReviewTag>

/** POST (and PUT, within the edit window) /need/myOrder/{id}/review. */
export const ReviewRequest = Body({
  rating: Type.Integer({ title: '评分', minimum: 1, maximum: 5 }),
  tags: Type.Array(ReviewTag, { title: '评价标签', maxItems: REVIEW_TAGS.length, uniqueItems: true }),
  text: Type.String({ title: '评价内容', maxLength: REVIEW_LIMITS.text }),
})
export type ReviewRequest = Static<typeof ReviewRequest>

/** A review as the public reads it: the words with contact details masked, the buyer's name masked. */
export const PublicReview = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer(),
  tags: Type.Array(Type.String()),
  text: Type.String(),
  buyerName: Type.String(),
  goodsTitle: Type.String(),
  createdAt: Time,
})
export type PublicReview = Static<typeof PublicReview>

/** The buyer's own review of an order: as written, with until when it may be changed. */
export const MyReview = Type.Object({
  ...PublicReview.properties,
  orderId: Type.Integer(),
  editableUntil: Time,
  editable: Type.Boolean(),
  hidden: Type.Boolean(),
})
export type MyReview = Static<typeof MyReview>

export const Rating = Type.Object({
  count: Type.Integer(),
  /** One decimal; null before any review. */
  average: Nullable(Type.Number()),
  /** Share of five-star reviews, basis points; null before any review. */
  fiveStarBps: Nullable(Type.Integer()),
})
export type Rating = Static<typeof Rating>

/** GET /web/seller/{id} and GET /web/good/{id}/seller: no phone, no real name. */
export const SellerCard = Type.Object({
  /** null: the platform itself (自营). */
  id: Nullable(Type.Integer()),
  name: Type.String(),
  /** Completed sales. */
  sales: Type.Integer(),
  since: Nullable(Time),
  rating: Rating,
  latest: Type.Array(PublicReview),
})
export type SellerCard = Static<typeof SellerCard>

export const SellerId = Type.Object({ id: Id('卖家') })

export const AdminReviewsQuery = Type.Object({
  ...pageParams,
  hidden: Type.Optional(Type.Boolean({ title: '已隐藏' })),
})
export type AdminReviewsQuery = Static<typeof AdminReviewsQuery>

export const AdminReview = Type.Object({
  ...PublicReview.properties,
  orderId: Type.Integer(),
  /** What the buyer wrote, unmasked (staff only). */
  original: Type.String(),
  sellerId: Nullable(Type.Integer()),
  hidden: Type.Boolean(),
  hiddenReason: Type.String(),
})
export type AdminReview = Static<typeof AdminReview>

export const ReviewId = Type.Object({ id: Id('评价') })
export const ReviewHide = Body({ reason: Type.String({ title: '隐藏原因', minLength: 2, maxLength: 200 }) })
export type ReviewHide = Static<typeof ReviewHide>
