import type { ApiResult } from '@/contract/envelope'
import type { Order } from '@/contract/orders'
import type {
  PayRequest,
  PayStart,
  PaymentKind,
  PayerAuthorize,
  PayerCode,
  WechatJsConfig,
  MiniCode,
  PayChannel,
} from '@/contract/payments'
import { get, post } from './request'

/** The payment calls of API.md ("Orders and payment"): the gateway's page is never proof of payment. */

export const startPayment = (orderId: number, body: PayRequest) => post<ApiResult<PayStart>>(`/pay/${orderId}`, body)

/** Which payment an action starts: the first one (deposit or full) or the balance after a deposit. */
export const paymentKindOf = (order: Pick<Order, 'payMode'>, action: 'pay' | 'payBalance'): PaymentKind =>
  action === 'payBalance' ? 'balance' : order.payMode === 'deposit' ? 'deposit' : 'full'

const PAYMENT_KINDS: PaymentKind[] = ['full', 'deposit', 'balance']

/** The payment kind a page was opened with (`kind=`); full when missing or unknown. */
export const paymentKindParam = (value: string | undefined): PaymentKind =>
  PAYMENT_KINDS.find((k) => k === value) ?? 'full'

/**
 * What a payment of `kind` comes to, from the order's own amounts. The balance is the one figure the order
 * does not carry itself: the total less what has been paid.
 */
export function amountDue(order: Order, kind: PaymentKind): number {
  if (kind === 'deposit') return order.depositAmount ?? order.totalAmount
  if (kind === 'balance') return order.totalAmount - order.paidAmount
  return order.totalAmount
}

/** Inside WeChat or Alipay: where to send the page so the app says who pays; it comes back to `redirect`. */
export const payerAuthorize = (channel: PayChannel, redirect: string) =>
  get<ApiResult<PayerAuthorize>>(`/pay/${channel}/authorize`, { redirect })

/** The code the app's authorisation came back with: the server keeps who pays. */
export const bindPayerCode = (channel: PayChannel, body: PayerCode) =>
  post<ApiResult<void>>(`/pay/${channel}/openid`, body)

/** In a mini-program: its login code, by which the server learns who pays through `channel`. */
export const bindMiniCode = (channel: PayChannel, body: MiniCode) =>
  post<ApiResult<void>>(`/pay/${channel}/mini-session`, body)

/** Inside WeChat: the signed JS-SDK config of this page, for its share card. */
export const fetchWechatJsConfig = (url: string) => get<ApiResult<WechatJsConfig>>('/wechat/js-config', { url })
