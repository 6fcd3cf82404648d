import type { FastifyReply } from 'fastify'
import { AppError } from './envelope'
import type { KvStore } from './kv'

export interface Limit {
  /** KV key of the counter, e.g. `rl:sms:phone:138…`. */
  key: string
  max: number
  windowSeconds: number
  /** What the user reads when over the limit; `{s}` becomes the seconds to wait, `{wait}` the wait in words (`15 分钟`). */
  message: string
  /** More of the refusal for the client, beside `retryAfter` (e.g. `{codeSent: true}`: wait for the code already sent). */
  data?: Record<string, unknown>
}

/** `45 秒`, `15 分钟`, `2 小时`: rounded up, so the wait is never shorter than said. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} 分钟`
  return `${Math.ceil(seconds / 3600)} 小时`
}

/**
 * Counts one more use of each limit in order and refuses with 429 `{retryAfter}` at the first that is
 * over. The use is counted before anything is checked (one atomic INCR), so a burst of concurrent
 * requests gets exactly `max` through, never more. Counters live in the KV store, so several instances
 * sharing Redis enforce one combined limit.
 */
export async function consume(kv: KvStore, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const count = await kv.incr(limit.key, limit.windowSeconds)
    if (count > limit.max) {
      const retryAfter = Math.max(1, await kv.ttl(limit.key))
      const message = limit.message.replace('{s}', String(retryAfter)).replace('{wait}', waitText(retryAfter))
      throw new AppError(429, message, { retryAfter, ...limit.data })
    }
  }
}

/**
 * Before an account's credentials are revealed (an order's, a rental's): 30 reveals an hour per person, shared by
 * both, and the answer is never cached.
 */
export async function gateReveal(kv: KvStore, reply: FastifyReply, userId: number): Promise<void> {
  await consume(kv, [
    { key: `rl:reveal:${userId}`, max: 30, windowSeconds: 3600, message: '查看过于频繁，请 {s} 秒后再试' },
  ])
  reply.header('Cache-Control', 'no-store')
}
