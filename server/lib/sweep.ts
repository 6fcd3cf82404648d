/**
 * The sweeper's way through due rows of any machine's table: a batch of ids locked with `FOR UPDATE SKIP
 * LOCKED` (another instance takes the rest, nothing is done twice), `step` on each in one short transaction
 * per batch, until no due row is left or a batch changed nothing.
 */
import { asc, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../db'

const BATCH = 50

export async function sweepDue(
  db: Executor,
  table: PgTable & { id: PgColumn },
  due: SQL | undefined,
  order: AnyPgColumn,
  step: (tx: Executor, id: number) => Promise<unknown>,
): Promise<number[]> {
  const done: number[] = []
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = (await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(due)
        .orderBy(asc(order))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as { id: number }[]
      const changed: number[] = []
      for (const { id } of rows) if (await step(tx, id)) changed.push(id)
      return { size: rows.length, changed }
    })
    done.push(...batch.changed)
    if (batch.size < BATCH || batch.changed.length === 0) return done
  }
}
