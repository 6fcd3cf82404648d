/**
 * An after-sale case's life cycle (DOMAIN.md): the buyer opens it and the seller has 48 hours to answer —
 * in the room or by the reply form — before it goes to staff by itself marked 卖家未响应; a case about 自营
 * stock goes to staff at once. Staff decide it whenever they have enough (refund all, refund part, reject);
 * the order's own steps (`dispute`, `resume`, `conclude`, `refundDispute`) go with it.
 */
import { AFTERSALE_STATUSES } from '../../../src/contract/aftersale'
import { aftersaleCases, aftersaleEvents } from '../../db/schema'
import { defineMachine, taking } from '../../lib/machine'

export type AftersaleRow = typeof aftersaleCases.$inferSelect

const transitions = {
  /** The buyer opens a case about a consigned listing: the seller answers first. */
  open: { from: [], to: 'awaiting_seller', by: ['buyer'] },
  /** The same about 自营 stock: the platform is the seller, staff answer. */
  openOwn: { from: [], to: 'awaiting_staff', by: ['buyer'] },
  /** The seller answers with the reply form (words and pictures). */
  reply: { from: ['awaiting_seller'], to: 'awaiting_staff', by: ['seller'] },
  /** The seller answers by writing in the deal room. */
  answer: { from: ['awaiting_seller'], to: 'awaiting_staff', by: ['seller'] },
  /** No answer by `dueAt`: to staff, marked 卖家未响应. */
  escalate: { from: ['awaiting_seller'], to: 'awaiting_staff', by: ['system'], timer: { at: aftersaleCases.dueAt } },
  decide: { from: ['awaiting_seller', 'awaiting_staff'], to: 'decided', by: ['operator'] },
} as const

export type AftersaleEvent = keyof typeof transitions

export const aftersaleMachine = defineMachine({
  name: 'aftersale',
  table: aftersaleCases,
  events: { table: aftersaleEvents, subject: 'caseId' },
  statuses: AFTERSALE_STATUSES,
  actors: ['buyer', 'seller', 'operator', 'system'],
  transitions,
  actions: {
    reply: [taking(transitions.reply)],
    decide: [taking(transitions.decide)],
  },
})
