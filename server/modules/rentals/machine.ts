/**
 * A rental's life cycle (DOMAIN.md "Life cycles", 租号): taken unpaid with its listing, active once the gateway
 * confirms the rent and deposit, renewed while active, returned at `endAt` (the sweeper) or earlier (the
 * renter), settled when the owner's check window passes or the owner confirms; a complaint takes an active or
 * returned rental to staff, who settle it (with damage out of the deposit) or refund it — and a 账号不符/密码错误
 * complaint within the first 15 minutes refunds at once. Its orders move with it (rentals/lifecycle.ts).
 */
import { sql } from 'drizzle-orm'
import { RENT_LIMITS } from '../../../src/contract/constants'
import { RENTAL_STATUSES } from '../../../src/contract/rentals'
import { rentalEvents, rentals } from '../../db/schema'
import { defineMachine, taking, type Guard, type TimedEvents } from '../../lib/machine'

export type RentalRow = typeof rentals.$inferSelect

const HOUR = 3_600_000

/** Before `endAt`: the account is the renter's to use (and read), and to renew. */
const running: Guard<RentalRow> = {
  holds: (row) => row.endAt !== null && row.endAt > new Date(),
  sql: sql`${rentals.endAt} > now()`,
}
/** Hours left to renew within the listing's longest rental. */
const renewable: Guard<RentalRow> = {
  holds: (row) => running.holds(row) && row.hours < row.maxHours,
  sql: sql`${rentals.endAt} > now() and ${rentals.hours} < ${rentals.maxHours}`,
}
/** Within the first minutes of the start, when 账号不符/密码错误 refunds in full. */
export const fullRefundUntil = (row: Pick<RentalRow, 'startAt'>) =>
  row.startAt && new Date(row.startAt.getTime() + RENT_LIMITS.fullRefundMinutes * 60_000)
const early: Guard<RentalRow> = {
  holds: (row) => (fullRefundUntil(row)?.getTime() ?? 0) > Date.now(),
  sql: sql`${rentals.startAt} > now() - make_interval(mins => ${RENT_LIMITS.fullRefundMinutes})`,
}

const transitions = {
  /** The renter takes the listing; the first order (rent + deposit) waits for payment. */
  create: { from: [], to: 'pending_payment', by: ['renter'] },
  /** Its first order was cancelled (by the renter, or by the order's timer when unpaid). */
  cancel: { from: ['pending_payment'], to: 'cancelled', by: ['renter', 'system'] },
  /** The gateway confirmed the rent and deposit: the hours start now. */
  activate: { from: ['pending_payment'], to: 'active', by: ['gateway'] },
  /** The gateway confirmed a renewal's rent: `endAt` moves on. */
  renew: { from: ['active'], to: 'active', by: ['gateway'] },
  /** The renter gives it back early. */
  return: { from: ['active'], to: 'returned', by: ['renter'] },
  /** Its time is up. */
  expire: { from: ['active'], to: 'returned', by: ['system'], timer: { at: rentals.endAt } },
  /** The owner checked the account back (or did not within the window): the money settles. */
  confirmReturn: { from: ['returned'], to: 'settled', by: ['owner'] },
  settle: {
    from: ['returned'],
    to: 'settled',
    by: ['system'],
    timer: { at: rentals.checkUntil },
  },
  /** 账号不符/密码错误 right at the start: everything back to the renter at once. */
  refundEarly: { from: ['active'], to: 'settled', by: ['renter'], guard: early },
  /** Any other complaint: staff look. */
  complain: { from: ['active', 'returned'], to: 'disputed', by: ['renter', 'owner'] },
  /** Staff settle it (with damage, perhaps) or refund it. */
  decide: { from: ['disputed'], to: 'settled', by: ['operator'] },
} as const

export type RentalEvent = keyof typeof transitions
export type TimedRentalEvent = TimedEvents<typeof transitions>

export const rentalMachine = defineMachine({
  name: 'rental',
  table: rentals,
  events: { table: rentalEvents, subject: 'rentalId' },
  statuses: RENTAL_STATUSES,
  actors: ['renter', 'owner', 'operator', 'system', 'gateway'],
  transitions,
  actions: {
    // The renter starts a payment; the gateway's notice is what activates the rental.
    pay: [taking(transitions.activate, ['renter'])],
    cancel: [taking(transitions.cancel, ['renter'])],
    // 查看账号: the renter until endAt (every reveal logged).
    credentials: [{ in: ['active'], by: ['renter'], guard: running }],
    renew: [{ in: ['active'], by: ['renter'], guard: renewable }],
    return: [taking(transitions.return)],
    // The renter while using it; the owner also while checking it back.
    complain: [
      { in: ['active'], by: ['renter'] },
      { in: ['active', 'returned'], by: ['owner'] },
    ],
    confirmReturn: [taking(transitions.confirmReturn)],
    decide: [taking(transitions.decide)],
  },
})

export const checkUntilFrom = (returnedAt: Date) => new Date(returnedAt.getTime() + RENT_LIMITS.checkHours * HOUR)
