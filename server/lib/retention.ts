/**
 * What is kept only for a while, and the sweeper's step that deletes it when its time is up:
 * - a session, 180 days after it expired: the login record (when, from which address and device) that the
 *   Cybersecurity Law asks to keep for six months, after which it is only a person's data kept for nothing;
 * - an `Idempotency-Key`, a day after it was used: a client retries within minutes; a day later the same key
 *   makes a new order.
 * Deleted a thousand rows at a time, so no statement holds many locks for long.
 */
import { lt, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../db'
import { idempotencyKeys, sessions } from '../db/schema'

const DAY_MS = 86_400_000
const KEEP = { sessionDays: 180, idempotencyKeyDays: 1 }
const BATCH = 1000

async function deleteBefore(db: Executor, table: PgTable, column: PgColumn, cutoff: Date): Promise<number> {
  let deleted = 0
  for (;;) {
    const { rowCount } = await db.execute(
      sql`delete from ${table} where ctid in (select ctid from ${table} where ${lt(column, cutoff)} limit ${BATCH})`,
    )
    deleted += rowCount ?? 0
    if ((rowCount ?? 0) < BATCH) return deleted
  }
}

/** The sweeper's step: deletes what has been kept long enough; answers how many of each. */
export async function deleteExpired(db: Executor, now = new Date()): Promise<{ sessions: number; keys: number }> {
  return {
    sessions: await deleteBefore(db, sessions, sessions.expiresAt, new Date(now.getTime() - KEEP.sessionDays * DAY_MS)),
    keys: await deleteBefore(
      db,
      idempotencyKeys,
      idempotencyKeys.createdAt,
      new Date(now.getTime() - KEEP.idempotencyKeyDays * DAY_MS),
    ),
  }
}
