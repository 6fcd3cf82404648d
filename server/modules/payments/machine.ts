/**
 * A payment attempt's life cycle on the machine library: started by the buyer, paid on the gateway's
 * verified word (even after it was closed: that money then goes straight back), closed when its order no
 * longer wants it, refunded once the gateway has sent the money back.
 */
import { and, desc, eq, ne } from 'drizzle-orm'
import { PAYMENT_STATUSES, PAYOUT_STATUSES } from '../../../src/contract/payments'
import type { Executor } from '../../db'
import { paymentEvents, payments, payoutEvents, payouts } from '../../db/schema'
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

export const paymentMachine = defineMachine({
  name: 'payment',
  table: payments,
  events: { table: paymentEvents, subject: 'paymentId' },
  statuses: PAYMENT_STATUSES,
  actors: ['buyer', 'system', 'gateway'],
  transitions,
  actions: {},
})

/** Closes the order's attempts still pending (one machine step each); `except` is the one that paid. */
export async function closePendingPayments(
  tx: Executor,
  orderId: number,
  actor: { kind: PaymentActor; userId?: number },
  now: Date,
  except?: number,
): Promise<void> {
  const pending = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.status, 'pending'), except ? ne(payments.id, except) : undefined),
    )
  for (const { id } of pending) await paymentMachine.transition(tx, id, 'close', actor, { closedAt: now })
}

/**
 * Marks `amount` of the order's counted payments to go back at their gateways (the sweeper and the caller
 * send it after the commit): the latest payment first, each at most once and never more than it paid.
 */
export async function markRefund(tx: Executor, orderId: number, amount: number): Promise<void> {
  const paid = await tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid'), eq(payments.refundDue, false)))
    .orderBy(desc(payments.id))
  let left = amount
  for (const p of paid) {
    if (left === 0) break
    const part = Math.min(left, p.amount)
    await tx.update(payments).set({ refundDue: true, refundAmount: part }).where(eq(payments.id, p.id))
    left -= part
  }
  if (left > 0) throw new Error(`order ${orderId}: ${left} fen more to refund than its payments hold`)
}

export type PayoutRow = typeof payouts.$inferSelect

/**
 * A seller's payout: made pending by the sweeper when the protection window has passed, paid or failed
 * on the gateway's answer; a failed one is sent again when an operator retries it, or when its seller gives another
 * Alipay account (consignment/service.ts). A 包赔 paid while it
 * stands refused takes its compensation from the money not yet sent (claims/service.ts): the payout is amended to
 * what is left, or cancelled when nothing is left beyond the commission.
 */
export const payoutMachine = defineMachine({
  name: 'payout',
  table: payouts,
  events: { table: payoutEvents, subject: 'payoutId' },
  statuses: PAYOUT_STATUSES,
  actors: ['system', 'operator', 'seller'],
  transitions: {
    create: { from: [], to: 'pending', by: ['system'] },
    pay: { from: ['pending'], to: 'paid', by: ['system'] },
    fail: { from: ['pending'], to: 'failed', by: ['system'] },
    /** Staff's retry, or the seller's, who gave another account (a new attempt, so a new out_biz_no). */
    retry: { from: ['failed'], to: 'pending', by: ['operator', 'seller'] },
    amend: { from: ['failed'], to: 'failed', by: ['system'] },
    cancel: { from: ['failed'], to: 'cancelled', by: ['system'] },
  },
  actions: { payee: [{ in: ['failed'], by: ['seller'] }] },
})
