/**
 * What the order service needs from a payment channel. Each channel has a production adapter (Alipay
 * through alipay-sdk, WeChat Pay APIv3 through node:crypto) and, when no merchant keys are configured
 * and never in production, a local gateway with its own keys that signs its notices and answers its
 * queries exactly as the real one does, so the same verification code runs on a laptop as in production.
 * Amounts here are integer fen; converting to the gateway's own format is the adapter's job.
 */
import type { PayChannel, TradeClient } from '../../../src/contract/payments'

export interface TradeRequest {
  outTradeNo: string
  amount: number
  subject: string
  /** Absolute URL of our notify endpoint for this channel. */
  notifyUrl: string
  /** Absolute URL the browser returns to; never proof of payment. */
  returnUrl: string
  /** Where the browser goes when the buyer leaves the cashier without paying (Alipay's quit_url). */
  quitUrl: string
  /** The gateway must refuse payment after this moment (our order's closeAt). */
  expiresAt: Date
  /**
   * `desktop` asks WeChat for a QR code (Native) instead of an H5 page; `jsapi` is a page inside the
   * gateway's own app (WeChat's or Alipay's browser), paid through its bridge by the payer named by
   * `payerOpenid`; `mini` the same trade for the mini-program's app, paid by its own cashier.
   */
  client: TradeClient
  payerOpenid?: string
  /** Payer IP (WeChat H5 requires it). */
  clientIp: string
}

export interface TradeStart {
  payUrl?: string
  form?: string
  qrCode?: string
  jsapi?: JsapiPayParams
  /** Alipay's own cashier (its browser's bridge, its mini-program): the trade number tradePay takes. */
  tradeNo?: string
}

/** What WeixinJSBridge's getBrandWCPayRequest takes: the prepay id, signed by the merchant (RSA). */
export interface JsapiPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

/**
 * Who a code from an app's own login names (WeChat's, Alipay's), for that app: null when the gateway does
 * not take it (used, expired, foreign).
 */
export interface PayerIdentity {
  appId: string
  openidOf(code: string): Promise<string | null>
}

/**
 * The app's silent web authorisation — WeChat's snsapi_base for the official account, Alipay's auth_base for
 * the web app — that names who pays inside its browser: a page is sent to `authorizeUrl` and comes back with
 * a code, which `openidOf` exchanges.
 */
export interface WebOauth extends PayerIdentity {
  authorizeUrl(redirectUri: string, state: string): string
  /** WeChat only: the official account's JS-SDK ticket (signs a page's wx.config), and how many seconds it lasts. */
  jsapiTicket?(): Promise<{ ticket: string; expiresIn: number }>
}

/** A gateway notice whose signature (and app id / merchant id) has been verified. */
export interface VerifiedNotice {
  /** Unique per notice at the gateway (Alipay notify_id, WeChat notification id), for replay detection. */
  noticeId: string
  outTradeNo: string
  gatewayTradeNo: string
  amount: number
  /** TRADE_SUCCESS / TRADE_FINISHED, or SUCCESS: the money was taken. Other notices change nothing. */
  paid: boolean
  paidAt: Date | null
  raw: Record<string, unknown>
}

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>
  /** The raw request body as received (form-encoded for Alipay, JSON for WeChat). */
  rawBody: string
}

export interface NotifyReply {
  status: number
  contentType: string
  body: string
}

export type TradeState =
  | { state: 'paid'; amount: number; gatewayTradeNo: string; paidAt: Date | null; raw: Record<string, unknown> }
  | { state: 'pending' | 'closed' | 'not_found' }

/** A transfer of our money to a seller's Alipay account (单笔转账到支付宝账户). */
export interface TransferRequest {
  /** Ours, unique per attempt: the same number again is the same transfer, never a second one. */
  outBizNo: string
  amount: number
  /** The payee's Alipay login (phone or e-mail) and real name, which Alipay checks against each other. */
  payeeAccount: string
  payeeName: string
  title: string
}

export type TransferResult =
  | { state: 'paid'; transferNo: string; paidAt: Date | null }
  /** Alipay refused it (payee unknown, name mismatch…): no money moved; `reason` is Alipay's words. */
  | { state: 'failed'; reason: string }

export interface PaymentGateway {
  channel: PayChannel
  /** 'local' = the stand-in gateway of this process (dev and tests only). */
  mode: 'production' | 'local'
  createTrade(request: TradeRequest): Promise<TradeStart>
  /** null when the signature, app id or merchant id does not check out. */
  verifyNotify(request: NotifyRequest): Promise<VerifiedNotice | null>
  /** What the gateway expects back: Alipay plain `success`/`fail`, WeChat 200/4xx JSON. */
  notifyReply(accepted: boolean): NotifyReply
  /** An authenticated query (response signature verified). */
  queryTrade(outTradeNo: string): Promise<TradeState>
  /** Closes an unpaid trade so a late payment is impossible; unknown trades are fine. */
  closeTrade(outTradeNo: string): Promise<void>
  /** Refunds `amount` of a paid trade; `refundNo` makes a retry safe. */
  refund(outTradeNo: string, amount: number, refundNo: string): Promise<void>
  /** Pays a seller (Alipay only). Throws when the outcome is unknown (network, system error): try again. */
  transfer?(request: TransferRequest): Promise<TransferResult>
  /**
   * Who pays inside the gateway's own browser: WeChat's when the official account's secret is configured,
   * Alipay's always.
   */
  oauth?: WebOauth
  /**
   * When a mini-program is configured: who pays in it — WeChat's code2session of `wx.login`'s code, or
   * Alipay's alipay.system.oauth.token of `my.getAuthCode`'s.
   */
  mini?: PayerIdentity
  /** WeChat only, when the QQ mini-program is configured: its buyers pay by WeChat's H5 through QQ's proxy. */
  qqMini?: true
}

/** The channels this process can take; one without merchant keys (and no local stand-in) is absent. */
export type PaymentGateways = Partial<Record<PayChannel, PaymentGateway>>
