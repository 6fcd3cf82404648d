/**
 * Trust tools. 客服验证 answers yes/no for one value (with the matching contact on a yes), never a list;
 * 黑号查询 returns only the records whose subject equals the value asked about. Blacklisted subjects are
 * stored as keyed hashes with a masked display, so neither answer nor table holds a plain subject.
 */
import { and, arrayOverlaps, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import {
  BLACKLIST_SUBJECT_KINDS,
  type AdminBlacklistQuery,
  type AdminBlacklistRecord,
  type BlacklistRecord,
  type BlacklistSubjectKind,
  type NewBlacklistRecord,
  type QqGroup,
  type ServiceContact,
  type ServiceContactKind,
  type ServiceContactQuery,
  type StaffCheck,
} from '../../../src/contract/trust'
import { STAFF_ROLES } from '../../../src/contract/staff'
import type { Executor } from '../../db'
import { blacklistRecords, games, qqGroups, serviceContacts, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError } from '../../lib/envelope'
import {
  maskSubject,
  normalizeNewSubject,
  normalizePhone,
  normalizeQq,
  normalizeSubject,
  SUBJECT_RULES,
  subjectHash,
} from './subjects'

// ── contacts ──────────────────────────────────────────────────────────────────────────────────

/** Enabled contacts, optionally of one kind and serving one game (a contact without games serves every game). */
export async function listContacts(db: Executor, query: ServiceContactQuery = {}): Promise<ServiceContact[]> {
  const where: (SQL | undefined)[] = [eq(serviceContacts.enabled, true)]
  if (query.kind) where.push(eq(serviceContacts.kind, query.kind))
  if (query.gameId !== undefined) {
    where.push(sql`(cardinality(${serviceContacts.gameIds}) = 0 or ${query.gameId} = any(${serviceContacts.gameIds}))`)
  }
  return db
    .select({
      id: serviceContacts.id,
      kind: serviceContacts.kind,
      name: serviceContacts.name,
      qq: serviceContacts.qq,
      weixin: serviceContacts.weixin,
      phone: serviceContacts.phone,
      qrImage: serviceContacts.qrImage,
      workHours: serviceContacts.workHours,
      gameIds: serviceContacts.gameIds,
    })
    .from(serviceContacts)
    .where(and(...where))
    .orderBy(asc(serviceContacts.sort), asc(serviceContacts.id))
}

/** A game's groups and the platform's general ones; every group without a game. */
export async function listQqGroups(db: Executor, gameId?: number): Promise<QqGroup[]> {
  const rows = await db
    .select({
      id: qqGroups.id,
      name: qqGroups.name,
      number: qqGroups.number,
      gameId: qqGroups.gameId,
      gameName: games.name,
      full: qqGroups.full,
    })
    .from(qqGroups)
    .leftJoin(games, eq(games.id, qqGroups.gameId))
    .where(gameId === undefined ? undefined : or(isNull(qqGroups.gameId), eq(qqGroups.gameId, gameId)))
    .orderBy(sql`${qqGroups.gameId} nulls first`, asc(qqGroups.sort), asc(qqGroups.id))
  return rows.map((row) => ({ ...row, gameName: row.gameName ?? '' }))
}

/** At most this many records of one subject are shown (newest first). */
const RECORDS_SHOWN = 20

const EMPTY_VALUE = '请输入要查询的内容'

function requireText(value: string): string {
  if (!value.trim()) throw new AppError(400, EMPTY_VALUE)
  return value
}

/** A staff member's public number (KF00012): the one a 交易群 shows beside what they write. */
const STAFF_NO = /^KF(\d{5,9})$/

async function checkStaffNo(db: Executor, no: string): Promise<StaffCheck> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, Number(STAFF_NO.exec(no)![1])),
        eq(users.disabled, false),
        arrayOverlaps(users.roles, [...STAFF_ROLES]),
      ),
    )
  return found
    ? { official: true, contact: { name: `交易群客服 ${no}`, kind: null, channel: 'staffNo' } }
    : { official: false }
}

