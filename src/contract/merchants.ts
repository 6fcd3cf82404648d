/** Merchants (号商): the application shanghu files and staff decide (API.md, "Selling, appraisal, recycling"). */
import { Type, type Static } from 'typebox'
import { MERCHANT_APPLICATION_LIMITS } from './constants'
import { PHONE_PATTERN, QQ_PATTERN } from './validation'
import { Body, Id, literals, NullableTime, pageParams, sortParam, Time } from './schemas'

const { name, business, games } = MERCHANT_APPLICATION_LIMITS

/** POST /merchant/apply: who they are, how to reach them, what they do and the games they buy. */
export const MerchantApplicationRequest = Body({
  name: Type.String({ title: '称呼或公司名', minLength: name.min, maxLength: name.max }),
  phone: Type.String({ title: '手机号', pattern: PHONE_PATTERN.source }),
  qq: Type.Optional(Type.String({ title: 'QQ', pattern: `^(${QQ_PATTERN.source.slice(1, -1)})?$` })),
  business: Type.String({ title: '合作内容', minLength: business.min, maxLength: business.max }),
  gameIds: Type.Array(Id('游戏'), { title: '经营的游戏', minItems: 1, maxItems: games, uniqueItems: true }),
})
export type MerchantApplicationRequest = Static<typeof MerchantApplicationRequest>

export const MERCHANT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const
export const MerchantApplicationStatus = literals(MERCHANT_APPLICATION_STATUSES, {
  title: '申请状态',
  description: 'pending 审核中 · approved 已通过 · rejected 未通过',
})
export type MerchantApplicationStatus = Static<typeof MerchantApplicationStatus>

export const MerchantApplicationAction = literals(['approve', 'reject'] as const)
export type MerchantApplicationAction = Static<typeof MerchantApplicationAction>

/** An application as its applicant sees it (the phone masked). */
export const MerchantApplication = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  qq: Type.String(),
  business: Type.String(),
  games: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  status: MerchantApplicationStatus,
  /** Why it was not approved; '' otherwise. */
  reason: Type.String(),
  decidedAt: NullableTime,
  createdAt: Time,
})
export type MerchantApplication = Static<typeof MerchantApplication>

/** GET /merchant/application: the latest application, and whether the user is a merchant now. */
export const MerchantStanding = Type.Object({
  merchant: Type.Boolean(),
  application: Type.Union([MerchantApplication, Type.Null()]),
})
export type MerchantStanding = Static<typeof MerchantStanding>

export const MerchantApplicationId = Type.Object({ id: Id('申请编号') })

/** POST /api/admin/merchant-applications/{id}/reject: the applicant reads the reason. */
export const MerchantApplicationReject = Body({
  reason: Type.String({ title: '未通过原因', minLength: 2, maxLength: 200 }),
})
export type MerchantApplicationReject = Static<typeof MerchantApplicationReject>

/** GET /api/admin/merchant-applications: by state; the longest waiting first unless sorted otherwise. */
export const AdminMerchantApplicationsQuery = Type.Object({
  status: Type.Optional(MerchantApplicationStatus),
  sort: sortParam(['createdAt'] as const),
  ...pageParams,
})
export type AdminMerchantApplicationsQuery = Static<typeof AdminMerchantApplicationsQuery>

/** An application as staff see it: who filed it, how their earlier ones ended, who decided, what they may do. */
export const AdminMerchantApplication = Type.Object({
  ...MerchantApplication.properties,
  userId: Type.Integer(),
  userName: Type.String(),
  /** The applicant's applications before this one that were rejected. */
  earlierRejections: Type.Integer(),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  actions: Type.Array(MerchantApplicationAction),
})
export type AdminMerchantApplication = Static<typeof AdminMerchantApplication>
