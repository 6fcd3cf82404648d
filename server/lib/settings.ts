/**
 * Typed reads of the operator-editable settings (migration 0001 holds the defaults). Read per use, not
 * cached: an operator's change applies to the next quote. Money is fen, rates are basis points.
 */
import { inArray } from 'drizzle-orm'
import type { Rate } from '../../src/contract/orders'
import type { Settings } from '../../src/contract/settings'
import type { Executor } from '../db'
import { settings } from '../db/schema'

/** The operator-editable settings, declared with their bounds in the contract. */
export type { Rate, Settings }

/** Switches that are off until an operator (or the demo seed) turns them on: no row, no switch. */
const SWITCHES = { autoHandOver: false, autoApprove: false, claimHoldsListings: false }

const TRADE_KEYS = [
  'serviceFee',
  'guaranteeRetrieval',
  'guaranteeFace',
  'deposit',
  'sellerCommission',
  'escrowFee',
  'unpaidOrderTimeoutMinutes',
  'autoConfirmDays',
  'payoutProtectionDays',
  'maxUnpaidOrders',
  'expiryCooldown',
  'recycleMinWindowMinutes',
  'guaranteeTermDays',
] as const satisfies readonly (keyof Settings)[]

export async function tradeSettings(db: Executor): Promise<Settings> {
  const stored = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...TRADE_KEYS, ...(Object.keys(SWITCHES) as (keyof typeof SWITCHES)[])]))
  const values = Object.fromEntries(stored.map((row) => [row.key, row.value]))
  const missing = TRADE_KEYS.filter((key) => !(key in values))
  // A missing row is a broken migration, not a user error: the caller answers 500.
  if (missing.length > 0) throw new Error(`settings missing: ${missing.join(', ')}`)
  return { ...SWITCHES, ...values } as unknown as Settings
}

export async function setSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } })
}

/** `rate` of `amount`, rounded to the fen, at least `min` and never more than `cap`. */
export function applyRate(amount: number, rate: Rate, cap = Number.POSITIVE_INFINITY): number {
  return Math.min(cap, Math.max(rate.min, Math.round((amount * rate.rateBps) / 10_000)))
}
