/**
 * Messages to one user: written by other domains in the transaction of the change they report
 * (`notifyUsers`), read and marked read by their owner only.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Message } from '../../../src/contract/messages'
import type { Executor } from '../../db'
import { messages } from '../../db/schema'
import { AppError } from '../../lib/envelope'

export type NewMessage = typeof messages.$inferInsert

/** Messages are written in the transaction of the change they report, so none is lost or invented. */
export async function notifyUsers(tx: Executor, rows: NewMessage[]): Promise<void> {
  if (rows.length > 0) await tx.insert(messages).values(rows)
}

const columns = {
  id: messages.id,
  type: messages.type,
  title: messages.title,
  content: messages.content,
  relatedType: messages.relatedType,
  relatedId: messages.relatedId,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
}

const toMessage = (row: Omit<Message, 'readAt' | 'createdAt'> & { readAt: Date | null; createdAt: Date }): Message => ({
  ...row,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export async function messagePage(
  db: Executor,
  userId: number,
  query: { read?: boolean; pageNum: number; pageSize: number },
): Promise<{ rows: Message[]; total: number; unread: number }> {
  const mine = eq(messages.userId, userId)
  const where = and(
    mine,
    query.read === undefined ? undefined : query.read ? isNotNull(messages.readAt) : isNull(messages.readAt),
  )
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select(columns)
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(messages).where(where),
    db
      .select({ unread: count() })
      .from(messages)
      .where(and(mine, isNull(messages.readAt))),
  ])
  return { rows: rows.map(toMessage), total, unread }
}

/** Marks the caller's message read; the first time counts (`readAt` never moves). Others' messages do not exist. */
export async function markRead(db: Executor, userId: number, id: number): Promise<Message> {
  const [row] = await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .returning(columns)
  if (!row) throw new AppError(404, '消息不存在')
  return toMessage(row)
}
