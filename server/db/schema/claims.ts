import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ClaimKind, ClaimPayee, ClaimStatus } from '../../../src/contract/claims'
import { lifeCycleEventColumns } from './events'
import { orders } from './orders'
import { users } from './user'

/**
 * 包赔申请: a buyer's claim on a completed, guaranteed order, paid from the guarantee fund by Alipay transfer.
 * The payee is sealed by the vault (`payeeSealed`), kept masked for display; `attempt` makes each transfer's
 * `out_biz_no`, so a transfer sent again after a lost answer can never pay twice.
 */
export const claims = pgTable(
  'claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id').references(() => users.id),
    kind: text('kind').$type<ClaimKind>().notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    additions: jsonb('additions').$type<{ text: string; images: string[]; at: string }[]>().notNull().default([]),
    payeeSealed: text('payee_sealed').notNull(),
    payeeMasked: jsonb('payee_masked').$type<ClaimPayee>().notNull(),
    status: text('status').$type<ClaimStatus>().notNull(),
    infoRequest: text('info_request').notNull().default(''),
    amount: integer('amount'),
    rejectReason: text('reject_reason').notNull().default(''),
    attempt: integer('attempt').notNull().default(1),
    transferNo: text('transfer_no'),
    transferFailure: text('transfer_failure').notNull().default(''),
    /** Everything got back from the seller, `withheldAmount` included. */
    recoveredAmount: integer('recovered_amount').notNull().default(0),
    /** Taken from the seller's money for the sale when the claim was paid, before it was ever paid out. */
    withheldAmount: integer('withheld_amount').notNull().default(0),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('claims_status_check', sql`${t.status} in ('submitted', 'needs_info', 'approved', 'paid', 'rejected')`),
    check('claims_kind_check', sql`${t.kind} in ('recovered', 'face_recovered')`),
    check('claims_amount_check', sql`${t.amount} is null or ${t.amount} > 0`),
    // One live or paid claim per order: a second is refused whatever the code does (a rejected one may be followed).
    uniqueIndex('claims_one_per_order')
      .on(t.orderId)
      .where(sql`status <> 'rejected'`),
    index('claims_buyer_idx').on(t.buyerId, t.id.desc()),
    index('claims_status_idx').on(t.status, t.createdAt),
    index('claims_created_idx').on(t.createdAt),
  ],
)

export const claimEvents = pgTable(
  'claim_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    ...lifeCycleEventColumns<ClaimStatus, 'buyer' | 'operator' | 'system'>(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.id)],
)

/** Money staff got back from a seller for a paid claim: each a `recovery` into the guarantee fund. */
export const claimRecoveries = pgTable(
  'claim_recoveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    amount: integer('amount').notNull(),
    note: text('note').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('claim_recoveries_amount_check', sql`${t.amount} > 0`),
    index('claim_recoveries_claim_idx').on(t.claimId),
  ],
)

/**
 * The platform's own money paid into the guarantee fund (注资), recorded by finance: each a `contribution`
 * from `platform:capital`. Fees alone would leave a new marketplace unable to pay its first claims.
 */
export const fundContributions = pgTable(
  'fund_contributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    amount: integer('amount').notNull(),
    note: text('note').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fund_contributions_amount_check', sql`${t.amount} > 0`)],
)
