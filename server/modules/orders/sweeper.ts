/**
 * Time-driven steps of the order life cycle. Each step takes due rows with `FOR UPDATE SKIP LOCKED`, so
 * several instances share the work without doing anything twice, and each works from `now` rather than
 * from a timer, so after downtime the first run catches up on everything that fell due meanwhile.
 *
 *   unpaid at closeAt          → ask the gateway once (a lost notice), else cancel and close the trade
 *   paid in full, auto on      → hand over (the demo turns autoHandOver on)
 *   handed over N days ago     → confirm (completed)
 *   completed, window passed   → release the seller's money (ledger `release`)
 *   payments marked refund-due → refund at the gateway
 *   pending payments > 2 min   → reconcile by an authenticated query
 */
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db'
import { orders, payments } from '../../db/schema'
import { tradeSettings } from '../../lib/settings'
import { account, post } from '../ledger/ledger'
import { closeGatewayTrades, reconcilePayment, settleRefunds } from '../payments/service'
import { cancelIn, completeIn, handOverIn } from './lifecycle'
import type { OrderDeps } from './service'

const BATCH = 50
const DAY = 86_400_000
const RECONCILE_AFTER_MS = 2 * 60_000

export interface SweepResult {
  cancelled: number
  handedOver: number
  completed: number
  released: number
  refunded: number
  reconciled: number
}

/** Runs `step` on each due order id, one short transaction per batch; ids are locked, never waited for. */
async function sweep(
  deps: OrderDeps,
  due: SQL | undefined,
  order: AnyPgColumn,
  step: (tx: Executor, id: number) => Promise<unknown>,
): Promise<number[]> {
  const done: number[] = []
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(due)
        .orderBy(asc(order))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      const changed: number[] = []
      for (const { id } of rows) if (await step(tx, id)) changed.push(id)
      return { size: rows.length, changed }
    })
    done.push(...batch.changed)
    if (batch.size < BATCH || batch.changed.length === 0) return done
  }
}

export async function runSweep(deps: OrderDeps, now = new Date()): Promise<SweepResult> {
  const settings = await tradeSettings(deps.db)

  // A notice may have been lost: the gateway is asked before an unpaid order is given up.
  let reconciled = 0
  const stalePayments = await deps.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'pending'),
        inArray(orders.status, ['pending_payment', 'paid']),
        lte(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .limit(BATCH)
  for (const { payment } of stalePayments) if ((await reconcilePayment(deps, payment)) === 'applied') reconciled += 1

  const cancelled = await sweep(
    deps,
    and(eq(orders.status, 'pending_payment'), lte(orders.closeAt, now)),
    orders.closeAt,
    (tx, id) => cancelIn(tx, id, { kind: 'system' }, '超时未支付，订单自动取消', now),
  )
  for (const id of cancelled) await closeGatewayTrades(deps, id)

  const handedOver = settings.autoHandOver
    ? await sweep(
        deps,
        and(eq(orders.status, 'paid'), sql`${orders.paidAmount} >= ${orders.totalAmount}`),
        orders.paidAt,
        (tx, id) => handOverIn(tx, id, { kind: 'system' }, now),
      )
    : []

  const completed = await sweep(
    deps,
    and(
      eq(orders.status, 'handed_over'),
      lte(orders.handedOverAt, new Date(now.getTime() - settings.autoConfirmDays * DAY)),
    ),
    orders.handedOverAt,
    (tx, id) => completeIn(tx, id, { kind: 'system' }, now),
  )

  const released = await sweep(
    deps,
    and(
      eq(orders.status, 'completed'),
      isNull(orders.releasedAt),
      lte(orders.completedAt, new Date(now.getTime() - settings.payoutProtectionDays * DAY)),
    ),
    orders.completedAt,
    async (tx, id) => {
      const [order] = await tx
        .update(orders)
        .set({ releasedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.releasedAt)))
        .returning()
      if (!order || order.sellerId === null) return order
      await post(tx, [
        {
          ref: `release:${id}`,
          orderId: id,
          kind: 'release',
          amount: order.goodsAmount - order.commissionAmount,
          from: account.sellerFrozen(order.sellerId),
          to: account.seller(order.sellerId),
        },
      ])
      return order
    },
  )

  const refunded = await settleRefunds(deps)
  return {
    cancelled: cancelled.length,
    handedOver: handedOver.length,
    completed: completed.length,
    released: released.length,
    refunded,
    reconciled,
  }
}

/** Runs at start (catching up after downtime) and then every `intervalMs`; `stop()` waits for a run in progress. */
export function startSweeper(deps: OrderDeps, intervalMs = 30_000) {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = () => {
    running = runSweep(deps).catch((error) => deps.log.error({ err: error }, 'order sweeper run failed'))
  }
  tick()
  const timer = setInterval(() => {
    if (!stopped) void running.then(tick)
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
