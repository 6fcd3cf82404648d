/**
 * 注销账号 and 下载我的数据 (PIPL): a deletion waits out a cooling-off period, during which signing in asks
 * whether to cancel it; then personal data are erased or anonymised and only pseudonymous ids stay in the
 * books. The export is everything the marketplace holds about the caller, as JSON.
 */
import { Type, type Static } from 'typebox'
import { literals, NullableTime, Nullable, Time } from './schemas'

export const ACCOUNT_DELETION_STATUSES = ['cooling_off', 'cancelled', 'erased'] as const
export const AccountDeletionStatus = literals(ACCOUNT_DELETION_STATUSES)
export type AccountDeletionStatus = Static<typeof AccountDeletionStatus>

/**
 * What still ties an account to the marketplace; each kind stops a deletion until it is over. A record with two
 * sides is two kinds (an order the user buys or sells, a rental they rent or let, an after-sale case they filed
 * or answer), because each side is dealt with from its own page.
 */
export const DELETION_BLOCKER_KINDS = [
  'purchase',
  'sale',
  'payout',
  'listing',
  'rental',
  'lease',
  'claim',
  'aftersale',
  'complaint',
  'escrow',
  'recycling',
  'quote',
  'merchant',
] as const
export const DeletionBlocker = Type.Object({
  kind: literals(DELETION_BLOCKER_KINDS),
  count: Type.Integer({ minimum: 1 }),
  /** `2 笔进行中的买单` */
  text: Type.String(),
})
export type DeletionBlocker = Static<typeof DeletionBlocker>

export const AccountDeletion = Type.Object({
  id: Type.Integer(),
  status: AccountDeletionStatus,
  requestedAt: Time,
  /** When the account is erased unless the deletion is cancelled first. */
  eraseAt: Time,
  cancelledAt: NullableTime,
})
export type AccountDeletion = Static<typeof AccountDeletion>

/** GET /need/account/deletion: the deletion in its cooling-off period (or none), and what stops one. */
export const AccountDeletionState = Type.Object({
  deletion: Nullable(AccountDeletion),
  blockers: Type.Array(DeletionBlocker),
  actions: Type.Array(literals(['request', 'cancel'] as const)),
})
export type AccountDeletionState = Static<typeof AccountDeletionState>

/** Rows of one kind of record, as stored, without secrets (sealed fields never leave the server). */
const Records = (description: string) => Type.Array(Type.Record(Type.String(), Type.Unknown()), { description })

/** GET /need/account/export: the caller's own records. Phone and ID number stay masked, as everywhere. */
export const AccountExport = Type.Object({
  exportedAt: Time,
  profile: Type.Record(Type.String(), Type.Unknown(), { description: '账号资料（手机号、身份证号脱敏）' }),
  orders: Records('作为买家或卖家的订单'),
  payments: Records('作为买家的付款'),
  payouts: Records('作为卖家收到的打款（不含收款账号）'),
  listings: Records('发布的商品（不含账号密码）'),
  rentals: Records('租号记录'),
  claims: Records('包赔申请'),
  aftersaleCases: Records('售后申请'),
  reviews: Records('写过的评价'),
  escrowTickets: Records('中介担保单'),
  recycleRequests: Records('竞价回收'),
  quotes: Records('号商报价'),
  favourites: Records('收藏'),
  browses: Records('浏览记录'),
  savedSearches: Records('搜索订阅'),
  messages: Records('站内消息'),
  dealMessages: Records('在交易群中发送的消息'),
  feedback: Records('反馈与投诉'),
  appraisals: Records('估价申请'),
  merchantApplications: Records('号商申请'),
  sessions: Records('登录设备'),
  credentialReveals: Records('查看账号密码的记录'),
  deletions: Records('注销申请'),
})
export type AccountExport = Static<typeof AccountExport>
