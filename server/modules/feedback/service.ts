/**
 * Feedback (fankui, suggest): a user's own submissions, and the operator's reply, which reaches the user as a
 * 系统消息.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import { FEEDBACK_LIMITS } from '../../../src/contract/constants'
import type { AdminProblem, AdminProblemQuery, Problem, ProblemRequest } from '../../../src/contract/feedback'
import { PHONE_PATTERN, QQ_PATTERN, QQ_RULE, withMaskedPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { problems, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, boundedText } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import { notifyUsers } from '../messages/service'

const PROBLEM_NOT_FOUND = '反馈不存在'

const columns = {
  id: problems.id,
  type: problems.type,
  title: problems.title,
  content: problems.content,
  images: problems.images,
  phone: problems.phone,
  qq: problems.qq,
  status: problems.status,
  reply: problems.reply,
  repliedAt: problems.repliedAt,
  createdAt: problems.createdAt,
}

const toProblem = (
  row: Omit<Problem, 'repliedAt' | 'createdAt'> & { repliedAt: Date | null; createdAt: Date },
): Problem => ({
  ...row,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

const optionalContact = (value: string | undefined, pattern: RegExp, message: string): string => {
  const trimmed = value?.trim() ?? ''
  if (trimmed && !pattern.test(trimmed)) throw new AppError(400, message)
  return trimmed
}

export async function createProblem(
  db: Executor,
  dataDir: string,
  userId: number,
  request: ProblemRequest,
): Promise<{ id: number }> {
  const title = boundedText('title', request.title, '标题', FEEDBACK_LIMITS.title)
  const content = boundedText('content', request.content, '内容', FEEDBACK_LIMITS.content)
  const phone = optionalContact(request.phone, PHONE_PATTERN, '请输入正确的 11 位手机号')
  const qq = optionalContact(request.qq, QQ_PATTERN, QQ_RULE)
  for (const image of request.images) {
    if (!(await isStoredImage(dataDir, image))) throw new AppError(400, '图片必须是上传成功后返回的地址，请重新上传')
  }
  const [row] = await db
    .insert(problems)
    .values({ userId, type: request.type, title, content, images: request.images, phone, qq })
    .returning({ id: problems.id })
  return row
}

/** The user's own feedback, newest first; the contact phone masked, as staff see it (and the profile its own). */
export async function problemPage(
  db: Executor,
  userId: number,
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: Problem[]; total: number }> {
  const { rows, total } = await problemRows(db, eq(problems.userId, userId), paging, 'newest')
  return { rows: rows.map(({ userId: _userId, userName: _userName, ...row }) => withMaskedPhone(row)), total }
}

/** GET /api/admin/problems: everyone's, by status and type, oldest first (the longest waiting on top). */
export async function adminProblemPage(
  db: Executor,
  query: AdminProblemQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminProblem[]; total: number }> {
  const where = and(
    query.status ? eq(problems.status, query.status) : undefined,
    query.type ? eq(problems.type, query.type) : undefined,
  )
  const { rows, total } = await problemRows(db, where, query, 'oldest')
  return { rows: rows.map(withMaskedPhone), total }
}

/** GET /api/admin/problems/{id}. */
export async function adminProblem(db: Executor, id: number): Promise<AdminProblem> {
  const [row] = (await problemRows(db, eq(problems.id, id), { pageNum: 1, pageSize: 1 }, 'oldest')).rows
  if (!row) throw new AppError(404, PROBLEM_NOT_FOUND)
  return withMaskedPhone(row)
}

async function problemRows(
  db: Executor,
  where: SQL | undefined,
  paging: { pageNum: number; pageSize: number },
  order: 'newest' | 'oldest',
) {
  const by = order === 'newest' ? desc : asc
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...columns, userId: problems.userId, userName: users.username })
      .from(problems)
      .innerJoin(users, eq(users.id, problems.userId))
      .where(where)
      .orderBy(by(problems.createdAt), by(problems.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    db.select({ total: count() }).from(problems).where(where),
  ])
  return { rows: rows.map(({ userId, userName, ...row }) => ({ ...toProblem(row), userId, userName })), total }
}

/** open → replied, once; the user finds the reply in ProblemList and a 系统消息 in 消息. */
export async function replyToProblem(db: Executor, staff: Staff, id: number, reply: string): Promise<Problem> {
  const answer = boundedText('reply', reply, '回复内容', { min: 1, max: 1000 })
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(problems)
      .set({ status: 'replied', reply: answer, repliedAt: new Date(), repliedBy: staff.userId })
      .where(and(eq(problems.id, id), eq(problems.status, 'open')))
      .returning({ ...columns, userId: problems.userId })
    if (!row) {
      const [exists] = await tx.select({ id: problems.id }).from(problems).where(eq(problems.id, id))
      throw exists ? new AppError(409, '该反馈已回复或已关闭') : new AppError(404, PROBLEM_NOT_FOUND)
    }
    const { userId, ...problem } = row
    await audit(tx, staff, 'problem.reply', { type: 'problem', id })
    await notifyUsers(tx, [
      {
        userId,
        type: 'system',
        title: '客服回复了你的反馈',
        content: `你提交的「${problem.title}」有了回复：${answer}`,
        relatedType: null,
        relatedId: null,
      },
    ])
    return withMaskedPhone(toProblem(problem))
  })
}
