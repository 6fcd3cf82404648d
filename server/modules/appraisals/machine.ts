/**
 * An appraisal's life cycle (DOMAIN.md): submitted `pending`, then `estimated` — by the sold-price index
 * in the same transaction when it finds enough comparable deals, otherwise by an appraiser in the console.
 * Once estimated, the owner may take the account to 我要卖 or 竞价回收 from it.
 */
import { APPRAISAL_STATUSES } from '../../../src/contract/appraisals'
import { appraisalEvents, appraisals } from '../../db/schema'
import { defineMachine, taking } from '../../lib/machine'

export type AppraisalRow = typeof appraisals.$inferSelect

const transitions = {
  submit: { from: [], to: 'pending', by: ['owner'] },
  /** The index found enough comparable deals. */
  price: { from: ['pending'], to: 'estimated', by: ['system'] },
  /** An appraiser set the estimate (the console's 估价 queue). */
  estimate: { from: ['pending'], to: 'estimated', by: ['operator'] },
} as const

export const appraisalMachine = defineMachine({
  name: 'appraisal',
  table: appraisals,
  events: { table: appraisalEvents, subject: 'appraisalId' },
  statuses: APPRAISAL_STATUSES,
  actors: ['owner', 'system', 'operator'],
  transitions,
  actions: {
    sell: [{ in: ['estimated'], by: ['owner'] }],
    recycle: [{ in: ['estimated'], by: ['owner'] }],
    estimate: [taking(transitions.estimate)],
  },
})
