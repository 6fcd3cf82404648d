/**
 * Payloads and results of the payment calls (API.md, "Orders and payment"). A payment is one attempt to
 * pay part or all of an order through a gateway.
 */
import { Type, type Static } from 'typebox'
import { Body, Id, literals, NullableTime, Time } from './schemas'

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
 * page inside WeChat's own browser, paid through its bridge (WeChat Pay only; needs the WeChat
 * authorisation below first); `mini` — a mini-program, after its login code has been given to
 * POST /pay/{channel}/mini-session: WeChat's pays by requestPayment, Alipay's by my.tradePay.
 */
export const PayScene = literals(['web', 'jsapi', 'mini'] as const, { title: '支付场景' })
export type PayScene = Static<typeof PayScene>

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
  /** Alipay H5: the gateway page to open; WeChat H5: the `h5_url`. */
  payUrl: Type.Optional(Type.String()),
  /** Alipay: an auto-submitting form, when the gateway needs POST. */
  form: Type.Optional(Type.String()),
  /** WeChat on a desktop: the code_url to draw as a QR code. */
  qrCode: Type.Optional(Type.String()),
  /** The Alipay mini-program: the trade number my.tradePay pays. */
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

/** A seller's payout for a completed order: waiting for its time or the gateway, paid, or refused. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const
export const PayoutStatus = literals(PAYOUT_STATUSES)
export type PayoutStatus = Static<typeof PayoutStatus>

export const PayoutId = Type.Object({ id: Id('打款编号') })

/** A payout as staff see it (POST /admin/payouts/{id}/retry answers it). */
export const Payout = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  sellerId: Type.Integer(),
  amount: Type.Integer(),
  status: PayoutStatus,
  attempt: Type.Integer(),
  transferNo: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  paidAt: NullableTime,
  createdAt: Time,
})
export type Payout = Static<typeof Payout>

/** GET /pay/wechat/authorize: where to send a page inside WeChat so WeChat tells us who pays. */
export const WechatAuthorizeQuery = Type.Object({
  redirect: Type.String({ title: '授权后返回的页面', minLength: 1, maxLength: 500 }),
})
/** No `authorizeUrl` when WeChat has told us already who this user is: pay at once. */
export const WechatAuthorize = Type.Object({ authorizeUrl: Type.Optional(Type.String()) })
export type WechatAuthorize = Static<typeof WechatAuthorize>

/** POST /pay/wechat/openid: the code WeChat's authorisation came back with, and our state. */
export const WechatCode = Body({
  code: Type.String({ title: '授权码', minLength: 1, maxLength: 128 }),
  state: Type.String({ title: '授权状态', minLength: 1, maxLength: 64 }),
})
export type WechatCode = Static<typeof WechatCode>

/**
 * POST /pay/{channel}/mini-session: a mini-program's login code — WeChat's wx.login, Alipay's
 * my.getAuthCode — which names the payer.
 */
export const MiniCode = Body({ code: Type.String({ title: '登录凭证', minLength: 1, maxLength: 128 }) })
export type MiniCode = Static<typeof MiniCode>
export const MiniSessionParams = Type.Object({ channel: PayChannel })

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
