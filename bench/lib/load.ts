/** A closed-loop load: `concurrency` workers each run `op` again as soon as the last one ended. */
import { performance } from 'node:perf_hooks'

export interface LoadResult {
  p50: number
  p99: number
  /** Completed operations per second. */
  rate: number
  count: number
  errors: number
  firstError?: string
  /** The operation number (as passed to `op`) of the slowest recorded operation, and its latency. */
  slowest?: { n: number; ms: number }
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Warms up for `warmupSeconds` unrecorded, then records every operation's latency (ms) for `seconds`. */
export async function runLoad(
  op: (n: number) => Promise<void>,
  options: { concurrency: number; seconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  let n = 0
  const phase = async (seconds: number, record: boolean) => {
    const latencies: number[] = []
    let slowest: { n: number; ms: number } | undefined
    let errors = 0
    let firstError: string | undefined
    const started = performance.now()
    const end = started + seconds * 1000
    const worker = async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        const mine = n++
        try {
          await op(mine)
          const ms = performance.now() - t0
          if (record) latencies.push(ms)
          if (record && ms > (slowest?.ms ?? -1)) slowest = { n: mine, ms }
        } catch (error) {
          errors++
          firstError ??= error instanceof Error ? error.message : String(error)
        }
      }
    }
    await Promise.all(Array.from({ length: options.concurrency }, worker))
    const elapsed = (performance.now() - started) / 1000
    return { latencies, errors, firstError, elapsed, slowest }
  }
  if (options.warmupSeconds > 0) await phase(options.warmupSeconds, false)
  const { latencies, errors, firstError, elapsed, slowest } = await phase(options.seconds, true)
  const sorted = Float64Array.from(latencies).sort()
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    rate: latencies.length / elapsed,
    count: latencies.length,
    errors,
    firstError,
    slowest,
  }
}
