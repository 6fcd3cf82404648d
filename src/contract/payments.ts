/**
 * Payloads and results of the payment calls (API.md, "Orders and payment"). A payment is one attempt to
 * pay part or all of an order through a gateway.
 */
import { Type, type Static } from 'typebox'
import { ClaimStatus } from './claims'
import { Body, Id, literals, Money, Nullable, NullableTime, pageParams, sortParam, Time } from './schemas'

export const PayChannel = literals(['alipay', 'wechat'] as const, { title: '支付渠道' })
export type PayChannel = Static<typeof PayChannel>
export const PaymentKind = literals(['full', 'deposit', 'balance'] as const, { title: '支付类型' })
export type PaymentKind = Static<typeof PaymentKind>
export const PAYMENT_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const
export const PaymentStatus = literals(PAYMENT_STATUSES)
export type PaymentStatus = Static<typeof PaymentStatus>

export const Payment = Type.Object({
  id: Type.Integer(),
  outTradeNo: Type.String(),
  channel: PayChannel,
  kind: PaymentKind,
  amount: Type.Integer(),
  status: PaymentStatus,
  paidAt: NullableTime,
  createdAt: Time,
})
export type Payment = Static<typeof Payment>

export const PayParams = Type.Object({ orderId: Id('订单编号') })

/**
 * Where the buyer pays: `web` — a browser (the gateway's page, or a QR code on a desktop); `jsapi` — a
 * page inside the gateway's own app, paid through its bridge (WeChat Pay in WeChat, Alipay in Alipay; needs
 * the app's authorisation below first); `mini` — the gateway's own mini-program, after its login code has
 * been given to POST /pay/{channel}/mini-session: WeChat's pays by requestPayment, Alipay's by tradePay;
 * `qq-mini` — WeChat Pay in the QQ mini-program, an H5 trade made through QQ's proxy and opened by
 * qq.requestWxPayment.
 */
export const PayScene = literals(['web', 'jsapi', 'mini', 'qq-mini'] as const, { title: '支付场景' })
export type PayScene = Static<typeof PayScene>

/** How a trade is made at the gateway: a browser's `web` is `h5` on a phone and `desktop` (a QR code) elsewhere. */
export type TradeClient = 'h5' | 'desktop' | Exclude<PayScene, 'web'>

/** POST /pay/{orderId}. `returnUrl` is where the gateway sends the browser back (never proof of payment). */
export const PayRequest = Body({
  channel: PayChannel,
  kind: PaymentKind,
  returnUrl: Type.String({ title: '返回地址', minLength: 1, maxLength: 500 }),
  scene: Type.Optional(PayScene),
})
export type PayRequest = Static<typeof PayRequest>

export const PayStart = Type.Object({
  outTradeNo: Type.String(),
  amount: Type.Integer(),
  /** Alipay H5: the gateway page to open; WeChat H5 (in a browser or the QQ mini-program): the `h5_url`. */
  payUrl: Type.Optional(Type.String()),
  /** Alipay: an auto-submitting form, when the gateway needs POST. */
  form: Type.Optional(Type.String()),
  /** WeChat on a desktop: the code_url to draw as a QR code. */
  qrCode: Type.Optional(Type.String()),
  /** Alipay's own cashier (its browser's AlipayJSBridge, its mini-program): the trade number tradePay pays. */
  tradeNo: Type.Optional(Type.String()),
  /** Inside WeChat: what the page hands to WeixinJSBridge's getBrandWCPayRequest, signed by the merchant. */
  jsapi: Type.Optional(
    Type.Object({
      appId: Type.String(),
      timeStamp: Type.String(),
      nonceStr: Type.String(),
      package: Type.String(),
      signType: Type.Literal('RSA'),
      paySign: Type.String(),
    }),
  ),
})
export type PayStart = Static<typeof PayStart>

/**
 * A seller's payout for a completed order: waiting for its time or the gateway, paid, or refused; cancelled when
 * a 包赔 paid while it stood refused took all the seller's money for the sale (what was left paid the commission).
 */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const
export const PayoutStatus = literals(PAYOUT_STATUSES)
export type PayoutStatus = Static<typeof PayoutStatus>

export const PayoutId = Type.Object({ id: Id('打款编号') })

