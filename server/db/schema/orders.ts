import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  GuaranteeType,
  OrderGoods,
  OrderStatus,
  PayChannel,
  PaymentKind,
  PaymentStatus,
  PayMode,
} from '../../../src/contract/orders'
import type { MessageType } from '../../../src/contract/content'
import { goods } from './catalogue'
import { lifeCycleEventColumns } from './events'
import { users } from './users'

/**
 * An order for one listing. Amounts are fixed by the server at creation from the settings (fen).
 * `orders_one_live_per_goods` is the schema-level backstop against selling one account twice: the
 * service also takes the goods with a conditional update, but two live orders for one goods cannot
 * exist whatever the code does.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    no: text('no').notNull().unique(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** null = 自营: the platform sells its own stock. */
    sellerId: integer('seller_id').references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    goods: jsonb('goods').$type<OrderGoods>().notNull(),
    guaranteeType: text('guarantee_type').$type<GuaranteeType>().notNull(),
    payMode: text('pay_mode').$type<PayMode>().notNull(),
    goodsAmount: integer('goods_amount').notNull(),
    guaranteeAmount: integer('guarantee_amount').notNull(),
    serviceAmount: integer('service_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    depositAmount: integer('deposit_amount'),
    /** The seller's commission, kept back from the goods amount at completion. */
    commissionAmount: integer('commission_amount').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    status: text('status').$type<OrderStatus>().notNull().default('pending_payment'),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the seller's money left the protection window (ledger `release`). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'paid', 'handed_over', 'completed', 'cancelled', 'refunded')`,
    ),
    check('orders_guarantee_check', sql`${t.guaranteeType} in ('retrieval', 'face', 'none')`),
    check('orders_pay_mode_check', sql`${t.payMode} in ('full', 'deposit')`),
    check(
      'orders_amounts_check',
      sql`${t.totalAmount} = ${t.goodsAmount} + ${t.guaranteeAmount} + ${t.serviceAmount} and ${t.goodsAmount} > 0`,
    ),
    check('orders_paid_check', sql`${t.paidAmount} between 0 and ${t.totalAmount}`),
    check('orders_refund_check', sql`${t.refundAmount} between 0 and ${t.paidAmount}`),
    check('orders_commission_check', sql`${t.commissionAmount} between 0 and ${t.goodsAmount}`),
    uniqueIndex('orders_one_live_per_goods')
      .on(t.goodsId)
      .where(sql`status in ('pending_payment', 'paid', 'handed_over')`),
    index('orders_buyer_time_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('orders_seller_idx').on(t.sellerId),
    // The sweeper's queues: each reads only the rows that are due.
    index('orders_unpaid_close_idx')
      .on(t.closeAt)
      .where(sql`status = 'pending_payment'`),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`status = 'paid'`),
    index('orders_handed_over_idx')
      .on(t.handedOverAt)
      .where(sql`status = 'handed_over'`),
    index('orders_unreleased_idx')
      .on(t.completedAt)
      .where(sql`status = 'completed' and released_at is null`),
  ],
)

/** Every transition of an order, appended in the same transaction as the transition itself. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    ...lifeCycleEventColumns<OrderStatus, 'buyer' | 'operator' | 'system' | 'gateway'>(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

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
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    gatewayTradeNo: text('gateway_trade_no'),
    /** Paid money to send back (order refunded, cancelled before the money came, or paid twice). */
    refundDue: boolean('refund_due').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The verified notice (or query answer) that confirmed it. */
    confirmation: jsonb('confirmation').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_channel_check', sql`${t.channel} in ('alipay', 'wechat')`),
    check('payments_kind_check', sql`${t.kind} in ('full', 'deposit', 'balance')`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'closed', 'refunded')`),
    index('payments_order_idx').on(t.orderId),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payments_refund_due_idx')
      .on(t.id)
      .where(sql`refund_due`),
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
 * The escrow journal: append-only transfers between accounts (`buyer:<id>`, `escrow`, `seller:<id>`,
 * `seller_frozen:<id>`, `platform:fee`, `platform:sales`). `ref` makes each posting happen once;
 * `hash` = sha256(prevHash + the entry), so an edited or removed row breaks the chain.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ref: text('ref').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debitAccount: text('debit_account').notNull(),
    creditAccount: text('credit_account').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [
    check('ledger_amount_check', sql`${t.amount} > 0`),
    check('ledger_accounts_check', sql`${t.debitAccount} <> ${t.creditAccount}`),
    check('ledger_kind_check', sql`${t.kind} in ('hold', 'settle', 'fee', 'release', 'refund', 'compensation')`),
    index('ledger_order_idx').on(t.orderId),
  ],
)

export type LedgerKind = 'hold' | 'settle' | 'fee' | 'release' | 'refund' | 'compensation'

/** `Idempotency-Key` of a POST: the first result is kept and replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_time_idx').on(t.createdAt)],
)

/** Every decryption of a listing's credentials: who, as what, from where, when. */
export const credentialReveals = pgTable(
  'credential_reveals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<'buyer' | 'operator'>().notNull(),
    /** Why an operator looked (required of operators; empty for the buyer). */
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credential_reveals_order_idx').on(t.orderId)],
)

export type { MessageType }

/** A message to one user, written in the transaction of the change it reports; read at /need/message/list. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<MessageType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    relatedType: text('related_type').$type<'order' | 'goods' | 'request' | null>(),
    relatedId: integer('related_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
)
