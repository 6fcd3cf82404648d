/**
 * Selling on consignment (API.md, "Selling"): the seller's listing, its credentials and payout account,
 * the commission preview, and the seller's own list with what each row allows. Money is integer fen.
 */
import { Type, type Static } from 'typebox'
import {
  AttributeField,
  GOODS_STATUSES,
  GoodsCard,
  RegionNode,
  RentOffer,
  RentTerms,
  TemplateRow,
  type GoodsStatus,
} from './catalogue'
import { ClaimKind } from './claims'
import { PRICE_BOUNDS } from './constants'
import { Settlement } from './payments'
import { BlacklistRecord } from './trust'
import { Body, Id, literals, Money, Nullable, pageParams, Time } from './schemas'

/** A cover and up to 9 detail images, all from /upload/image. */
export const MAX_DETAIL_IMAGES = 9

export const Price = Type.Integer({
  title: '价格',
  minimum: PRICE_BOUNDS.min,
  maximum: PRICE_BOUNDS.max,
  description: '分，¥1–¥1,000,000',
})

const ImageUrl = (title: string) => Type.String({ title, minLength: 1, maxLength: 200 })

/** 自己注册 / 他人注册. */
export const AccountSource = literals(['self_registered', 'other_registered'] as const, { title: '账号来源' })
export type AccountSource = Static<typeof AccountSource>

/** How the operator reaches the seller; at least one is given. Never public. */
export const SellerContact = Body(
  {
    phone: Type.Optional(Type.String({ title: '联系手机号', maxLength: 20 })),
    qq: Type.Optional(Type.String({ title: '联系 QQ', maxLength: 20 })),
    weixin: Type.Optional(Type.String({ title: '联系微信', maxLength: 20 })),
  },
  { title: '联系方式' },
)
export type SellerContact = Static<typeof SellerContact>
/** The contact as answered: to its seller in full, in the review desk with the phone masked. */
export const SellerContactView = Type.Object(SellerContact.properties)

/** What the game account is bound to, and whether the binding can be moved to the buyer (换绑). */
export const AccountBinding = Body(
  {
    phone: Type.Boolean({ title: '绑定手机' }),
    email: Type.Boolean({ title: '绑定邮箱' }),
    idCard: Type.Boolean({ title: '绑定身份证' }),
    rebindable: Type.Boolean({ title: '可换绑' }),
  },
  { title: '绑定信息' },
)
export type AccountBinding = Static<typeof AccountBinding>

/** The game account's sign-in: sealed in the vault, never answered back in full. */
export const AccountCredentials = Body(
  {
    account: Type.String({ title: '游戏账号', minLength: 1, maxLength: 64 }),
    password: Type.String({ title: '游戏密码', minLength: 1, maxLength: 64 }),
    notes: Type.Optional(Type.String({ title: '备注', maxLength: 500 })),
    binding: Type.Optional(AccountBinding),
  },
  { title: '账号信息' },
)
export type AccountCredentials = Static<typeof AccountCredentials>

/** Where the seller's money goes: an Alipay account in the seller's verified real name. */
export const PayoutAccount = Body(
  {
    alipayAccount: Type.String({ title: '收款支付宝账号', minLength: 1, maxLength: 100 }),
    name: Type.String({ title: '收款人姓名', minLength: 1, maxLength: 20 }),
  },
  { title: '收款账户' },
)
export type PayoutAccount = Static<typeof PayoutAccount>

/** POST /need/consignment (PUT /need/consignment/{id} takes the same, credentials optional). */
/**
 * By the game's template: text/date → string, number → number, radio → option id, checkbox → option ids.
 * Each value is checked against its field by the server: a union schema here would let the validator
 * coerce 120 into "120" or "1" into 1.
 */
const Attributes = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), Type.Unknown(), {
  title: '账号属性',
  maxProperties: 60,
})

const Title = Type.String({ title: '标题', minLength: 5, maxLength: 60 })
const Description = Type.String({ title: '描述', maxLength: 2000 })
const DetailImages = Type.Array(ImageUrl('详情图'), { title: '详情图', maxItems: MAX_DETAIL_IMAGES, uniqueItems: true })

