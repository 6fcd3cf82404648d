/**
 * Time-driven steps. Which orders fall due, and when, is the order machine's: each transition with a timer
 * (cancel at closeAt, hand-over when paid and the setting is on, confirm after the auto-confirm days) is
 * swept by its `due` condition, and a timed row without a step here is a type error. Each step takes due
 * rows with `FOR UPDATE SKIP LOCKED`, so several instances share the work without doing anything twice,
 * and works from `now` rather than from a timer, so after downtime the first run catches up.
 *
 *   pending payments > 2 min   → reconcile by an authenticated query (a lost notice), before any cancel
 *   the machine's timers       → cancel (and close the gateway trade), hand over, confirm
 *   completed, window passed   → pay the seller by Alipay transfer; on success the ledger's `release`
 *   payments marked refund-due → refund at the gateway
 */
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Executor } from '../../db'
import { orders, payments } from '../../db/schema'
import { tradeSettings } from '../../lib/settings'
import { sweepDue, sweepEach } from '../../lib/sweep'
import { schedulePayouts, sendPendingPayouts } from '../payments/payouts'
import { closeGatewayTrades, reconcilePayment, settleRefunds } from '../payments/service'
import { cancelIn, completeIn, handOverIn } from './lifecycle'
import { orderMachine, type TimedOrderEvent } from './machine'
import type { OrderDeps } from './service'

const BATCH = 50
const RECONCILE_AFTER_MS = 2 * 60_000

export interface SweepResult {
  cancelled: number
  handedOver: number
  completed: number
  released: number
  refunded: number
  reconciled: number
}

type Step = (tx: Executor, id: number, now: Date) => Promise<unknown>

/** What the sweeper does when each timer of the order machine falls due, and the count it reports under. */
const timedSteps: Record<TimedOrderEvent, { step: Step; count: 'cancelled' | 'handedOver' | 'completed' }> = {
  cancel: {
    step: (tx, id, now) => cancelIn(tx, id, { kind: 'system' }, '超时未支付，订单自动取消', now),
    count: 'cancelled',
  },
  handOver: { step: (tx, id, now) => handOverIn(tx, id, { kind: 'system' }, now), count: 'handedOver' },
  confirm: { step: (tx, id, now) => completeIn(tx, id, { kind: 'system' }, now), count: 'completed' },
}

export async function runSweep(deps: OrderDeps, now = new Date()): Promise<SweepResult> {
  const settings = await tradeSettings(deps.db)

  // A notice may have been lost: the gateway is asked before an unpaid order is given up.
  const stalePayments = await deps.db
    .select()
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
  const reconciled = await sweepEach(
    deps,
    'payments',
    stalePayments.map(({ payments: payment }) => payment),
    async (payment) => (await reconcilePayment(deps, payment)) === 'applied',
  )

  const timed = { cancelled: 0, handedOver: 0, completed: 0 }
  for (const event of orderMachine.timed as TimedOrderEvent[]) {
    const due = orderMachine.due(event, now, settings)
    if (!due) continue
    const { step, count } = timedSteps[event]
    const clock = orderMachine.spec.transitions[event].timer!.at
    const done = await sweepDue(deps, orders, due, clock, (tx, id) => step(tx, id, now))
    // The trade of an order given up is closed at the gateway too, so a late payment cannot land on it.
    if (event === 'cancel') for (const id of done) await closeGatewayTrades(deps, id)
    timed[count] += done.length
  }

  // Sellers are paid by transfer once the protection window has passed; the ledger's release follows it.
  await schedulePayouts(deps, now)
  const released = await sendPendingPayouts(deps)

  const refunded = await settleRefunds(deps)
  return {
    ...timed,
    released,
    refunded,
    reconciled,
  }
}
