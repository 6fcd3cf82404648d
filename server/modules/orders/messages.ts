import type { Executor } from '../../db'
import { messages } from '../../db/schema'

export type NewMessage = typeof messages.$inferInsert

/** Messages are written in the transaction of the change they report, so none is lost or invented. */
export async function notifyUsers(tx: Executor, rows: NewMessage[]): Promise<void> {
  if (rows.length > 0) await tx.insert(messages).values(rows)
}
