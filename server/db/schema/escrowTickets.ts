import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { EscrowRole, EscrowTicketStatus } from '../../../src/contract/escrowTickets'
import { games, goods } from './catalogue'
import { lifeCycleEventColumns } from './events'
import { orders } from './orders'
import { users } from './user'

/**
 * 中介担保: a deal agreed elsewhere, run through the escrow. The opener is one party; the other joins with
 * `code` (only the user with `counterparty_phone`, when it was given by phone). The seller's account becomes a
 * listing of kind `guarantee` (never public); the buyer's approval makes its order, which the ticket follows.
 */
export const escrowTickets = pgTable(
  'escrow_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    description: text('description').notNull(),
    agreedPrice: integer('agreed_price').notNull(),
    openerRole: text('opener_role').$type<EscrowRole>().notNull(),
    buyerId: integer('buyer_id').references(() => users.id),
    sellerId: integer('seller_id').references(() => users.id),
    counterpartyPhone: text('counterparty_phone'),
    counterpartyQq: text('counterparty_qq'),
    status: text('status').$type<EscrowTicketStatus>().notNull(),
    goodsId: integer('goods_id').references(() => goods.id),
    orderId: integer('order_id').references(() => orders.id),
    rejectReason: text('reject_reason').notNull().default(''),
    closedReason: text('closed_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'escrow_tickets_status_check',
      sql`${t.status} in ('awaiting_party', 'awaiting_listing', 'awaiting_approval', 'in_trade', 'completed', 'closed')`,
    ),
    check('escrow_tickets_role_check', sql`${t.openerRole} in ('buyer', 'seller')`),
    check('escrow_tickets_price_check', sql`${t.agreedPrice} > 0`),
    check('escrow_tickets_counterparty_check', sql`(${t.counterpartyPhone} is null) <> (${t.counterpartyQq} is null)`),
    // Both parties from joining on, and never one person on both sides.
    check(
      'escrow_tickets_parties_check',
      sql`${t.status} = 'awaiting_party' or ${t.status} = 'closed' or (${t.buyerId} is not null and ${t.sellerId} is not null and ${t.buyerId} <> ${t.sellerId})`,
    ),
    index('escrow_tickets_buyer_idx').on(t.buyerId, t.id.desc()),
    index('escrow_tickets_seller_idx').on(t.sellerId, t.id.desc()),
    index('escrow_tickets_order_idx').on(t.orderId),
  ],
)

export const escrowTicketEvents = pgTable(
  'escrow_ticket_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => escrowTickets.id),
    ...lifeCycleEventColumns<EscrowTicketStatus, 'buyer' | 'seller' | 'operator' | 'system'>(),
  },
  (t) => [index('escrow_ticket_events_ticket_idx').on(t.ticketId, t.id)],
)
