/**
 * The one clock of the marketplace: at start (catching up whatever fell due while the server was down) and
 * then every `intervalMs`, its steps in this order: the orders' timers, payouts and refunds
 * (modules/orders/sweeper.ts), the rentals' (hours up, check windows passed), the recycling requests' timers,
 * the after-sale cases' (a seller who did not answer in time), the transfers of approved claims, the saved
 * searches due their daily look (搜索订阅), the account deletions whose cooling-off has passed, and what has
 * been kept long enough (lib/retention.ts). Every step takes its rows with SKIP LOCKED, so instances share the
 * work (two instances deleting the same expired rows only wait for each other). A step that fails is logged
 * and counted (`sweeper_failures_total`), and the steps after it still run; within a step, one failing row or
 * transfer does not hold up the rest (lib/sweep.ts).
 */
import { sweptIn } from './lib/metrics'
import { deleteExpired } from './lib/retention'
import { sweepApart } from './lib/sweep'
import { runSweep } from './modules/orders/sweeper'
import type { OrderDeps } from './modules/orders/service'
import { runRecycleSweep } from './modules/recycling/service'
import { escalateDue } from './modules/aftersale/service'
import { sendPendingClaimPayouts } from './modules/claims/service'
import { sendSavedSearchAlerts } from './modules/catalogue/alerts'
import { CatalogueCache } from './modules/catalogue/service'
import { runRentalSweep } from './modules/rentals/service'
import { runDeletionSweep } from './modules/account/service'

/** Runs now, then `intervalMs` after each run ends; `stop()` waits for a run in progress. */
export function startSweeper(deps: OrderDeps, intervalMs = 30_000) {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const cache = new CatalogueCache()
  const steps: [string, () => Promise<unknown>][] = [
    ['orders', () => runSweep(deps)],
    ['rentals', () => runRentalSweep(deps)],
    ['recycling', () => runRecycleSweep(deps)],
    ['aftersale', () => escalateDue(deps)],
    ['claim transfers', () => sendPendingClaimPayouts(deps)],
    ['saved searches', () => sendSavedSearchAlerts(deps, cache)],
    ['account deletions', () => runDeletionSweep(deps)],
    ['retention', () => deleteExpired(deps.db)],
  ]
  const run = async () => {
    for (const [name, step] of steps) await sweepApart(deps, name, step)
  }
  // The next run is set when one ends: a run longer than the interval is never overlapped by another.
  let timer: NodeJS.Timeout | undefined
  const tick = () => {
    const started = performance.now()
    running = run().then(() => {
      sweptIn((performance.now() - started) / 1000)
      if (stopped) return
      timer = setTimeout(tick, intervalMs)
      timer.unref()
    })
  }
  tick()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
