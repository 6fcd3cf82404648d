/**
 * Notices, banners, social accounts, service contacts and QQ groups: public reads, and the operator's
 * notice edits, which sanitize the HTML before it is stored.
 */
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm'
import type {
  AdminNotice,
  AdminNoticeQuery,
  AdminNoticeRow,
  Banner,
  BannerKind,
  Notice,
  NoticeInput,
  NoticePatch,
  NoticePreview,
  NoticeSummary,
  NoticeType,
  SocialAccount,
} from '../../../src/contract/content'
import type { Executor } from '../../db'
import { banners, notices, socialAccounts } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError } from '../../lib/envelope'
import { plainText, sanitizeHtml } from '../../lib/html'
import { containing } from '../../lib/like'

export const NOTICE_NOT_FOUND = '公告不存在'
/** Characters of plain text a list row shows (contract: ≤ 80). */
const SUMMARY_LENGTH = 80

const summaryColumns = {
  id: notices.id,
  type: notices.type,
  title: notices.title,
  coverImage: notices.coverImage,
  summary: notices.summary,
  sort: notices.sort,
  createdAt: notices.createdAt,
}
const noticeColumns = { ...summaryColumns, content: notices.content }
const noticeOrder = [asc(notices.sort), desc(notices.createdAt), desc(notices.id)]
const published = eq(notices.status, 'published')

const withIsoTime = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() })

export async function noticesOfType(db: Executor, type: NoticeType): Promise<Notice[]> {
  const rows = await db
    .select(noticeColumns)
    .from(notices)
    .where(and(published, eq(notices.type, type)))
    .orderBy(...noticeOrder)
  return rows.map(withIsoTime)
}

/** `/web/notice/list`: the published notices, as the console lists them without its columns. */
export async function noticePage(
  db: Executor,
  query: { noticeType?: NoticeType; pageNum: number; pageSize: number },
): Promise<{ rows: NoticeSummary[]; total: number }> {
  const { noticeType, ...paging } = query
  const { rows, total } = await adminNoticePage(db, { ...paging, type: noticeType, status: 'published' })
  return { rows: rows.map(({ status: _status, updatedAt: _updatedAt, ...row }) => row), total }
}

export async function noticeById(db: Executor, id: number): Promise<Notice> {
  const [row] = await db
    .select(noticeColumns)
    .from(notices)
    .where(and(published, eq(notices.id, id)))
  if (!row) throw new AppError(404, NOTICE_NOT_FOUND)
  return withIsoTime(row)
}

export async function bannersOfKind(db: Executor, kind: BannerKind): Promise<Banner[]> {
  return db
    .select({
      id: banners.id,
      kind: banners.kind,
      image: banners.image,
      title: banners.title,
      link: banners.link,
      content: banners.content,
      sort: banners.sort,
    })
    .from(banners)
    .where(and(eq(banners.enabled, true), eq(banners.kind, kind)))
    .orderBy(asc(banners.sort), asc(banners.id))
}

export async function listSocialAccounts(db: Executor): Promise<SocialAccount[]> {
  return db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      name: socialAccounts.name,
      fans: socialAccounts.fans,
      account: socialAccounts.account,
      avatar: socialAccounts.avatar,
      link: socialAccounts.link,
    })
    .from(socialAccounts)
    .where(eq(socialAccounts.enabled, true))
    .orderBy(asc(socialAccounts.sort), asc(socialAccounts.id))
}

// ── operator ────────────────────────────────────────────────────────────────────────────────────

function cleanTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) throw new AppError(400, '标题不能为空')
  return trimmed
}

/** Sanitized content and its summary; a body that sanitizes to nothing is refused. */
function cleanContent(html: string): { content: string; summary: string } {
  const content = sanitizeHtml(html)
  const summary = plainText(content, SUMMARY_LENGTH)
  if (!summary && !/<img\b/.test(content)) throw new AppError(400, '公告内容不能为空（不允许的标签和脚本会被去掉）')
  return { content, summary }
}

/** The row of a new notice: every write, the seed's included, goes through here. */
export const noticeValues = (input: NoticeInput) => ({
  ...input,
  title: cleanTitle(input.title),
  ...cleanContent(input.content),
})

const adminColumns = { ...noticeColumns, status: notices.status }

/** GET /admin/notices. */
export async function adminNoticePage(
  db: Executor,
  query: AdminNoticeQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminNoticeRow[]; total: number }> {
  const where = and(
    query.type ? eq(notices.type, query.type) : undefined,
    query.status ? eq(notices.status, query.status) : undefined,
    query.title?.trim() ? ilike(notices.title, containing(query.title.trim())) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...summaryColumns, status: notices.status, updatedAt: notices.updatedAt })
      .from(notices)
      .where(where)
      .orderBy(...noticeOrder)
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(notices).where(where),
  ])
  return { rows: rows.map((row) => ({ ...withIsoTime(row), updatedAt: row.updatedAt.toISOString() })), total }
}

/** GET /admin/notices/{id}: any notice, hidden or not, with its body for the editor. */
export async function adminNotice(db: Executor, id: number): Promise<AdminNotice> {
  const [row] = await db.select(adminColumns).from(notices).where(eq(notices.id, id))
  if (!row) throw new AppError(404, NOTICE_NOT_FOUND)
  return withIsoTime(row)
}

/** POST /admin/notices/preview: what saving this HTML would store, without storing it. */
export function previewNotice(html: string): NoticePreview {
  const { content, summary } = cleanContent(html)
  return { html: content, summary }
}

export async function createNotice(db: Executor, staff: Staff, input: NoticeInput): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notices).values(noticeValues(input)).returning(adminColumns)
    await audit(tx, staff, 'notice.create', { type: 'notice', id: row.id }, { title: row.title, type: row.type })
    return withIsoTime(row)
  })
}

export async function updateNotice(db: Executor, staff: Staff, id: number, input: NoticePatch): Promise<AdminNotice> {
  const { title, content, ...rest } = input
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({
        ...rest,
        ...(title === undefined ? {} : { title: cleanTitle(title) }),
        ...(content === undefined ? {} : cleanContent(content)),
        updatedAt: new Date(),
      })
      .where(eq(notices.id, id))
      .returning(adminColumns)
    if (!row) throw new AppError(404, NOTICE_NOT_FOUND)
    // Which fields changed (the content itself stays in the notice, not copied into the log).
    await audit(tx, staff, 'notice.update', { type: 'notice', id }, { fields: Object.keys(input) })
    return withIsoTime(row)
  })
}
