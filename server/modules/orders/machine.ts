/**
 * The order life cycle, declared once (DOMAIN.md "Life cycles") on the machine library: every status
 * change of an order — its creation and every payment included — is a row of this table, and the
 * `actions[]` a viewer gets, the credentials rule among them, are read from it.
 */
import { getTableColumns, sql } from 'drizzle-orm'
import { DAY_MS, REVIEW_LIMITS } from '../../../src/contract/constants'
import type { ClaimStatus } from '../../../src/contract/claims'
import { ORDER_ACTORS, ORDER_STATUSES, type OrderAction, type OrderEvent } from '../../../src/contract/orders'
import { claims, orderEvents, orders, payouts } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import type { Settings } from '../../lib/settings'
import { allOf, defineMachine, taking, type Guard, type TimedEvents } from '../../lib/machine'

export type OrderRow = typeof orders.$inferSelect
export type Actor = 'buyer' | 'seller' | 'operator' | 'system' | 'gateway'

export const fullyPaid = (order: Pick<OrderRow, 'paidAmount' | 'totalAmount'>) => order.paidAmount >= order.totalAmount

const paidInFull: Guard<OrderRow> = { holds: fullyPaid, sql: sql`${orders.paidAmount} >= ${orders.totalAmount}` }
const owingBalance: Guard<OrderRow> = {
  holds: (order) => !fullyPaid(order),
  sql: sql`${orders.paidAmount} < ${orders.totalAmount}`,
}

/**
 * A buyer may open an after-sale case once the account is theirs: handed over, or completed while the
 * protection window is open, nothing was refunded after sale yet and no payout was made — the write decides,
 * under the order's row lock, so a case and the seller's payout never both happen.
 */
const disputable: Guard<OrderRow> = {
  holds: (order) =>
    order.status === 'handed_over' ||
    (order.refundAmount === 0 && order.protectedUntil !== null && order.protectedUntil > new Date()),
  sql: sql`(${orders.status} = 'handed_over' or (${orders.refundAmount} = 0 and ${orders.protectedUntil} > now()
    and not exists (select 1 from ${payouts} where ${payouts.orderId} = ${orders.id})))`,
}
const from = (status: 'handed_over' | 'completed'): Guard<OrderRow> => ({
  holds: (order) => order.disputedFrom === status,
  sql: sql`${orders.disputedFrom} = ${status}`,
})

/**
 * A sale: hand-over, confirmation, refunds, cases, claims and reviews are a sale's. A rental's orders only
 * carry its money — paid, then completed or refunded when the rental settles (rentals/machine.ts).
 */
const sale: Guard<OrderRow> = { holds: (order) => order.kind === 'sale', sql: sql`${orders.kind} = 'sale'` }
const rentalMoney: Guard<OrderRow> = { holds: (order) => order.kind !== 'sale', sql: sql`${orders.kind} <> 'sale'` }

const guaranteed: Guard<OrderRow> = {
  holds: (order) => order.guaranteeType !== 'none',
  sql: sql`${orders.guaranteeType} <> 'none'`,
}

/** 评价: not reviewed yet, or reviewed within the edit window. */
const reviewable: Guard<OrderRow> = {
  holds: (order) =>
    order.reviewedAt === null || order.reviewedAt.getTime() + REVIEW_LIMITS.editDays * DAY_MS > Date.now(),
  sql: sql`(${orders.reviewedAt} is null or ${orders.reviewedAt} > now() - make_interval(days => ${REVIEW_LIMITS.editDays}))`,
}

