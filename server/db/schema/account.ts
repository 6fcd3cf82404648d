import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AccountDeletionStatus } from '../../../src/contract/account'
import { lifeCycleEventColumns } from './events'
import { users } from './user'

/**
 * 注销账号: asked for by the user, erased by the sweeper once `eraseAt` passes (unless cancelled first, or
 * something was opened meanwhile). One cooling-off deletion per user at a time.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<AccountDeletionStatus>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    eraseAt: timestamp('erase_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    check('account_deletions_status_check', sql`${t.status} in ('cooling_off', 'cancelled', 'erased')`),
    uniqueIndex('account_deletions_one_open_key')
      .on(t.userId)
      .where(sql`status = 'cooling_off'`),
    index('account_deletions_due_idx')
      .on(t.eraseAt)
      .where(sql`status = 'cooling_off'`),
  ],
)

export const accountDeletionEvents = pgTable(
  'account_deletion_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deletionId: integer('deletion_id')
      .notNull()
      .references(() => accountDeletions.id),
    ...lifeCycleEventColumns<AccountDeletionStatus, 'user' | 'system'>(),
  },
  (t) => [index('account_deletion_events_deletion_idx').on(t.deletionId, t.id)],
)
