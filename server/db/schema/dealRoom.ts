import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { DealCardEvent, DealRole } from '../../../src/contract/dealRoom'
import { orders } from './orders'
import { users } from './user'

/**
 * 交易群: an order's messages — people's words and pictures, and the order's own cards — kept whole: the
 * text as written (staff read it so), `maskedText` as the other party reads it when it carried contact
 * details. `publishedAt` is the outbox: a message is written in its own transaction (a card in the order's),
 * and delivered live once committed, by whichever instance claims it first (SKIP LOCKED).
 */
export const dealMessages = pgTable(
  'deal_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'text' | 'image' | 'card' | 'warning'>().notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: text('sender_role').$type<DealRole>().notNull(),
    text: text('text').notNull().default(''),
    /** What the other party reads when `text` carried contact details; null when nothing was masked. */
    maskedText: text('masked_text'),
    imageUrl: text('image_url'),
    cardEvent: text('card_event').$type<DealCardEvent>(),
    clientId: text('client_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deal_messages_kind_check', sql`${t.kind} in ('text', 'image', 'card', 'warning')`),
    check('deal_messages_role_check', sql`${t.senderRole} in ('buyer', 'seller', 'staff', 'system')`),
    index('deal_messages_order_idx').on(t.orderId, t.id),
    // One message per sender and client id: a send repeated after a lost answer changes nothing.
    uniqueIndex('deal_messages_client_key').on(t.senderId, t.clientId),
    index('deal_messages_outbox_idx')
      .on(t.id)
      .where(sql`published_at is null`),
  ],
)

/** How far each member has read each room: the unread counts. */
export const dealRoomReads = pgTable(
  'deal_room_reads',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
)

export type DealMessageRow = typeof dealMessages.$inferSelect