const transitions = {
  /** The buyer orders: the goods is taken in the same transaction. */
  create: { from: [], to: 'pending_payment', by: ['buyer'] },
  /** A seller accepted a merchant's quote (竞价回收): the merchant's order, for the quoted price. */
  award: { from: [], to: 'pending_payment', by: ['seller'] },
  /** The first payment (the full total, or the deposit) was confirmed by the gateway. */
  pay: { from: ['pending_payment'], to: 'paid', by: ['gateway'] },
  /** The balance of a deposit order was confirmed by the gateway. */
  payBalance: { from: ['paid'], to: 'paid', by: ['gateway'], guard: owingBalance },
  /** Buyer's cancel, or the sweeper at closeAt. */
  cancel: { from: ['pending_payment'], to: 'cancelled', by: ['buyer', 'system'], timer: { at: orders.closeAt } },
  /** Staff, or the sweeper as soon as it is paid in full when the setting hands over automatically. */
  handOver: {
    from: ['paid'],
    to: 'handed_over',
    by: ['operator', 'system'],
    guard: allOf(sale, paidInFull),
    timer: { at: orders.paidAt, on: (settings: Settings) => settings.autoHandOver },
  },
  /** Buyer's 确认收货, or the sweeper after the auto-confirm days. */
  confirm: {
    from: ['handed_over'],
    to: 'completed',
    by: ['buyer', 'system'],
    timer: { at: orders.handedOverAt, after: (settings: Settings) => settings.autoConfirmDays * DAY_MS },
  },
  refund: { from: ['paid', 'handed_over'], to: 'refunded', by: ['operator'], guard: sale },
  /** 申请售后: the seller's payout is frozen (the sweeper neither confirms nor pays a disputed order). */
  dispute: { from: ['handed_over', 'completed'], to: 'disputed', by: ['buyer'], guard: allOf(sale, disputable) },
  /** Staff reject the case: back to where it was, its clock resumed. */
  resume: { from: ['disputed'], to: 'handed_over', by: ['operator'], guard: from('handed_over') },
  /** Staff reject a case about a completed order, or refund part: the order is (again) completed. */
  conclude: { from: ['disputed'], to: 'completed', by: ['operator'] },
  /** Staff refund everything paid. */
  refundDispute: { from: ['disputed'], to: 'refunded', by: ['operator'] },
  /** A rental settled: its money is earned (the deposit's return follows as a refund after completion). */
  settleRental: { from: ['paid'], to: 'completed', by: ['seller', 'operator', 'system'], guard: rentalMoney },
  /** A rental refunded in full (the account was not as rented). */
  refundRental: { from: ['paid'], to: 'refunded', by: ['buyer', 'operator'], guard: rentalMoney },
} as const satisfies Record<OrderEvent, unknown>

/** The events the sweeper takes on their timers. */
export type TimedOrderEvent = TimedEvents<typeof transitions>

export const orderMachine = defineMachine({
  name: 'order',
  table: orders,
  events: { table: orderEvents, subject: 'orderId' },
  statuses: ORDER_STATUSES,
  actors: ORDER_ACTORS,
  transitions,
  actions: {
    // The buyer starts a payment; the gateway's notice is what moves the order.
    pay: [taking(transitions.pay, ['buyer'])],
    payBalance: [taking(transitions.payBalance, ['buyer'])],
    cancel: [taking(transitions.cancel)],
    handOver: [taking(transitions.handOver)],
    refund: [taking(transitions.refund)],
    // The buyer once the account is handed over; an operator only while handing it over.
    credentials: [
      { in: ['handed_over', 'completed'], by: ['buyer'], guard: sale },
      { in: ['paid'], by: ['operator'], guard: allOf(sale, paidInFull) },
    ],
    confirm: [taking(transitions.confirm)],
    aftersale: [taking(transitions.dispute)],
    // 申请包赔: a completed order that carried a guarantee (the term, a setting, is checked on filing).
    claim: [{ in: ['completed'], by: ['buyer'], guard: allOf(sale, guaranteed) }],
    // 评价: the buyer of a completed order, once, then changed within the edit window.
    review: [{ in: ['completed'], by: ['buyer'], guard: allOf(sale, reviewable) }],
  },
})

/** The one role a viewer has on an order: its buyer acts as buyer only, even a staff member on their own order. */
export function roleOf(order: OrderRow, viewer: Viewer): 'buyer' | 'operator' | null {
  if (order.buyerId === viewer.userId) return 'buyer'
  return viewer.operator ? 'operator' : null
}

/** Who may read the listing's credentials now, as whom. */
export function credentialsAccess(order: OrderRow, viewer: Viewer): 'buyer' | 'operator' | null {
  const role = roleOf(order, viewer)
  return role && orderMachine.allows('credentials', order, role) ? role : null
}

/**
 * An order as its actions are read: its row and whether it has a 包赔 claim filed and not turned down. One
 * remedy an order: with such a claim it offers neither another claim nor 申请售后 (claims/service.ts and
 * aftersale/service.ts refuse both under the order's lock).
 */
export type ActionableOrder = OrderRow & { claimStatus: ClaimStatus | null }

/**
 * The outer query's order, named whole: drizzle writes a lone table's column unqualified, which inside a
 * subquery would be read as the subquery's own table's.
 */
export const outerOrderId = sql.raw('"orders"."id"')

/**
 * Selects an order row with its claim's status — the one claim not turned down, as `claims_one_per_order`
 * keeps it: `db.select(actionableOrder).from(orders)`.
 */
export const actionableOrder = {
  ...getTableColumns(orders),
  claimStatus: sql<ClaimStatus | null>`(select c.status from ${claims} c where c.order_id = ${outerOrderId}
    and c.status <> 'rejected')`.as('claim_status'),
}

/** What `viewer` may do with `order` now. */
export const actionsFor = (order: ActionableOrder, viewer: Viewer): OrderAction[] => {
  const role = roleOf(order, viewer)
  const actions = role ? orderMachine.actionsFor(order, [role]) : []
  return order.claimStatus ? actions.filter((action) => action !== 'claim' && action !== 'aftersale') : actions
}

export type { Viewer }
