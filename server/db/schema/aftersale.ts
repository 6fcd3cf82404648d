import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AftersaleOutcome, AftersaleReason, AftersaleStatus } from '../../../src/contract/aftersale'
import { lifeCycleEventColumns } from './events'
import { orders } from './orders'
import { users } from './user'

/**
 * 申请售后: a buyer's case about a handed-over or completed order. `dueAt` is the deadline the case waits on
 * (the seller's answer, then staff's decision): the sweeper's timer and the console queue's order.
 */
export const aftersaleCases = pgTable(
  'aftersale_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** null = 自营: staff answer for the platform. */
    sellerId: integer('seller_id').references(() => users.id),
    reason: text('reason').$type<AftersaleReason>().notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status').$type<AftersaleStatus>().notNull(),
    sellerSilent: boolean('seller_silent').notNull().default(false),
    replyText: text('reply_text'),
    replyImages: jsonb('reply_images').$type<string[]>().notNull().default([]),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    outcome: text('outcome').$type<AftersaleOutcome>(),
    refundAmount: integer('refund_amount').notNull().default(0),
    decisionReason: text('decision_reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('aftersale_cases_status_check', sql`${t.status} in ('awaiting_seller', 'awaiting_staff', 'decided')`),
    check('aftersale_cases_reason_check', sql`${t.reason} in ('not_as_described', 'recovered', 'banned', 'other')`),
    check('aftersale_cases_refund_check', sql`${t.refundAmount} >= 0`),
    // One open case per order: the order's `disputed` says so too, this holds whatever the code does.
    uniqueIndex('aftersale_cases_open_key')
      .on(t.orderId)
      .where(sql`status <> 'decided'`),
    index('aftersale_cases_order_idx').on(t.orderId, t.id.desc()),
    index('aftersale_cases_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`status <> 'decided'`),
  ],
)

export const aftersaleEvents = pgTable(
  'aftersale_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => aftersaleCases.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<AftersaleStatus, 'buyer' | 'seller' | 'operator' | 'system'>(),
  },
  (t) => [index('aftersale_events_case_idx').on(t.caseId, t.id)],
)