export const ConsignmentRequest = Body({
  gameId: Id('游戏'),
  /** The region path, root first (system and carrier, or area and server). */
  regionIds: Type.Array(Id('区服'), { title: '区服', minItems: 1, maxItems: 4 }),
  title: Title,
  description: Description,
  price: Price,
  coverImage: ImageUrl('封面图'),
  images: DetailImages,
  attributes: Attributes,
  accountSource: AccountSource,
  /** 能否提供包赔材料. */
  guaranteeMaterials: Type.Boolean({ title: '包赔材料' }),
  contact: SellerContact,
  credentials: Type.Optional(AccountCredentials),
  payout: PayoutAccount,
  /** 同时出租: the rent terms; absent or null, the listing is for sale only. */
  rent: Type.Optional(Type.Union([RentOffer, Type.Null()], { title: '出租条件' })),
})
export type ConsignmentRequest = Static<typeof ConsignmentRequest>

/** `on_sale` at once when the operators have switched review off (autoApprove). */
export const ConsignmentCreated = Type.Object({
  id: Type.Integer(),
  status: literals(['pending_review', 'on_sale'] as const),
})
export type ConsignmentCreated = Static<typeof ConsignmentCreated>

/** POST /need/consignment/fee: what the seller pays and gets for a price. */
export const FeeRequest = Body({ price: Price })
export const FeePreview = Type.Object({
  price: Money(),
  commission: Money(),
  /** What the seller is paid when the deal completes and the protection window has passed. */
  net: Money(),
  rateBps: Type.Integer(),
  min: Money(),
})
export type FeePreview = Static<typeof FeePreview>

/** What a seller (or operator) may do with a listing now; the client shows exactly these. */
export const GoodsAction = literals([
  'editPrice',
  'delist',
  'relist',
  'edit',
  'credentials',
  'reason',
  'approve',
  'reject',
  'revise',
] as const)
export type GoodsAction = Static<typeof GoodsAction>

/** A seller's list filters by any status but `draft` (an account offered to merchants only is not a listing). */
export const GOODS_STATUS_FILTERS = GOODS_STATUSES.filter(
  (status): status is Exclude<GoodsStatus, 'draft'> => status !== 'draft',
)
export const MyConsignmentQuery = Type.Object({
  status: Type.Optional(literals(GOODS_STATUS_FILTERS, { title: '状态' })),
  /** One listing, as a message about it opens it. */
  id: Type.Optional(Id('商品编号')),
  ...pageParams,
})
export type MyConsignmentQuery = Static<typeof MyConsignmentQuery>

/**
 * PUT /need/myConsignment/{id}/payee: another Alipay account for the listing's payouts the gateway refused (its
 * sale's, its rentals'), each sent again at once. The payee's name is the seller's verified real name, as on the
 * listing.
 */
export const PayeeChange = Body({ alipayAccount: PayoutAccount.properties.alipayAccount })
export type PayeeChange = Static<typeof PayeeChange>

/** A 包赔 paid on the sale: what the guarantee fund paid the buyer, and what came back from the seller for it. */
export const SaleClaim = Type.Object({
  kind: ClaimKind,
  amount: Money(),
  paidAt: Time,
  /** All that came back from the seller, the withheld part included. */
  recoveredAmount: Money(),
  /** Taken from the sale's money before it was paid out. */
  withheldAmount: Money(),
})
export type SaleClaim = Static<typeof SaleClaim>

/** A row of GET /need/myConsignment: the card, its review state, and for a sold one the order and money. */
export const MyListing = Type.Object({
  ...GoodsCard.properties,
  status: literals(['draft', ...GOODS_STATUS_FILTERS] as const),
  auditReason: Type.String(),
  delistReason: Type.String(),
  /** Whether the account's sign-in is with us (补充账号信息 otherwise). */
  hasCredentials: Type.Boolean(),
  createdAt: Time,
  /** The order that holds or sold it: its deal room. */
  orderId: Nullable(Type.Integer()),
  orderNo: Nullable(Type.String()),
  settlement: Nullable(Settlement),
  claim: Nullable(SaleClaim),
  actions: Type.Array(GoodsAction),
})
export type MyListing = Static<typeof MyListing>

export const ListingId = Type.Object({ id: Id('商品编号') })

/** POST /goods/info/downGoods. */
export const DelistRequest = Body({
  id: Id('商品编号'),
  reason: Type.String({ title: '下架原因', minLength: 1, maxLength: 200 }),
})
export type DelistRequest = Static<typeof DelistRequest>

