import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { MerchantApplicationStatus } from '../../../src/contract/merchants'
import { lifeCycleEventColumns } from './events'
import { users } from './user'

/**
 * A user's request to become a merchant (号商, shanghu's 商务合作): at most one `pending` per user (the
 * partial unique index decides between two racing submissions); approval gives the user the `merchant`
 * role. The phone is kept whole for the staff who call back and shown masked everywhere.
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    qq: text('qq').notNull().default(''),
    business: text('business').notNull(),
    gameIds: integer('game_ids').array().notNull(),
    status: text('status').$type<MerchantApplicationStatus>().notNull(),
    /** Why it was rejected, as the applicant reads it. */
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('merchant_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex('merchant_applications_one_pending_key')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('merchant_applications_user_idx').on(t.userId, t.id.desc()),
    index('merchant_applications_status_idx').on(t.status, t.createdAt),
  ],
)

export const merchantApplicationEvents = pgTable(
  'merchant_application_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => merchantApplications.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<MerchantApplicationStatus, 'applicant' | 'operator'>(),
  },
  (t) => [index('merchant_application_events_application_idx').on(t.applicationId, t.id)],
)
