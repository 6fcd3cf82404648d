import { AppError } from './envelope'
import type { KvStore } from './kv'

export interface Limit {
  /** KV key of the counter, e.g. `rl:sms:phone:138…`. */
  key: string
  max: number
  windowSeconds: number
  /** What the user reads when over the limit; `{s}` becomes the seconds to wait. */
  message: string
}

/**
 * Counts one more use of each limit in order and refuses with 429 `{retryAfter}` at the first that is
 * over. Counters live in the KV store, so several instances sharing Redis enforce one combined limit.
 */
export async function consume(kv: KvStore, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const count = await kv.incr(limit.key, limit.windowSeconds)
    if (count > limit.max) {
      const retryAfter = Math.max(1, await kv.ttl(limit.key))
      throw new AppError(429, limit.message.replace('{s}', String(retryAfter)), { retryAfter })
    }
  }
}
