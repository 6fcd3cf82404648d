import { sql } from 'drizzle-orm'
import {
  bigint,
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
  LEDGER_KINDS,
  OrderGoods,
  OrderActor,
  OrderEvent,
  OrderKind,
  OrderSource,
  OrderStatus,
  PayMode,
} from '../../../src/contract/orders'
import { goods } from './catalogue'
import { rentals } from './rentals'
import { lifeCycleEventColumns } from './events'
import { users } from './user'

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
    /**
     * Until when the buyer of a completed order may still open an after-sale case; the seller is paid once it
     * has passed. Set at completion from the setting, moved on by the time a case kept the order disputed.
     */
    protectedUntil: timestamp('protected_until', { withTimezone: true }),
    /** While `disputed`: the status it left, where a rejected case returns it, and since when. */
    disputedFrom: text('disputed_from').$type<'handed_over' | 'completed'>(),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** When its buyer reviewed it (评价): the review may be changed for 7 days after. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A sale, or the money of a rental (租号): its rent and deposit (`rental`), or a renewal's rent. */
    kind: text('kind').$type<OrderKind>().notNull().default('sale'),
    rentalId: integer('rental_id').references(() => rentals.id),
    /** The hours a rental's order pays for. */
    rentHours: integer('rent_hours'),
    /** A catalogue purchase or rental, a 竞价回收 award, or a 中介担保 ticket's order. */
    source: text('source').$type<OrderSource>().notNull().default('market'),
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'paid', 'handed_over', 'completed', 'cancelled', 'refunded', 'disputed')`,
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
    check('orders_kind_check', sql`${t.kind} in ('sale', 'rental', 'renewal')`),
    check(
      'orders_source_check',
      sql`${t.source} in ('market', 'recycling', 'escrow') and (${t.kind} = 'sale' or ${t.source} = 'market')`,
    ),
    check(
      'orders_rental_check',
      sql`(${t.kind} = 'sale') = (${t.rentalId} is null) and (${t.kind} = 'sale') = (${t.rentHours} is null)`,
    ),
    // A renewal is paid while its rental's first order is live: it is the rental that holds the goods.
    uniqueIndex('orders_one_live_per_goods')
      .on(t.goodsId)
      .where(sql`status in ('pending_payment', 'paid', 'handed_over', 'disputed') and kind <> 'renewal'`),
    uniqueIndex('orders_rental_first_key')
      .on(t.rentalId)
      .where(sql`kind = 'rental'`),
    index('orders_buyer_time_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('orders_seller_idx').on(t.sellerId),
    // The console: everyone's orders newest first, and the 工作台's 30-day window.
    index('orders_time_idx').on(t.createdAt.desc(), t.id.desc()),
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
      .on(t.protectedUntil)
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
    ...lifeCycleEventColumns<OrderStatus, OrderActor, OrderEvent>(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/**
 * The escrow journal: append-only transfers between accounts (`buyer:<id>`, `escrow`, `seller:<id>`,
 * `seller_frozen:<id>`, `platform:fee`, `platform:sales`, `guarantee_fund`, `platform:capital`). Every posting
 * belongs to an order but the platform's contributions to the fund. `ref` makes each posting happen once;
 * `hash` = sha256(prevHash + the entry), so an edited or removed row breaks the chain.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ref: text('ref').notNull().unique(),
    orderId: integer('order_id').references(() => orders.id),
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
    check(
      'ledger_kind_check',
      sql`${t.kind} in ('hold', 'settle', 'fee', 'release', 'refund', 'compensation', 'recovery', 'contribution')`,
    ),
    check('ledger_order_check', sql`(${t.orderId} is null) = (${t.kind} = 'contribution')`),
    index('ledger_order_idx').on(t.orderId),
  ],
)

export type LedgerKind = (typeof LEDGER_KINDS)[number]

/**
 * What the journal has moved through each account, by kind: kept by the posting itself (ledger.ts), in the same
 * transaction, so a balance is one row to read however long the journal grows — the guarantee fund's is public
 * (找回案例) and every claim's approval checks it. `ledger:verify` proves each row against the entries.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    account: text('account').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account, t.kind] })],
)

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

/** Every decryption of a listing's credentials: who, as what, from where, when (and for which order, if any). */
export const credentialReveals = pgTable(
  'credential_reveals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null when staff check the account while reviewing the listing (验号). */
    orderId: integer('order_id').references(() => orders.id),
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
