import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { ProblemStatus, ProblemType } from '../../../src/contract/feedback'
import { users } from './user'

/** Feedback (fankui, suggest). */
export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ProblemType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'`),
    phone: text('phone').notNull().default(''),
    qq: text('qq').notNull().default(''),
    status: text('status').$type<ProblemStatus>().notNull().default('open'),
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('problems_type_check', sql`${t.type} in ('suggestion', 'problem', 'complaint')`),
    check('problems_status_check', sql`${t.status} in ('open', 'replied', 'closed')`),
    index('problems_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('problems_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
)
