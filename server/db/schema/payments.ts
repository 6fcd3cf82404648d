import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { PayChannel, PaymentKind, PaymentStatus, PayoutStatus, TradeClient } from '../../../src/contract/payments'
import { lifeCycleEventColumns } from './events'
import { goods } from './catalogue'
import { orders } from './orders'
import { users } from './user'

/** One attempt to pay part or all of an order through a gateway; `outTradeNo` is our trade number there. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    outTradeNo: text('out_trade_no').notNull().unique(),
    channel: text('channel').$type<PayChannel>().notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /**
     * How the trade is paid (h5, desktop, jsapi, mini, qq-mini): starting the same payment the same way
     * again reuses the open trade; another way closes it first. Null on rows older than this column.
     */
    client: text('client').$type<TradeClient>(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    gatewayTradeNo: text('gateway_trade_no'),
    /** Paid money to send back (order refunded, cancelled before the money came, or paid twice). */
    refundDue: boolean('refund_due').notNull().default(false),
    /** How much of it goes back (all of it, or an after-sale's partial refund); set with `refundDue`. */
    refundAmount: integer('refund_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The verified notice (or query answer) that confirmed it. */
    confirmation: jsonb('confirmation').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_refund_check', sql`${t.refundAmount} between 0 and ${t.amount}`),
    check('payments_channel_check', sql`${t.channel} in ('alipay', 'wechat')`),
    check('payments_kind_check', sql`${t.kind} in ('full', 'deposit', 'balance')`),
    check('payments_client_check', sql`${t.client} in ('h5', 'desktop', 'jsapi', 'mini', 'qq-mini')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'closed', 'refunded')`),
    index('payments_order_idx').on(t.orderId),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payments_refund_due_idx')
      .on(t.id)
      .where(sql`refund_due`),
    // The 工作台's GMV by day.
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
  ],
)

/** Every status change of a payment, appended in the same transaction as the change (its machine). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<PaymentStatus, 'buyer' | 'system' | 'gateway'>(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
)

/** Gateway notices already handled, so a replay changes nothing. */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    channel: text('channel').$type<PayChannel>().notNull(),
    noticeId: text('notice_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    outcome: text('outcome').notNull(),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.noticeId] })],
)

/**
 * The seller's money for one completed order, sent by Alipay transfer once the protection window has
 * passed. `attempt` numbers the transfers (`out_biz_no` = `PO<id>-<attempt>`): the same attempt sent again
 * is the same transfer at Alipay, and a new attempt is made only after a refusal, which moved nothing.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    amount: integer('amount').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    transferNo: text('transfer_no'),
    /** The gateway's refusal of the last attempt; '' otherwise. */
    reason: text('reason').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled')`),
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payouts_failed_idx')
      .on(t.updatedAt)
      .where(sql`status = 'failed'`),
  ],
)

export const payoutEvents = pgTable(
  'payout_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<PayoutStatus, 'system' | 'operator' | 'seller'>(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId, t.id)],
)

/**
 * Who a user is to a payment app: their openid for a WeChat app (the official account for pages inside
 * WeChat, the mini-program) or their Alipay open_id for the Alipay mini-program — learned by that app's
 * authorisation, needed to make a JSAPI or mini-program trade for them. One per user and app.
 */
export const payerIdentities = pgTable(
  'payer_identities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] })],
)
