/**
 * A recycling request's life cycle (DOMAIN.md): bidding (`quoting`) until its window ends, then the seller
 * chooses among the sealed quotes for 24 h; with no quote at the reserve, or nobody chosen in time, it
 * expires. An accepted quote opens the merchant's order; the request completes with it, or falls through
 * when it is cancelled or refunded. The seller may cancel until a quote is accepted; an account also listed
 * for sale (官方代售+竞价回收) that a buyer buys first ends the bidding.
 */
import { sql } from 'drizzle-orm'
import { RECYCLE_STATUSES } from '../../../src/contract/recycling'
import { recycleRequestEvents, recycleRequests } from '../../db/schema'
import { defineMachine, taking, type Guard, type TimedEvents } from '../../lib/machine'

export type RecycleRow = typeof recycleRequests.$inferSelect

/** No quote reaches the reserve: nothing can be accepted. */
const reserveUnmet: Guard<RecycleRow> = {
  holds: (row) => row.bestQuote === null || row.bestQuote < row.reservePrice,
  sql: sql`(${recycleRequests.bestQuote} is null or ${recycleRequests.bestQuote} < ${recycleRequests.reservePrice})`,
}

/** The 24 h to choose have not run out (on the server's clock). */
const choosingOpen: Guard<RecycleRow> = {
  holds: (row) => row.choosingEndsAt !== null && row.choosingEndsAt > new Date(),
  sql: sql`${recycleRequests.choosingEndsAt} > now()`,
}

const transitions = {
  /** The seller offers an account; merchants may quote until windowEndsAt. */
  publish: { from: [], to: 'quoting', by: ['seller'] },
  /** Bidding closes on the server's clock; the seller may now see the quotes and choose. */
  close: { from: ['quoting'], to: 'choosing', by: ['system'], timer: { at: recycleRequests.windowEndsAt } },
  /** Nobody reached the reserve: over as soon as bidding has closed. */
  expireUnmet: {
    from: ['choosing'],
    to: 'expired',
    by: ['system'],
    guard: reserveUnmet,
    timer: { at: recycleRequests.windowEndsAt },
  },
  /** The seller let the 24 h to choose pass. */
  expire: { from: ['choosing'], to: 'expired', by: ['system'], timer: { at: recycleRequests.choosingEndsAt } },
  /** The seller picks a quote at or above the reserve: the merchant's order is opened with it. */
  accept: { from: ['choosing'], to: 'accepted', by: ['seller'], guard: choosingOpen },
  /** The merchant's order completed: the account is theirs and the seller is paid as in selling. */
  complete: { from: ['accepted'], to: 'completed', by: ['system'] },
  /** The merchant's order was cancelled (not paid in time) or refunded: the account goes back to the seller. */
  fallThrough: { from: ['accepted'], to: 'cancelled', by: ['system'] },
  cancel: { from: ['quoting', 'choosing'], to: 'cancelled', by: ['seller'] },
  /** 官方代售+竞价回收: a buyer bought the listing on the market first. */
  soldElsewhere: { from: ['quoting', 'choosing'], to: 'cancelled', by: ['system'] },
} as const

export type TimedRecycleEvent = TimedEvents<typeof transitions>

export const recycleMachine = defineMachine({
  name: 'recycle request',
  table: recycleRequests,
  events: { table: recycleRequestEvents, subject: 'requestId' },
  statuses: RECYCLE_STATUSES,
  actors: ['seller', 'system'],
  transitions,
  actions: {
    accept: [taking(transitions.accept)],
    cancel: [taking(transitions.cancel)],
  },
})
