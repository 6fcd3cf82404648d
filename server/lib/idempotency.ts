/**
 * `Idempotency-Key` for the calls that create something. The key is claimed in the same transaction as
 * the work, so a replay — even a concurrent one, which waits on the claim — gets what the first call
 * made, a key reused for another request is refused, and a failed attempt leaves no claim. A key is kept a day
 * (lib/retention.ts).
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db'
import { idempotencyKeys } from '../db/schema'
import { AppError } from './envelope'

/** JSON with object keys sorted: the same request hashes the same whatever order its client wrote the fields in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * Runs `make` once per (user, key): inside `tx`, a replay of the same request answers `replay(id)` of the
 * row the first call made. Without a key it simply makes.
 */
export async function onceByKey<T>(
  tx: Executor,
  claim: { userId: number; key?: string; scope: string; request: unknown },
  make: () => Promise<{ id: number; made: T }>,
  replay: (id: number) => Promise<T>,
): Promise<T> {
  const { userId, key, scope } = claim
  if (!key) return (await make()).made
  const requestHash = createHash('sha256').update(canonicalJson(claim.request)).digest('hex')
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, scope, requestHash })
    .onConflictDoNothing()
    .returning()
  if (claimed.length === 0) {
    const [first] = await tx.select().from(idempotencyKeys).where(mine)
    if (!first || first.scope !== scope || first.requestHash !== requestHash) {
      throw new AppError(409, 'Idempotency-Key 已用于另一个请求，请换一个')
    }
    const id = (first.response as { id: number } | null)?.id
    if (!id) throw new AppError(409, '相同的请求正在处理，请稍后刷新')
    return replay(id)
  }
  const { id, made } = await make()
  await tx.update(idempotencyKeys).set({ response: { id }, statusCode: 200 }).where(mine)
  return made
}
