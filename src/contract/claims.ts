/**
 * 包赔 (API.md, "Trust"): a buyer whose completed, guaranteed order's account was recovered files a claim;
 * staff approve an amount (at most the goods price), ask for more, or reject; an approved claim is paid by
 * Alipay transfer from the guarantee fund that the guarantee fees fill. Money is integer fen, times ISO-8601.
 */
import { Type, type Static } from 'typebox'
import { CLAIM_LIMITS } from './constants'
import { FundFigures } from './ledger'
import { Body, Id, literals, Nullable, NullableTime, pageParams, Time } from './schemas'

/** 账号被找回 (找回包赔) / 人脸找回 (人脸包赔). */
export const ClaimKind = literals(['recovered', 'face_recovered'] as const, { title: '包赔类型' })
export type ClaimKind = Static<typeof ClaimKind>

const Images = Type.Array(Type.String({ title: '图片', minLength: 1, maxLength: 200 }), {
  title: '图片',
  maxItems: CLAIM_LIMITS.images,
  uniqueItems: true,
  description: '/upload/image 返回的地址',
})
const Words = (title: string) =>
  Type.String({ title, minLength: CLAIM_LIMITS.text.min, maxLength: CLAIM_LIMITS.text.max })

/** Where the compensation goes: the buyer's Alipay account, sealed with the claim, shown masked. */
export const ClaimPayee = Body(
  {
    alipayAccount: Type.String({ title: '收款支付宝账号', minLength: 4, maxLength: 100 }),
    name: Type.String({ title: '收款人姓名', minLength: 2, maxLength: 20 }),
  },
  { title: '收款账户' },
)
export type ClaimPayee = Static<typeof ClaimPayee>

/** POST /need/myOrder/{id}/claim. */
export const ClaimRequest = Body({ kind: ClaimKind, description: Words('问题描述'), images: Images, payee: ClaimPayee })
export type ClaimRequest = Static<typeof ClaimRequest>

/** POST /need/claims/{id}/info: what staff asked for. */
export const ClaimInfo = Body({ text: Words('补充说明'), images: Images })
export type ClaimInfo = Static<typeof ClaimInfo>

export const CLAIM_STATUSES = ['submitted', 'needs_info', 'approved', 'paid', 'rejected'] as const
/** A claim still being decided or paid: it holds its seller's payout and its buyer's 注销账号. */
export const OPEN_CLAIM_STATUSES = ['submitted', 'needs_info', 'approved'] as const
export const ClaimStatus = literals(CLAIM_STATUSES, {
  title: '包赔状态',
  description: 'submitted 审核中 · needs_info 待补充材料 · approved 已同意待打款 · paid 已赔付 · rejected 未通过',
})
export type ClaimStatus = Static<typeof ClaimStatus>
export const isOpenClaim = (status: ClaimStatus): boolean =>
  (OPEN_CLAIM_STATUSES as readonly ClaimStatus[]).includes(status)

/** The buyer's 补充材料; staff's 同意 / 驳回 / 要求补充 / 重新打款 / 记录追回. */
export const ClaimAction = literals(['addInfo', 'approve', 'reject', 'requestInfo', 'retry', 'recover'] as const)
export type ClaimAction = Static<typeof ClaimAction>

export const Claim = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  title: Type.String(),
  coverImage: Type.String(),
  guaranteeType: literals(['retrieval', 'face'] as const),
  goodsAmount: Type.Integer(),
  /** The most a claim may pay: the goods price less what after-sale gave back of it. */
  maxAmount: Type.Integer(),
  kind: ClaimKind,
  description: Type.String(),
  images: Type.Array(Type.String()),
  /** The buyer's additions, oldest first. */
  additions: Type.Array(Type.Object({ text: Type.String(), images: Type.Array(Type.String()), at: Time })),
  /** The payee, masked (138****0000, *明). */
  payee: Type.Object({ alipayAccount: Type.String(), name: Type.String() }),
  status: ClaimStatus,
  /** What staff asked for, while `needs_info`. */
  infoRequest: Type.String(),
  amount: Nullable(Type.Integer()),
  rejectReason: Type.String(),
  /** The transfer: its number once paid; the gateway's words while it failed. */
  transferNo: Nullable(Type.String()),
  transferFailure: Type.String(),
  recoveredAmount: Type.Integer(),
  createdAt: Time,
  decidedAt: NullableTime,
  paidAt: NullableTime,
  actions: Type.Array(ClaimAction),
})
export type Claim = Static<typeof Claim>

