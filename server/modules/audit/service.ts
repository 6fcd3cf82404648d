import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { AuditEntry, AuditQuery } from '../../../src/contract/audit'
import { DAY_MS } from '../../../src/contract/constants'
import type { Executor } from '../../db'
import { auditLog, users } from '../../db/schema'

const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`)

/** A page of the log, filtered; nothing here writes to it (a trigger refuses UPDATE and DELETE anyway). */
export async function auditPage(
  db: Executor,
  query: AuditQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where: SQL[] = []
  if (query.actor) where.push(sql`lower(${users.username}) = lower(${query.actor})`)
  if (query.action) where.push(eq(auditLog.action, query.action))
  if (query.subjectType) where.push(eq(auditLog.subjectType, query.subjectType))
  if (query.subjectId) where.push(eq(auditLog.subjectId, query.subjectId))
  if (query.from) where.push(gte(auditLog.createdAt, chinaDay(query.from)))
  if (query.to) where.push(lt(auditLog.createdAt, new Date(chinaDay(query.to).getTime() + DAY_MS)))
  const filter = and(...where)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actor: users.username,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        detail: auditLog.detail,
        ip: auditLog.ip,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(filter)
      .orderBy(query.sort === 'createdAt.asc' ? asc(auditLog.id) : desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).innerJoin(users, eq(users.id, auditLog.actorId)).where(filter),
  ])
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total }
}
