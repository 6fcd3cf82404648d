/**
 * The one clock of the marketplace: at start (catching up whatever fell due while the server was down) and
 * then every `intervalMs`, the orders' timers, payouts and refunds (modules/orders/sweeper.ts), then the
 * rentals' (hours up, check windows passed), the recycling requests' timers, the after-sale cases' (a seller
 * who did not answer in time), the transfers of approved claims, then the saved searches due their daily look
 * (搜索订阅), then the account deletions whose cooling-off has passed. Every step takes its rows with SKIP LOCKED, so instances share the work.
 */
import { sweptIn } from './lib/metrics'
import { runSweep } from './modules/orders/sweeper'
import type { OrderDeps } from './modules/orders/service'
import { runRecycleSweep } from './modules/recycling/service'
import { escalateDue } from './modules/aftersale/service'
import { sendPendingClaimPayouts } from './modules/claims/service'
import { sendSavedSearchAlerts } from './modules/catalogue/alerts'
import { CatalogueCache } from './modules/catalogue/service'
import { runRentalSweep } from './modules/rentals/service'
import { runDeletionSweep } from './modules/account/service'

/** `stop()` waits for a run in progress. */
export function startSweeper(deps: OrderDeps, intervalMs = 30_000) {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const cache = new CatalogueCache()
  const run = async () => {
    await runSweep(deps)
    await runRentalSweep(deps)
    await runRecycleSweep(deps.db)
    await escalateDue(deps.db)
    await sendPendingClaimPayouts(deps)
    await sendSavedSearchAlerts(deps.db, cache)
    await runDeletionSweep(deps.db)
  }
  const tick = () => {
    const started = performance.now()
    running = run().then(
      () => sweptIn((performance.now() - started) / 1000),
      (error) => deps.log.error({ err: error }, 'sweeper run failed'),
    )
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