export const ClaimId = Type.Object({ id: Id('包赔编号') })

/** POST /api/admin/claims/{id}/approve. */
export const ClaimApproval = Body({ amount: Id('赔付金额') })
export type ClaimApproval = Static<typeof ClaimApproval>
/** POST /api/admin/claims/{id}/reject. */
export const ClaimRejection = Body({ reason: Type.String({ title: '驳回原因', minLength: 2, maxLength: 300 }) })
export type ClaimRejection = Static<typeof ClaimRejection>
/** POST /api/admin/claims/{id}/request-info. */
export const ClaimInfoRequest = Body({ note: Type.String({ title: '需要补充的材料', minLength: 2, maxLength: 300 }) })
export type ClaimInfoRequest = Static<typeof ClaimInfoRequest>
/** POST /api/admin/claims/{id}/recovery: money staff got back from the seller, into the fund. */
export const ClaimRecovery = Body({
  amount: Id('追回金额'),
  note: Type.String({ title: '追回说明', minLength: 2, maxLength: 300 }),
})
export type ClaimRecovery = Static<typeof ClaimRecovery>

/** POST /api/admin/claims/fund/contributions: the platform's own money paid into the fund (注资), by finance. */
export const FundContributionRequest = Body({
  amount: Id('注资金额'),
  note: Type.String({ title: '注资说明', minLength: 2, maxLength: 300 }),
})
export type FundContributionRequest = Static<typeof FundContributionRequest>

export const FundContribution = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer(),
  note: Type.String(),
  /** The finance staff member who recorded it, by the name they sign in with. */
  staffName: Type.String(),
  createdAt: Time,
})
export type FundContribution = Static<typeof FundContribution>

/**
 * GET /api/admin/claims/fund: the fund's figures (kept with the ledger), what approved claims waiting for their
 * transfer will take from it, what is left to approve, and the latest contributions.
 */
export const GuaranteeFund = Type.Object({
  ...FundFigures.properties,
  promised: Type.Integer(),
  available: Type.Integer(),
  latestContributions: Type.Array(FundContribution),
})
export type GuaranteeFund = Static<typeof GuaranteeFund>

export const AdminClaimsQuery = Type.Object({ ...pageParams, status: Type.Optional(ClaimStatus) })
export type AdminClaimsQuery = Static<typeof AdminClaimsQuery>

/** Beside a claim in the console: the order's credentials reveals and the seller's record. */
export const AdminClaim = Type.Object({
  ...Claim.properties,
  buyer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  seller: Nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      /** Their completed sales, and the claims paid against them (this one included once paid). */
      sales: Type.Integer(),
      paidClaims: Type.Integer(),
    }),
  ),
  /** Of `recoveredAmount`, what was taken from the seller's money for the sale before it was paid out. */
  withheldAmount: Type.Integer(),
  reveals: Type.Array(Type.Object({ role: Type.String(), reason: Type.String(), at: Time })),
  /** What the guarantee fund can still pay (its balance less approved claims waiting for their transfer). */
  fundAvailable: Type.Integer(),
})
export type AdminClaim = Static<typeof AdminClaim>

/** GET /web/claims/stats: one window of days, computed from the claims. */
export const ClaimStatsWindow = Type.Object({
  days: Type.Integer(),
  filed: Type.Integer(),
  approved: Type.Integer(),
  paid: Type.Integer(),
  /** Paid of those decided (paid or rejected), basis points; null before any decision. */
  paidRatioBps: Nullable(Type.Integer()),
  /** Median days from filing to payment, one decimal; null before any payment. */
  medianDaysToPay: Nullable(Type.Number()),
  totalPaid: Type.Integer(),
})
export type ClaimStatsWindow = Static<typeof ClaimStatsWindow>

export const ClaimStats = Type.Object({
  windows: Type.Array(ClaimStatsWindow),
  /** What the guarantee fund holds now (fen): fees, the platform's contributions and recoveries, less payments. */
  fund: Type.Integer(),
})
export type ClaimStats = Static<typeof ClaimStats>