export async function checkStaff(db: Executor, value: string): Promise<StaffCheck> {
  requireText(value)
  const no = value.normalize('NFKC').trim().toUpperCase()
  if (STAFF_NO.test(no)) return checkStaffNo(db, no)
  const qq = normalizeQq(value)
  // Any spelling may be a WeChat id (they may even look like phone numbers); they ignore case.
  const weixin = value.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
  const phone = normalizePhone(value)
  const matches = [
    qq && sql`${serviceContacts.qq} = ${qq}`,
    sql`${serviceContacts.weixin} = ${weixin}`,
    phone && sql`${serviceContacts.phone} = ${phone}`,
  ].filter((condition) => !!condition)
  const [found] = await db
    .select({
      name: serviceContacts.name,
      kind: serviceContacts.kind,
      qq: serviceContacts.qq,
      weixin: serviceContacts.weixin,
    })
    .from(serviceContacts)
    .where(and(eq(serviceContacts.enabled, true), or(...matches)))
    .orderBy(serviceContacts.sort, serviceContacts.id)
    .limit(1)
  if (!found) return { official: false }
  const channel = qq && found.qq === qq ? 'qq' : found.weixin === weixin ? 'weixin' : 'phone'
  return { official: true, contact: { name: found.name, kind: found.kind as ServiceContactKind, channel } }
}

const recordColumns = {
  id: blacklistRecords.id,
  subjectKind: blacklistRecords.subjectKind,
  maskedSubject: blacklistRecords.maskedSubject,
  gameId: blacklistRecords.gameId,
  gameName: games.name,
  reason: blacklistRecords.reason,
  evidence: blacklistRecords.evidence,
  createdAt: blacklistRecords.createdAt,
}

type RecordRow = Omit<BlacklistRecord, 'gameName' | 'createdAt'> & { gameName: string | null; createdAt: Date }

const toRecord = (row: RecordRow): BlacklistRecord => ({
  ...row,
  gameName: row.gameName ?? '',
  createdAt: row.createdAt.toISOString(),
})

/**
 * The value is read as every kind it can be (digits may be a QQ number, a phone and a game account at
 * once) and each reading is hashed; a record matches only on its own kind's hash. With a game, records
 * of that game and records of no particular game apply.
 */
export async function lookupBlacklist(
  db: Executor,
  key: Buffer,
  query: { content: string; gameId?: number },
): Promise<BlacklistRecord[]> {
  requireText(query.content)
  const hashes = BLACKLIST_SUBJECT_KINDS.flatMap((kind) => {
    const subject = normalizeSubject(kind, query.content)
    return subject ? [subjectHash(key, kind, subject)] : []
  })
  return recordsByHashes(db, hashes, query.gameId)
}

/** A value's blacklist hash as one kind of subject, or null when it is not a valid value of that kind. */
export function subjectHashOf(key: Buffer, kind: BlacklistSubjectKind, value: string): string | null {
  const subject = normalizeSubject(kind, value)
  return subject ? subjectHash(key, kind, subject) : null
}

/** The records of these subject hashes (of this game, or of none in particular), newest first. */
export async function recordsByHashes(db: Executor, hashes: string[], gameId?: number): Promise<BlacklistRecord[]> {
  if (hashes.length === 0) return []
  const rows = await db
    .select(recordColumns)
    .from(blacklistRecords)
    .leftJoin(games, eq(games.id, blacklistRecords.gameId))
    .where(
      and(
        inArray(blacklistRecords.subjectHash, hashes),
        gameId === undefined ? undefined : or(isNull(blacklistRecords.gameId), eq(blacklistRecords.gameId, gameId)),
      ),
    )
    .orderBy(desc(blacklistRecords.createdAt), desc(blacklistRecords.id))
    .limit(RECORDS_SHOWN)
  return rows.map(toRecord)
}

