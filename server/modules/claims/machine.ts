/**
 * A claim's life cycle (DOMAIN.md): filed by the buyer; staff may ask for more (the buyer adds it and it is
 * back in review), approve an amount or reject it; an approved claim is paid when its transfer succeeds —
 * sent by the sweeper, or again by staff after the gateway refused it.
 */
import { sql } from 'drizzle-orm'
import { CLAIM_STATUSES } from '../../../src/contract/claims'
import { claimEvents, claims } from '../../db/schema'
import { defineMachine, taking, type Guard } from '../../lib/machine'

export type ClaimRow = typeof claims.$inferSelect

/** The gateway refused its transfer: staff send it again (a new attempt). */
const refused: Guard<ClaimRow> = {
  holds: (row) => row.transferFailure !== '',
  sql: sql`${claims.transferFailure} <> ''`,
}

/** Not all of the compensation has come back from the seller yet (withheld from the sale or recovered). */
const unrecovered: Guard<ClaimRow> = {
  holds: (row) => row.recoveredAmount < (row.amount ?? 0),
  sql: sql`${claims.recoveredAmount} < ${claims.amount}`,
}

const transitions = {
  file: { from: [], to: 'submitted', by: ['buyer'] },
  requestInfo: { from: ['submitted'], to: 'needs_info', by: ['operator'] },
  addInfo: { from: ['needs_info'], to: 'submitted', by: ['buyer'] },
  approve: { from: ['submitted'], to: 'approved', by: ['operator'] },
  reject: { from: ['submitted', 'needs_info'], to: 'rejected', by: ['operator'] },
  /** The transfer succeeded. */
  pay: { from: ['approved'], to: 'paid', by: ['system'] },
} as const

export const claimMachine = defineMachine({
  name: 'claim',
  table: claims,
  events: { table: claimEvents, subject: 'claimId' },
  statuses: CLAIM_STATUSES,
  actors: ['buyer', 'operator', 'system'],
  transitions,
  actions: {
    addInfo: [taking(transitions.addInfo)],
    approve: [taking(transitions.approve)],
    reject: [taking(transitions.reject)],
    requestInfo: [taking(transitions.requestInfo)],
    retry: [{ in: ['approved'], by: ['operator'], guard: refused }],
    recover: [{ in: ['paid'], by: ['operator'], guard: unrecovered }],
  },
})