/** What staff may do with a payout now: retry a refused one. */
export const PayoutAction = literals(['retry'] as const)
export type PayoutAction = Static<typeof PayoutAction>

/** A payout as staff see it (GET /admin/payouts lists them; POST /admin/payouts/{id}/retry answers one). */
export const Payout = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNo: Type.String(),
  sellerId: Type.Integer(),
  sellerName: Type.String(),
  amount: Type.Integer(),
  status: PayoutStatus,
  attempt: Type.Integer(),
  transferNo: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  paidAt: NullableTime,
  createdAt: Time,
  updatedAt: Time,
  /**
   * The order's 包赔 claim not turned down: while it is decided the payout is not retried; once paid, what it
   * withheld from the seller's money (a refused payout's amount is less by it).
   */
  claim: Nullable(Type.Object({ id: Type.Integer(), status: ClaimStatus, withheldAmount: Type.Integer() })),
  actions: Type.Array(PayoutAction),
})
export type Payout = Static<typeof Payout>

/** What the seller may do with their money now: give another Alipay account once the gateway refused the payout. */
export const SettlementAction = literals(['payee'] as const)
export type SettlementAction = Static<typeof SettlementAction>

/**
 * A seller's money for one completed order (a sale, a rental's rent or a renewal's) as they see it: due after the
 * protection window, `held` while a 包赔 claim on the sale is being decided, then paid or refused.
 */
export const Settlement = Type.Object({
  status: literals(['pending', 'held', 'paid', 'failed'] as const),
  amount: Money(),
  /** When the payout falls due (completion + the protection window). */
  dueAt: NullableTime,
  paidAt: Type.Optional(Time),
  transferNo: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  actions: Type.Array(SettlementAction),
})
export type Settlement = Static<typeof Settlement>

/** GET /api/admin/payouts: by status (打款失败 = failed), seller or order number; newest first. */
export const AdminPayoutsQuery = Type.Object({
  status: Type.Optional(literals(PAYOUT_STATUSES, { title: '状态' })),
  sellerId: Type.Optional(Id('卖家')),
  orderNo: Type.Optional(Type.String({ title: '订单编号', maxLength: 40 })),
  sort: sortParam(['createdAt', 'amount']),
  ...pageParams,
})
export type AdminPayoutsQuery = Static<typeof AdminPayoutsQuery>

/** The channel a payer call is about: /pay/{channel}/authorize, …/openid, …/mini-session. */
export const PayChannelParams = Type.Object({ channel: PayChannel })

/**
 * GET /pay/{channel}/authorize: where to send a page inside the gateway's own app (WeChat, Alipay) so the
 * app tells us who pays.
 */
export const PayerAuthorizeQuery = Type.Object({
  redirect: Type.String({ title: '授权后返回的页面', minLength: 1, maxLength: 500 }),
})
/** No `authorizeUrl` when the app has told us already who this user is: pay at once. */
export const PayerAuthorize = Type.Object({ authorizeUrl: Type.Optional(Type.String()) })
export type PayerAuthorize = Static<typeof PayerAuthorize>

/**
 * POST /pay/{channel}/openid: the code the app's authorisation came back with (WeChat's `code`, Alipay's
 * `auth_code`), and our state.
 */
export const PayerCode = Body({
  code: Type.String({ title: '授权码', minLength: 1, maxLength: 128 }),
  state: Type.String({ title: '授权状态', minLength: 1, maxLength: 64 }),
})
export type PayerCode = Static<typeof PayerCode>

/**
 * POST /pay/{channel}/mini-session: a mini-program's login code — WeChat's wx.login, Alipay's
 * my.getAuthCode — which names the payer.
 */
export const MiniCode = Body({ code: Type.String({ title: '登录凭证', minLength: 1, maxLength: 128 }) })
export type MiniCode = Static<typeof MiniCode>

/** GET /wechat/js-config: a page inside WeChat signs its wx.config with this (its share card). */
export const WechatJsConfigQuery = Type.Object({
  url: Type.String({ title: '页面地址', minLength: 1, maxLength: 1000 }),
})
export const WechatJsConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
})
export type WechatJsConfig = Static<typeof WechatJsConfig>