/** The row to store for a report: hash and masked form only; the plain subject goes no further. */
export function blacklistValues(key: Buffer, input: NewBlacklistRecord) {
  const subject = normalizeNewSubject(input.subjectKind, input.subject)
  if (!subject) throw new AppError(400, SUBJECT_RULES[input.subjectKind])
  const evidence = input.evidence.trim()
  if (!evidence) throw new AppError(400, '情况说明不能为空')
  return {
    subjectKind: input.subjectKind,
    subjectHash: subjectHash(key, input.subjectKind, subject),
    maskedSubject: maskSubject(input.subjectKind, subject),
    gameId: input.gameId ?? null,
    reason: input.reason,
    evidence,
    source: input.source?.trim() ?? '',
  }
}

export async function addBlacklistRecord(
  db: Executor,
  key: Buffer,
  staff: Staff,
  input: NewBlacklistRecord,
): Promise<BlacklistRecord> {
  const values = blacklistValues(key, input)
  if (values.gameId !== null) await requireGame(db, values.gameId)
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blacklistRecords)
      .values({ ...values, createdBy: staff.userId })
      .returning({ id: blacklistRecords.id })
    // The record's own words only: the identifiers it was filed under stay as keyed hashes in the record.
    await audit(tx, staff, 'blacklist.add', { type: 'blacklist', id: row.id }, { gameId: values.gameId })
    return row
  })
  const [row] = await db
    .select(recordColumns)
    .from(blacklistRecords)
    .leftJoin(games, eq(games.id, blacklistRecords.gameId))
    .where(eq(blacklistRecords.id, inserted.id))
  return toRecord(row)
}

/** The game's name; a form naming a game that does not exist is refused. */
export async function requireGame(db: Executor, gameId: number): Promise<string> {
  const [game] = await db.select({ name: games.name }).from(games).where(eq(games.id, gameId))
  if (!game) throw new AppError(400, '所选游戏不存在')
  return game.name
}

/** GET /api/admin/blacklist: newest first; a subject is found by its hash under every kind it can be. */
export async function adminBlacklist(
  db: Executor,
  key: Buffer,
  query: AdminBlacklistQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminBlacklistRecord[]; total: number }> {
  const hashes = query.subject?.trim()
    ? BLACKLIST_SUBJECT_KINDS.flatMap((kind) => subjectHashOf(key, kind, query.subject!.trim()) ?? [])
    : undefined
  const where = and(
    query.subjectKind ? eq(blacklistRecords.subjectKind, query.subjectKind) : undefined,
    query.reason ? eq(blacklistRecords.reason, query.reason) : undefined,
    query.gameId ? eq(blacklistRecords.gameId, query.gameId) : undefined,
    hashes ? inArray(blacklistRecords.subjectHash, hashes.length ? hashes : ['']) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...recordColumns, source: blacklistRecords.source, createdByName: users.username })
      .from(blacklistRecords)
      .leftJoin(games, eq(games.id, blacklistRecords.gameId))
      .leftJoin(users, eq(users.id, blacklistRecords.createdBy))
      .where(where)
      .orderBy(desc(blacklistRecords.createdAt), desc(blacklistRecords.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(blacklistRecords).where(where),
  ])
  return {
    rows: rows.map(({ source, createdByName, ...row }) => ({
      ...toRecord(row),
      source,
      createdByName: createdByName ?? '',
    })),
    total,
  }
}

/** POST /api/admin/blacklist/{id}/remove: the record goes; the audit row keeps what it said and why it went. */
export async function removeBlacklistRecord(db: Executor, staff: Staff, id: number, reason: string): Promise<void> {
  const why = reason.trim()
  if (!why) throw new AppError(400, '请填写移除原因')
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(blacklistRecords).where(eq(blacklistRecords.id, id)).returning()
    if (!removed) throw new AppError(404, '黑号记录不存在')
    await audit(
      tx,
      staff,
      'blacklist.remove',
      { type: 'blacklist', id },
      {
        reason: why,
        before: {
          subjectKind: removed.subjectKind,
          maskedSubject: removed.maskedSubject,
          gameId: removed.gameId,
          reason: removed.reason,
          evidence: removed.evidence,
        },
      },
    )
  })
}