/** POST /need/goods/editPrice. */
export const PriceRequest = Body({ id: Id('商品编号'), price: Price })
export type PriceRequest = Static<typeof PriceRequest>

// ── review, for operators ───────────────────────────────────────────────────────────────────────

/** GET /admin/goods: consigned listings, by status (the review queue is `pending_review`), oldest first there. */
export const AdminGoodsQuery = Type.Object({
  status: Type.Optional(literals(GOODS_STATUS_FILTERS, { title: '状态' })),
  sellerId: Type.Optional(Id('卖家')),
  ...pageParams,
})
export type AdminGoodsQuery = Static<typeof AdminGoodsQuery>

/** A listing as staff see it in the queue: the seller's row, the seller, and the staff's actions. */
export const AdminListing = Type.Object({
  ...MyListing.properties,
  sellerId: Type.Integer(),
  sellerName: Type.String(),
})
export type AdminListing = Static<typeof AdminListing>

/** The seller's record with us, beside a listing under review. */
export const SellerHistory = Type.Object({
  listings: Type.Integer(),
  sold: Type.Integer(),
  rejected: Type.Integer(),
  delistedByStaff: Type.Integer(),
})

/** GET /admin/goods/{id}: everything a reviewer weighs; the credentials only through their own logged call. */
export const AdminListingDetail = Type.Object({
  ...AdminListing.properties,
  description: Type.String(),
  images: Type.Array(Type.String()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  /** The game's template (the version the listing was written against) with the listing's values. */
  templateRows: Type.Array(TemplateRow),
  /** That version's fields, for staff correcting the values. */
  templateFields: Type.Array(AttributeField),
  accountSource: AccountSource,
  guaranteeMaterials: Type.Boolean(),
  /** The phone masked; GET /admin/goods/{id}/contact gives it whole, with a reason. */
  contact: SellerContactView,
  /** Masked: `138****8000`, `张*`. */
  payout: Nullable(Type.Object(PayoutAccount.properties)),
  sellerHistory: SellerHistory,
  /** Blacklist records on the game account, the seller's phone or the listing's contacts. */
  blacklistHits: Type.Array(BlacklistRecord),
})
export type AdminListingDetail = Static<typeof AdminListingDetail>

/**
 * PUT /admin/goods/{id}: staff correct what a listing says — a typo, contact details in the text, a picture
 * that shows them — never its price, account or money; detail pictures may be kept, reordered or dropped, not
 * added. The seller is told the reason.
 */
export const ListingRevision = Body({
  title: Title,
  description: Description,
  images: DetailImages,
  attributes: Attributes,
  reason: Type.String({ title: '修改原因', minLength: 1, maxLength: 200 }),
})
export type ListingRevision = Static<typeof ListingRevision>

/** POST /admin/goods/{id}/reject and /delist. */
export const ReasonRequest = Body({ reason: Type.String({ title: '原因', minLength: 1, maxLength: 200 }) })
export type ReasonRequest = Static<typeof ReasonRequest>

/** GET /admin/goods/{id}/credentials: 验号, logged with its reason. */
export const RevealQuery = Type.Object({ reason: Type.String({ title: '查看原因', minLength: 1, maxLength: 200 }) })

export const ListingCredentials = Type.Object({
  account: Type.String(),
  password: Type.String(),
  notes: Type.String(),
  binding: Nullable(Type.Object(AccountBinding.properties)),
})
export type ListingCredentials = Static<typeof ListingCredentials>

/** GET /need/consignment/{id}: the seller's own listing as the form edits it; secrets stay out (payout masked). */
export const ConsignmentDetail = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  status: MyListing.properties.status,
  regions: Type.Array(RegionNode),
  title: Type.String(),
  description: Type.String(),
  price: Type.Integer(),
  coverImage: Type.String(),
  images: Type.Array(Type.String()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  accountSource: AccountSource,
  guaranteeMaterials: Type.Boolean(),
  contact: SellerContactView,
  hasCredentials: Type.Boolean(),
  payout: Nullable(Type.Object(PayoutAccount.properties)),
  rent: Nullable(RentTerms),
})
export type ConsignmentDetail = Static<typeof ConsignmentDetail>
