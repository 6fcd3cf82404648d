/**
 * The order life cycle, declared once (DOMAIN.md "Life cycles"). Every status change goes through
 * `transition`: one conditional UPDATE (`… WHERE id = $1 AND status IN (from)`) plus an event row in the
 * same transaction, so two racing changes cannot both win and nothing changes without its event.
 * `actionsFor` derives from the same table what a viewer may do now; the client renders only those.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { OrderAction, OrderStatus } from '../../../src/contract/orders'
import type { Executor } from '../../db'
import { orderEvents, orders } from '../../db/schema'

export type OrderRow = typeof orders.$inferSelect
export type Actor = 'buyer' | 'operator' | 'system' | 'gateway'

interface Transition {
  from: OrderStatus[]
  to: OrderStatus
  by: Actor[]
}

export const TRANSITIONS = {
  /** The first payment (the full total, or the deposit) was confirmed by the gateway. */
  pay: { from: ['pending_payment'], to: 'paid', by: ['gateway'] },
  /** Buyer's cancel, or the sweeper at closeAt. */
  cancel: { from: ['pending_payment'], to: 'cancelled', by: ['buyer', 'system'] },
  /** Needs the whole total paid (the guard in `handOver`). */
  handOver: { from: ['paid'], to: 'handed_over', by: ['operator', 'system'] },
  /** Buyer's 确认收货, or the sweeper after the auto-confirm days. */
  confirm: { from: ['handed_over'], to: 'completed', by: ['buyer', 'system'] },
  refund: { from: ['paid', 'handed_over'], to: 'refunded', by: ['operator'] },
} as const satisfies Record<string, Transition>

export type OrderEvent = keyof typeof TRANSITIONS

export const fullyPaid = (order: Pick<OrderRow, 'paidAmount' | 'totalAmount'>) => order.paidAmount >= order.totalAmount

export interface Viewer {
  userId: number
  operator: boolean
}

/**
 * Who may read the listing's credentials now, as whom: the buyer once the account is handed over; an
 * operator (not the buyer) only while handing it over — paid in full, not yet handed over.
 */
export function credentialsAccess(order: OrderRow, viewer: Viewer): 'buyer' | 'operator' | null {
  if (order.buyerId === viewer.userId) {
    return order.status === 'handed_over' || order.status === 'completed' ? 'buyer' : null
  }
  return viewer.operator && order.status === 'paid' && fullyPaid(order) ? 'operator' : null
}

/** What `viewer` may do with `order` now. */
export function actionsFor(order: OrderRow, viewer: Viewer): OrderAction[] {
  const actions: OrderAction[] = []
  const can = (event: OrderEvent, actor: Actor) =>
    (TRANSITIONS[event].from as readonly OrderStatus[]).includes(order.status) &&
    (TRANSITIONS[event].by as readonly Actor[]).includes(actor)
  if (order.buyerId === viewer.userId) {
    if (order.status === 'pending_payment') actions.push('pay')
    if (order.status === 'paid' && !fullyPaid(order)) actions.push('payBalance')
    if (can('cancel', 'buyer')) actions.push('cancel')
    if (credentialsAccess(order, viewer)) actions.push('credentials')
    if (can('confirm', 'buyer')) actions.push('confirm')
  }
  if (viewer.operator) {
    if (can('handOver', 'operator') && fullyPaid(order)) actions.push('handOver')
    if (can('refund', 'operator')) actions.push('refund')
    if (order.buyerId !== viewer.userId && credentialsAccess(order, viewer)) actions.push('credentials')
  }
  return actions
}

/**
 * Moves one order along `event` if it is still in a `from` status (and `guard` holds); returns the
 * updated row, or null when another change got there first.
 */
export async function transition(
  tx: Executor,
  orderId: number,
  event: OrderEvent,
  actor: { kind: Actor; userId?: number | null; detail?: Record<string, unknown> },
  set: Partial<Omit<OrderRow, 'id' | 'status'>> = {},
  guard?: SQL,
): Promise<OrderRow | null> {
  const rule: Transition = TRANSITIONS[event]
  if (!rule.by.includes(actor.kind)) throw new Error(`order: ${actor.kind} may not ${event}`)
  // The row lock orders racing changes; the conditional UPDATE is what decides.
  const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update')
  if (!before || !rule.from.includes(before.status)) return null
  const [row] = await tx
    .update(orders)
    .set({ ...set, status: rule.to })
    .where(and(eq(orders.id, orderId), inArray(orders.status, rule.from), guard))
    .returning()
  if (!row) return null
  await tx.insert(orderEvents).values({
    orderId,
    event,
    fromStatus: before.status,
    toStatus: rule.to,
    actor: actor.kind,
    actorId: actor.userId ?? null,
    detail: actor.detail ?? {},
  })
  return row
}
