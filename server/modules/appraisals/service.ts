/**
 * 账号估价: the account is checked as the selling form checks it (template, region path, our own uploads),
 * priced at once by the sold-price index, and kept with the comparables it was priced from. With too few
 * comparable deals it waits for an appraiser (the console's 估价 queue), who sets the range and a note the
 * user reads; either way the user can take the account on to 我要卖 or 竞价回收 from the result.
 */
import { alias } from 'drizzle-orm/pg-core'
import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type {
  AdminAppraisal,
  AdminAppraisalsQuery,
  Appraisal,
  AppraisalEstimateRequest,
  AppraisalRequest,
} from '../../../src/contract/appraisals'
import { formatPrice } from '../../../src/contract/money'
import type { Db } from '../../db'
import { appraisals, games, users } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import type { Viewer } from '../../lib/auth'
import { AppError, boundedText, invalid } from '../../lib/envelope'
import { orderByOf } from '../../lib/sorting'
import { attributeRows, latestTemplate, regionNamer, type CatalogueCache } from '../catalogue/service'
import { checkAttributes, checkDetailImages, checkRegions, cleanText } from '../consignment/service'
import { notifyUsers } from '../messages/service'
import { estimate, salesOf } from '../priceIndex/service'
import { appraisalMachine, type AppraisalRow } from './machine'

export interface AppraisalDeps {
  db: Db
  /** Where uploads are stored: every picture must be one of ours. */
  dataDir: string
  cache: CatalogueCache
}

type Paging = { pageNum: number; pageSize: number }

const APPRAISAL_NOT_FOUND = '估价单不存在'

/** The rows as their readers see them: names for the game, the region path and the attributes. */
async function describe(deps: AppraisalDeps, rows: AppraisalRow[], role: 'owner' | 'operator'): Promise<Appraisal[]> {
  if (rows.length === 0) return []
  const [names, regionNames, fields] = await Promise.all([
    deps.db
      .select({ id: games.id, name: games.name, type: games.type })
      .from(games)
      .where(
        inArray(
          games.id,
          rows.map((r) => r.gameId),
        ),
      ),
    regionNamer(
      deps.db,
      rows.map((r) => r.regionIds),
    ),
    deps.cache.fields(
      deps.db,
      rows.map((r) => ({ gameId: r.gameId, version: r.templateVersion })),
    ),
  ])
  const game = (row: AppraisalRow) => names.find((g) => g.id === row.gameId)!
  return rows.map((row) => ({
    id: row.id,
    gameId: row.gameId,
    gameName: game(row).name,
    gameType: game(row).type,
    regionIds: row.regionIds,
    regionNames: regionNames(row.regionIds),
    attributes: row.attributes,
    attributeRows: attributeRows(fields.get(`${row.gameId}:${row.templateVersion}`) ?? [], row.attributes),
    description: row.description,
    images: row.images,
    expectedPrice: row.expectedPrice,
    status: row.status,
    estimate:
      row.status === 'estimated' ? { min: row.estimateMin!, max: row.estimateMax!, point: row.estimatePoint! } : null,
    comparableCount: row.comparableCount,
    comparables: row.comparables,
    source: row.status === 'pending' ? null : row.estimatedBy === null ? 'index' : 'staff',
    note: row.note,
    estimatedAt: row.estimatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    actions: appraisalMachine.actionsFor(row, [role]),
  }))
}

/** POST /account/backlist (mode appraise): checked, priced from comparable deals, or queued for a person. */
export async function appraise(deps: AppraisalDeps, userId: number, body: AppraisalRequest): Promise<Appraisal> {
  const template = await latestTemplate(deps.db, body.gameId)
  const attributes = checkAttributes(template.fields, body.attributes)
  await checkRegions(deps.db, body.gameId, body.regionIds)
  const description = cleanText('description', '描述', body.description ?? '')
  const images = body.images ?? []
  await checkDetailImages(deps.dataDir, images)
  const now = new Date()
  const answer = estimate(
    template.fields,
    { regionIds: body.regionIds, attributes },
    await salesOf(deps.db, body.gameId, now),
    now,
  )
  const row = await deps.db.transaction(async (tx) => {
    const submitted = await appraisalMachine.create(
      tx,
      'submit',
      { kind: 'owner', userId },
      {
        userId,
        gameId: body.gameId,
        templateVersion: template.version,
        regionIds: body.regionIds,
        attributes,
        description,
        images,
        expectedPrice: body.expectedPrice ?? null,
        comparableCount: answer.comparableCount,
        comparables: answer.comparables,
        createdAt: now,
      },
    )
    if (!answer.estimate) return submitted
    const { min, max, point } = answer.estimate
    return (await appraisalMachine.transition(
      tx,
      submitted.id,
      'price',
      { kind: 'system', detail: { comparableCount: answer.comparableCount } },
      { estimateMin: min, estimateMax: max, estimatePoint: point, estimatedAt: now },
    ))!
  })
  return (await describe(deps, [row], 'owner'))[0]
}

