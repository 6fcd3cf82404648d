import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Operator-editable parameters (fees, timeouts, thresholds); money values are integer fen, rates basis points. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
