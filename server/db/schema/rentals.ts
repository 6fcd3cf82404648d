import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { RentalComplaint, RentalDecision, RentalStatus } from '../../../src/contract/rentals'
import { goods } from './catalogue'
import { lifeCycleEventColumns } from './events'
import { users } from './user'

/**
 * 租号: one renter's hire of a rentable listing, with the terms it was taken at. Its money is in its orders
 * (`orders.rental_id`): the first (kind `rental`, rent + deposit) and one per renewal. `endAt` and
 * `checkUntil` are the sweeper's clocks; an unpaid rental lapses with its first order (the order's timer).
 */
export const rentals = pgTable(
  'rentals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    renterId: integer('renter_id')
      .notNull()
      .references(() => users.id),
    /** null = 自营: the platform rents out its own stock. */
    ownerId: integer('owner_id').references(() => users.id),
    status: text('status').$type<RentalStatus>().notNull(),
    /** Hours paid for, renewals included; at most `maxHours`. */
    hours: integer('hours').notNull(),
    maxHours: integer('max_hours').notNull(),
    hourly: integer('hourly').notNull(),
    daily: integer('daily').notNull(),
    rentAmount: integer('rent_amount').notNull(),
    depositAmount: integer('deposit_amount').notNull(),
    /** The commission kept back from the rent (all orders'). */
    commissionAmount: integer('commission_amount').notNull(),
    /** What staff awarded the owner out of the deposit. */
    damageAmount: integer('damage_amount').notNull().default(0),
    rules: jsonb('rules').$type<string[]>().notNull().default([]),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    checkUntil: timestamp('check_until', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    complaint: jsonb('complaint').$type<RentalComplaint>(),
    /** While `disputed`: where it was (a settle decision of an active rental ends it now). */
    disputedFrom: text('disputed_from').$type<'active' | 'returned'>(),
    decision: jsonb('decision').$type<{ outcome: RentalDecision['outcome']; reason: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'rentals_status_check',
      sql`${t.status} in ('pending_payment', 'active', 'returned', 'disputed', 'settled', 'cancelled')`,
    ),
    check('rentals_hours_check', sql`${t.hours} between 1 and ${t.maxHours}`),
    check('rentals_damage_check', sql`${t.damageAmount} between 0 and ${t.depositAmount}`),
    check('rentals_commission_check', sql`${t.commissionAmount} between 0 and ${t.rentAmount}`),
    check(
      'rentals_active_check',
      sql`${t.status} <> 'active' or (${t.startAt} is not null and ${t.endAt} is not null)`,
    ),
    index('rentals_renter_idx').on(t.renterId, t.id.desc()),
    index('rentals_owner_idx').on(t.ownerId, t.id.desc()),
    index('rentals_goods_idx').on(t.goodsId),
    // The sweeper's clocks: each reads only the rows that are due.
    index('rentals_active_end_idx')
      .on(t.endAt)
      .where(sql`status = 'active'`),
    index('rentals_returned_check_idx')
      .on(t.checkUntil)
      .where(sql`status = 'returned'`),
    index('rentals_disputed_idx')
      .on(t.updatedAt)
      .where(sql`status = 'disputed'`),
  ],
)

export const rentalEvents = pgTable(
  'rental_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rentalId: integer('rental_id')
      .notNull()
      .references(() => rentals.id),
    ...lifeCycleEventColumns<RentalStatus, 'renter' | 'owner' | 'operator' | 'system' | 'gateway'>(),
  },
  (t) => [index('rental_events_rental_idx').on(t.rentalId, t.id)],
)
