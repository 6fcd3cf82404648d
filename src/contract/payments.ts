/**
 * Payloads and results of the payment calls (API.md, "Orders and payment"). Type-only on the client. A
 * payment is one attempt to pay part or all of an order through a gateway.
 */

export type PayChannel = 'alipay' | 'wechat'
export type PaymentKind = 'full' | 'deposit' | 'balance'
export type PaymentStatus = 'pending' | 'paid' | 'closed' | 'refunded'

export interface Payment {
  id: number
  outTradeNo: string
  channel: PayChannel
  kind: PaymentKind
  amount: number
  status: PaymentStatus
  paidAt: string | null
  createdAt: string
}

/** POST /pay/{orderId}. `returnUrl` is where the gateway sends the browser back (never proof of payment). */
export interface PayRequest {
  channel: PayChannel
  kind: PaymentKind
  returnUrl: string
}

export interface PayStart {
  outTradeNo: string
  amount: number
  /** Alipay H5: the gateway page to open; WeChat H5: the `h5_url`. */
  payUrl?: string
  /** Alipay: an auto-submitting form, when the gateway needs POST. */
  form?: string
  /** WeChat on a desktop: the code_url to draw as a QR code. */
  qrCode?: string
}
