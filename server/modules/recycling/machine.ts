/**
 * A recycling request's life cycle (DOMAIN.md): bidding (`quoting`) until its window ends, then the seller
 * chooses among the sealed quotes for 24 h; with no quote at the reserve, or nobody chosen in time, it
 * expires. The seller may cancel until a quote is accepted.
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
  cancel: { from: ['quoting', 'choosing'], to: 'cancelled', by: ['seller'] },
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
    cancel: [taking(transitions.cancel)],
  },
})