/** GET /account/backlist/allList (mode appraise): the user's appraisals, newest first. */
export async function myAppraisals(
  deps: AppraisalDeps,
  viewer: Viewer,
  paging: Paging,
): Promise<{ rows: Appraisal[]; total: number }> {
  const where = eq(appraisals.userId, viewer.userId)
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(appraisals)
      .where(where)
      .orderBy(desc(appraisals.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    deps.db.select({ total: count() }).from(appraisals).where(where),
  ])
  return { rows: await describe(deps, rows, 'owner'), total }
}

/** GET /account/appraisal/{id}: one of the user's own (another's is as missing as none). */
export async function myAppraisal(deps: AppraisalDeps, viewer: Viewer, id: number): Promise<Appraisal> {
  const [row] = await deps.db.select().from(appraisals).where(eq(appraisals.id, id))
  if (!row || row.userId !== viewer.userId) throw new AppError(404, APPRAISAL_NOT_FOUND)
  return (await describe(deps, [row], 'owner'))[0]
}

// ---------------------------------------------------------------- the console's 估价 queue

const appraiser = alias(users, 'appraiser')

async function adminRows(
  deps: AppraisalDeps,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: Paging,
): Promise<AdminAppraisal[]> {
  const rows = await deps.db
    .select({ appraisal: appraisals, userName: users.username, estimatedBy: appraiser.username })
    .from(appraisals)
    .innerJoin(users, eq(users.id, appraisals.userId))
    .leftJoin(appraiser, eq(appraiser.id, appraisals.estimatedBy))
    .where(where)
    .orderBy(...orderBy)
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
  const described = await describe(
    deps,
    rows.map((r) => r.appraisal),
    'operator',
  )
  return rows.map(({ appraisal, userName, estimatedBy }, i) => ({
    ...described[i],
    userId: appraisal.userId,
    userName,
    estimatedBy,
  }))
}

/** GET /api/admin/appraisals: by state, the longest waiting first unless sorted otherwise. */
export async function adminAppraisalPage(
  deps: AppraisalDeps,
  query: AdminAppraisalsQuery & Paging,
): Promise<{ rows: AdminAppraisal[]; total: number }> {
  const where = query.status ? eq(appraisals.status, query.status) : undefined
  const orderBy = orderByOf(query.sort, { createdAt: appraisals.createdAt }, appraisals.id, [
    sql`${appraisals.createdAt} asc`,
    sql`${appraisals.id} asc`,
  ])
  const [rows, [{ total }]] = await Promise.all([
    adminRows(deps, where, orderBy, query),
    deps.db.select({ total: count() }).from(appraisals).where(where),
  ])
  return { rows, total }
}

/** GET /api/admin/appraisals/{id}. */
export async function adminAppraisal(deps: AppraisalDeps, id: number): Promise<AdminAppraisal> {
  const [row] = await adminRows(deps, eq(appraisals.id, id), [], { pageNum: 1, pageSize: 1 })
  if (!row) throw new AppError(404, APPRAISAL_NOT_FOUND)
  return row
}

/** POST /api/admin/appraisals/{id}/estimate: the appraiser's range and note; the user is told. */
export async function setEstimate(
  deps: AppraisalDeps,
  staff: Staff,
  id: number,
  body: AppraisalEstimateRequest,
): Promise<AdminAppraisal> {
  if (body.max < body.min) invalid('max', '最高估价不能低于最低估价')
  if (body.point < body.min || body.point > body.max) invalid('point', '参考价须在估价区间内')
  const note = boundedText('note', body.note, '估价说明', { min: 2, max: 300 })
  await deps.db.transaction(async (tx) => {
    const row = await appraisalMachine.transition(
      tx,
      id,
      'estimate',
      { kind: 'operator', userId: staff.userId },
      {
        estimateMin: body.min,
        estimateMax: body.max,
        estimatePoint: body.point,
        note,
        estimatedBy: staff.userId,
        estimatedAt: new Date(),
      },
    )
    if (!row) {
      const [exists] = await tx.select({ id: appraisals.id }).from(appraisals).where(eq(appraisals.id, id))
      throw exists ? new AppError(409, '该估价单已估价，请刷新') : new AppError(404, APPRAISAL_NOT_FOUND)
    }
    await audit(tx, staff, 'appraisal.estimate', { type: 'appraisal', id }, { ...body, note })
    await notifyUsers(tx, [
      {
        userId: row.userId,
        type: 'system',
        title: '账号估价已完成',
        content: `你的估价单 #${id}：估价 ${formatPrice(body.min)} – ${formatPrice(body.max)}，参考价 ${formatPrice(body.point)}。`,
        relatedType: 'appraisal',
        relatedId: id,
      },
    ])
  })
  return adminAppraisal(deps, id)
}
