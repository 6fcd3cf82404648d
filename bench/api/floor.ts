/**
 * The raw-SQL floor: the statements the catalogue service issues for each call of the mix, captured by
 * running the service itself (not a copy of its SQL) on a pool that records what it is asked, then
 * replayed with node-postgres alone — no HTTP, no validation, no JSON. Statements the service sends
 * together (Promise.all: a page and its count) are replayed together.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type { Pool, QueryConfig } from 'pg'
import * as schema from '../../server/db/schema'
import { goodsDetail, listGoods, CatalogueCache } from '../../server/modules/catalogue/service'
import type { Call } from './workload'

interface Statement {
  config: QueryConfig
  values: unknown[]
}
/** Groups run one after the other; the statements of a group at the same time. */
export type Plan = Statement[][]

/**
 * A recorder of what the catalogue service sends: `record(fn)` runs `fn` on a database whose pool notes each
 * statement. The first run fills the template cache as a running server's would be; the second is the one kept.
 */
export function statementRecorder(pool: Pool) {
  let plan: Plan | undefined
  let inFlight = 0
  // Only `query` is replaced; everything else (connect, end, events) is the pool's own.
  const query = (config: QueryConfig, values?: unknown[]) => {
    if (plan) {
      if (inFlight === 0 || plan.length === 0) plan.push([])
      plan[plan.length - 1].push({ config, values: values ?? [] })
    }
    inFlight++
    return pool.query(config, values).finally(() => inFlight--)
  }
  const recording = new Proxy(pool, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) })
  const db = drizzle({ client: recording, schema })
  const cache = new CatalogueCache()
  return {
    db,
    cache,
    async record(fn: () => Promise<unknown>): Promise<Plan> {
      await fn()
      plan = []
      await fn()
      const kept = plan
      plan = undefined
      return kept
    },
  }
}

export async function capturePlans(pool: Pool, calls: Call[]): Promise<Plan[]> {
  const { db, cache, record } = statementRecorder(pool)
  const serve = (call: Call) =>
    call.kind === 'list' ? listGoods(db, cache, call.body) : goodsDetail(db, cache, call.id, null)
  const plans: Plan[] = []
  for (const call of calls) plans.push(await record(() => serve(call)))
  return plans
}

export function replay(pool: Pool, plan: Plan): Promise<void> {
  return plan.reduce<Promise<void>>(
    (previous, group) =>
      previous.then(() => Promise.all(group.map((s) => pool.query(s.config, s.values))).then(() => undefined)),
    Promise.resolve(),
  )
}

/** The statements of a plan, one a line, for the findings (EXPLAIN ANALYZE them by hand). */
export function describePlan(plan: Plan): string {
  return plan
    .map((group) => group.map((s) => `${s.config.text.replace(/\s+/g, ' ')} -- ${JSON.stringify(s.values)}`).join('\n'))
    .join('\n')
}
