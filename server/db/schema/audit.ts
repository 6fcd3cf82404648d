import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './user'

/**
 * Every staff action, written in the same transaction as the change it records. Append-only: a trigger
 * (migration 0012) refuses UPDATE and DELETE, so not even the application can rewrite what staff did.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    /** `<subject>.<verb>`, e.g. `goods.approve`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    /** What was decided and why (reason, old and new values); never a secret. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
)
