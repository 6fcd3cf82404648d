import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Message, MessageType } from '../../../src/contract/messages'
import { users } from './user'

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
    relatedType: text('related_type').$type<NonNullable<Message['relatedType']> | null>(),
    relatedId: integer('related_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
)
