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

/** POST /pay/{orderId}. `returnUrl` is where the gateway sends the browser back (never proof of payment). */
export const PayRequest = Body({
  channel: PayChannel,
  kind: PaymentKind,
  returnUrl: Type.String({ title: '返回地址', minLength: 1, maxLength: 500 }),
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
