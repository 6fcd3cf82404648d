/**
 * The sweeper's ways through its work, one item at a time, so that one item which fails — a row a trigger
 * refuses, a payee the vault cannot open — is logged, counted (`sweeper_failures_total`) and tried again on
 * the next run, while everything else due goes on. (A run that stopped at the first throw would meet the same
 * row first on every run, and every timer and transfer of the marketplace would wait behind it.)
 *
 * `sweepDue` takes due rows of a machine's table in batches locked with `FOR UPDATE SKIP LOCKED` (another
 * instance takes the rest, nothing is done twice) and steps each in a savepoint of the batch's transaction,
 * until no due row is left or a batch did nothing; `sweepEach` works through items that each open their own
 * transaction (a transfer, a refund).
 */
import { and, asc, getTableName, notInArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../db'
import { sweepFailed } from './metrics'

const BATCH = 50

export interface SweepDeps {
  db: Executor
  log: { error(object: unknown, message: string): void }
}

/** `work` on its own: a throw is logged and counted under `what` (with the item's id), and answers undefined. */
export async function sweepApart<T>(
  deps: Pick<SweepDeps, 'log'>,
  what: string,
  work: () => Promise<T>,
  id?: number,
): Promise<{ value: T } | undefined> {
  try {
    return { value: await work() }
  } catch (error) {
    sweepFailed(what)
    deps.log.error({ err: error, sweep: what, id }, 'sweeper step failed; the next run tries it again')
    return undefined
  }
}

export async function sweepDue(
  deps: SweepDeps,
  table: PgTable & { id: PgColumn },
  due: SQL | undefined,
  order: AnyPgColumn,
  step: (tx: Executor, id: number) => Promise<unknown>,
): Promise<number[]> {
  const what = getTableName(table)
  const done: number[] = []
  // A row that failed stays due; it is left out for the rest of this run.
  const failed: number[] = []
  for (;;) {
    const failedBefore = failed.length
    const batch = await deps.db.transaction(async (tx) => {
      const rows = (await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(due, failed.length > 0 ? notInArray(table.id, failed) : undefined))
        .orderBy(asc(order))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as { id: number }[]
      const changed: number[] = []
      for (const { id } of rows) {
        const stepped = await sweepApart(deps, what, () => tx.transaction((savepoint) => step(savepoint, id)), id)
        if (!stepped) failed.push(id)
        else if (stepped.value) changed.push(id)
      }
      return { size: rows.length, changed }
    })
    done.push(...batch.changed)
    if (batch.size < BATCH || (batch.changed.length === 0 && failed.length === failedBefore)) return done
  }
}

/** `work` on each item (each opens its own transaction); answers how many it reported done. */
export async function sweepEach<T extends { id: number }>(
  deps: SweepDeps,
  what: string,
  items: T[],
  work: (item: T) => Promise<boolean>,
): Promise<number> {
  let done = 0
  for (const item of items) if ((await sweepApart(deps, what, () => work(item), item.id))?.value) done++
  return done
}
