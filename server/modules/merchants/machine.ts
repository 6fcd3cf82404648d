/**
 * A merchant application's life cycle (DOMAIN.md): filed `pending`, then approved or rejected by staff,
 * once. A rejected applicant may file a new one.
 */
import { MERCHANT_APPLICATION_STATUSES } from '../../../src/contract/merchants'
import { merchantApplicationEvents, merchantApplications } from '../../db/schema'
import { defineMachine, taking } from '../../lib/machine'

export type ApplicationRow = typeof merchantApplications.$inferSelect

const transitions = {
  apply: { from: [], to: 'pending', by: ['applicant'] },
  approve: { from: ['pending'], to: 'approved', by: ['operator'] },
  reject: { from: ['pending'], to: 'rejected', by: ['operator'] },
} as const

export const applicationMachine = defineMachine({
  name: 'merchant application',
  table: merchantApplications,
  events: { table: merchantApplicationEvents, subject: 'applicationId' },
  statuses: MERCHANT_APPLICATION_STATUSES,
  actors: ['applicant', 'operator'],
  transitions,
  actions: {
    approve: [taking(transitions.approve)],
    reject: [taking(transitions.reject)],
  },
})
