import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { AppraisalStatus } from '../../../src/contract/appraisals'
import type { AttributeValue } from '../../../src/contract/catalogue'
import type { Comparable } from '../../../src/contract/priceIndex'
import { games } from './catalogue'
import { lifeCycleEventColumns } from './events'
import { users } from './user'

/**
 * 账号估价: an account described as the selling form describes it (against the template version of the
 * day), and its estimate — from the sold-price index at once, or from an appraiser when the index found
 * too few comparables. The comparables are kept as they were then, so the answer never shifts under its
 * reader.
 */
export const appraisals = pgTable(
  'appraisals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    templateVersion: integer('template_version').notNull(),
    regionIds: integer('region_ids').array().notNull(),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull(),
    description: text('description').notNull().default(''),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'`),
    expectedPrice: integer('expected_price'),
    status: text('status').$type<AppraisalStatus>().notNull(),
    estimateMin: integer('estimate_min'),
    estimateMax: integer('estimate_max'),
    estimatePoint: integer('estimate_point'),
    comparableCount: integer('comparable_count').notNull().default(0),
    comparables: jsonb('comparables').$type<Comparable[]>().notNull().default([]),
    /** The appraiser's note to the user; '' for the index's estimates. */
    note: text('note').notNull().default(''),
    /** The appraiser; null when the index estimated it. */
    estimatedBy: integer('estimated_by').references(() => users.id, { onDelete: 'set null' }),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appraisals_status_check', sql`${t.status} in ('pending', 'estimated')`),
    check(
      'appraisals_estimate_check',
      sql`${t.status} = 'pending' or (${t.estimateMin} <= ${t.estimatePoint} and ${t.estimatePoint} <= ${t.estimateMax})`,
    ),
    index('appraisals_user_idx').on(t.userId, t.id.desc()),
    index('appraisals_status_idx').on(t.status, t.createdAt),
  ],
)

export const appraisalEvents = pgTable(
  'appraisal_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appraisalId: integer('appraisal_id')
      .notNull()
      .references(() => appraisals.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<AppraisalStatus, 'owner' | 'system' | 'operator'>(),
  },
  (t) => [index('appraisal_events_appraisal_idx').on(t.appraisalId, t.id)],
)
