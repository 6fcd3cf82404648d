import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { QuoteStatus, RecycleStatus } from '../../../src/contract/recycling'
import { goods } from './catalogue'
import { lifeCycleEventColumns } from './events'
import { orders } from './orders'
import { users } from './user'

/**
 * 竞价回收: a seller's account offered to merchants for sealed bids. The account itself is a goods row — kept
 * off the market (`draft`), or also listed for sale (官方代售+竞价回收) — with its credentials and payout
 * account sealed as in selling; the request adds
 * the reserve (seen by the seller only) and the clock. `quoteCount` and `bestQuote` are kept with each quote
 * under the request's row lock, so the machine's guards can read them.
 */
export const recycleRequests = pgTable(
  'recycle_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .unique()
      .references(() => goods.id),
    reservePrice: integer('reserve_price').notNull(),
    /** 官方代售+竞价回收: the account is also listed for sale (through review) while merchants bid. */
    consign: boolean('consign').notNull().default(false),
    status: text('status').$type<RecycleStatus>().notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** Set when bidding closes: the seller may accept until then. */
    choosingEndsAt: timestamp('choosing_ends_at', { withTimezone: true }),
    quoteCount: integer('quote_count').notNull().default(0),
    bestQuote: integer('best_quote'),
    acceptedQuoteId: integer('accepted_quote_id'),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'recycle_requests_status_check',
      sql`${t.status} in ('quoting', 'choosing', 'accepted', 'completed', 'cancelled', 'expired')`,
    ),
    check('recycle_requests_reserve_check', sql`${t.reservePrice} > 0`),
    index('recycle_requests_open_idx')
      .on(t.windowEndsAt, t.id)
      .where(sql`status = 'quoting'`),
    index('recycle_requests_choosing_idx')
      .on(t.choosingEndsAt)
      .where(sql`status = 'choosing'`),
    index('recycle_requests_seller_idx').on(t.sellerId, t.id.desc()),
  ],
)

export const recycleRequestEvents = pgTable(
  'recycle_request_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => recycleRequests.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<RecycleStatus, 'seller' | 'system'>(),
  },
  (t) => [index('recycle_request_events_request_idx').on(t.requestId, t.id)],
)

/** One live quote per merchant per request (the unique index), raised in place while bidding is open. */
export const recycleQuotes = pgTable(
  'recycle_quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => recycleRequests.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => users.id),
    price: integer('price').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recycle_quotes_status_check', sql`${t.status} in ('submitted', 'won', 'lost', 'closed')`),
    check('recycle_quotes_price_check', sql`${t.price} > 0`),
    uniqueIndex('recycle_quotes_merchant_key').on(t.requestId, t.merchantId),
    index('recycle_quotes_merchant_idx').on(t.merchantId, t.updatedAt.desc()),
  ],
)
