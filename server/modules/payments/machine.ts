/**
 * A payment attempt's life cycle on the machine library: started by the buyer, paid on the gateway's
 * verified word (even after it was closed: that money then goes straight back), closed when its order no
 * longer wants it, refunded once the gateway has sent the money back.
 */
import type { PaymentStatus } from '../../../src/contract/orders'
import { paymentEvents, payments } from '../../db/schema'
import { defineMachine } from '../../lib/machine'

export type PaymentRow = typeof payments.$inferSelect
export type PaymentActor = 'buyer' | 'system' | 'gateway'

const transitions = {
  start: { from: [], to: 'pending', by: ['buyer'] },
  pay: { from: ['pending', 'closed'], to: 'paid', by: ['gateway'] },
  /** The buyer cancelled the order, it timed out, or another attempt paid it. */
  close: { from: ['pending'], to: 'closed', by: ['buyer', 'system', 'gateway'] },
  refund: { from: ['paid'], to: 'refunded', by: ['system'] },
} as const

export const paymentMachine = defineMachine<
  PaymentStatus,
  PaymentActor,
  keyof typeof transitions,
  never,
  PaymentRow,
  Omit<typeof payments.$inferInsert, 'status'>
>({
  name: 'payment',
  table: payments,
  events: { table: paymentEvents, subject: 'paymentId' },
  statuses: ['pending', 'paid', 'closed', 'refunded'],
  actors: ['buyer', 'system', 'gateway'],
  transitions,
  actions: {},
})
