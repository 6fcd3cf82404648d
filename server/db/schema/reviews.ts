import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { goods } from './catalogue'
import { orders } from './orders'
import { users } from './user'

/**
 * 评价: one per completed order, by its buyer. `text` is as written (the buyer and staff read it), `publicText`
 * the same with contact details masked (everyone else reads that). A hidden review counts nowhere.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** null = 自营: the platform's own rating. */
    sellerId: integer('seller_id').references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    rating: integer('rating').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    text: text('text').notNull().default(''),
    publicText: text('public_text').notNull().default(''),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason').notNull().default(''),
    hiddenBy: integer('hidden_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    // A seller's rating and latest reviews: their visible reviews, newest first (自营: seller_id is null).
    index('reviews_seller_idx')
      .on(t.sellerId, t.createdAt.desc())
      .where(sql`hidden_at is null`),
  ],
)

/**
 * The seller card's figures, kept by triggers on orders and reviews (migration 0040) as games' listing counts are:
 * completed sales, and the count, sum and five-star count of visible reviews. A card is one row to read however
 * many sales a seller has — goodDetail reads one on every view, and the platform (`seller_key` 0: 自营) is the
 * largest seller of all.
 */
export const sellerStats = pgTable('seller_stats', {
  /** The seller's user id; 0 for the platform's own listings. */
  sellerKey: integer('seller_key').primaryKey(),
  sales: integer('sales').notNull().default(0),
  reviews: integer('reviews').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  fiveStar: integer('five_star').notNull().default(0),
})
