/**
 * A 中介担保 ticket's life cycle (DOMAIN.md "Life cycles"): opened by one party, joined by the other, the account
 * entered by the seller and approved (or sent back) by the buyer; approval makes its order, and from there the
 * ticket follows the order — completed with it, back to approval when it lapses unpaid, closed when refunded.
 * Either party may close it until the buyer has paid.
 */
import { ESCROW_TICKET_STATUSES } from '../../../src/contract/escrowTickets'
import { escrowTicketEvents, escrowTickets } from '../../db/schema'
import { defineMachine, taking } from '../../lib/machine'

export type EscrowTicketRow = typeof escrowTickets.$inferSelect

const transitions = {
  open: { from: [], to: 'awaiting_party', by: ['buyer', 'seller'] },
  /** The other party joined with the code. */
  join: { from: ['awaiting_party'], to: 'awaiting_listing', by: ['buyer', 'seller'] },
  /** The seller entered the account (again, after the buyer sent it back). */
  list: { from: ['awaiting_listing'], to: 'awaiting_approval', by: ['seller'] },
  /** The buyer sends the account back with a reason: the seller enters it again. */
  reject: { from: ['awaiting_approval'], to: 'awaiting_listing', by: ['buyer'] },
  /** The buyer approves: the ticket's order is made, to pay like any. */
  approve: { from: ['awaiting_approval'], to: 'in_trade', by: ['buyer'] },
  /** Its order lapsed unpaid (or the buyer cancelled it): the buyer may approve again, or close. */
  lapse: { from: ['in_trade'], to: 'awaiting_approval', by: ['buyer', 'system'] },
  /** Its order completed: the seller is paid after the protection window, as for any order. */
  complete: { from: ['in_trade'], to: 'completed', by: ['buyer', 'system', 'operator'] },
  /** Either party gives up before paying; staff refunded its order. */
  close: {
    from: ['awaiting_party', 'awaiting_listing', 'awaiting_approval'],
    to: 'closed',
    by: ['buyer', 'seller'],
  },
  refund: { from: ['in_trade'], to: 'closed', by: ['operator'] },
} as const

export type EscrowTicketEvent = keyof typeof transitions

export const escrowTicketMachine = defineMachine({
  name: 'escrow ticket',
  table: escrowTickets,
  events: { table: escrowTicketEvents, subject: 'ticketId' },
  statuses: ESCROW_TICKET_STATUSES,
  actors: ['buyer', 'seller', 'operator', 'system'],
  transitions,
  actions: {
    list: [taking(transitions.list)],
    approve: [taking(transitions.approve)],
    reject: [taking(transitions.reject)],
    close: [taking(transitions.close)],
  },
})
