/**
 * 账号估价 (API.md, "Selling, appraisal, recycling"): a user describes an account as the selling form does
 * and gets at once what comparable accounts sold for here; with too few comparables a person appraises it
 * (the console's 估价 queue). No real name needed. Money is integer fen.
 */
import { Type, type Static } from 'typebox'
import { AttributeRow, GameType } from './catalogue'
import { ConsignmentRequest, Price } from './consignment'
import { Comparable, Estimate } from './priceIndex'
import { Body, Id, literals, Nullable, NullableTime, pageParams, sortParam, Time } from './schemas'

const { gameId, regionIds, attributes, description, images } = ConsignmentRequest.properties

/** POST /account/backlist with `mode: appraise`. */
export const AppraisalRequest = Body({
  mode: Type.Literal('appraise', { title: '类型' }),
  gameId,
  regionIds,
  attributes,
  description: Type.Optional(description),
  images: Type.Optional(images),
  /** 心理价位: what the user hopes for; shown to the appraiser, never used by the index. */
  expectedPrice: Type.Optional({ ...Price, title: '心理价位' }),
})
export type AppraisalRequest = Static<typeof AppraisalRequest>

export const APPRAISAL_STATUSES = ['pending', 'estimated'] as const
export const AppraisalStatus = literals(APPRAISAL_STATUSES, {
  title: '估价状态',
  description: 'pending 待人工估价 · estimated 已估价',
})
export type AppraisalStatus = Static<typeof AppraisalStatus>

/** The owner's next steps with an estimate (我要卖, 竞价回收), and the appraiser's (估价). */
export const AppraisalAction = literals(['sell', 'recycle', 'estimate'] as const)
export type AppraisalAction = Static<typeof AppraisalAction>

/** An appraisal as its owner sees it: what they described, and the estimate with the deals behind it. */
export const Appraisal = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  /** Names the region levels (系统 / 渠道 or 大区 / 服务器). */
  gameType: GameType,
  regionIds: Type.Array(Type.Integer()),
  regionNames: Type.Array(Type.String()),
  /** As submitted, so 我要卖 and 竞价回收 can start from them. */
  attributes: Type.Record(Type.String(), Type.Unknown()),
  attributeRows: Type.Array(AttributeRow),
  description: Type.String(),
  images: Type.Array(Type.String()),
  expectedPrice: Nullable(Type.Integer()),
  status: AppraisalStatus,
  estimate: Nullable(Estimate),
  /** Comparable deals found (at most 20 are read). */
  comparableCount: Type.Integer(),
  comparables: Type.Array(Comparable),
  /** `index`: computed from comparable deals; `staff`: an appraiser's, with their note. */
  source: Nullable(literals(['index', 'staff'] as const)),
  note: Type.String(),
  estimatedAt: NullableTime,
  createdAt: Time,
  actions: Type.Array(AppraisalAction),
})
export type Appraisal = Static<typeof Appraisal>

export const AppraisalId = Type.Object({ id: Id('估价单号') })

// ── the console's 估价 queue ────────────────────────────────────────────────────────────────────

/** GET /api/admin/appraisals: by state; the longest waiting first unless sorted otherwise. */
export const AdminAppraisalsQuery = Type.Object({
  status: Type.Optional(AppraisalStatus),
  sort: sortParam(['createdAt'] as const),
  ...pageParams,
})
export type AdminAppraisalsQuery = Static<typeof AdminAppraisalsQuery>

/** An appraisal as the appraiser sees it: whose, and the few comparables the index did find. */
export const AdminAppraisal = Type.Object({
  ...Appraisal.properties,
  userId: Type.Integer(),
  userName: Type.String(),
  estimatedBy: Nullable(Type.String()),
})
export type AdminAppraisal = Static<typeof AdminAppraisal>

/** POST /api/admin/appraisals/{id}/estimate: the range, the point within it, and a note the user reads. */
export const AppraisalEstimateRequest = Body({
  min: { ...Price, title: '最低估价' },
  max: { ...Price, title: '最高估价' },
  point: { ...Price, title: '参考价' },
  note: Type.String({ title: '估价说明', minLength: 2, maxLength: 300 }),
})
export type AppraisalEstimateRequest = Static<typeof AppraisalEstimateRequest>
