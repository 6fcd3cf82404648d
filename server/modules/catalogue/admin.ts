/**
 * The catalogue at the console (目录): a game's place in the lists (icon, hot, order, enabled), its region
 * tree's order and its attribute template's versions. Every change is audited with what it was before.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { templateProblem } from '../../../src/contract/attributes'
import type {
  AdminGame,
  GamePatch,
  RegionNode,
  RegionOrder,
  TemplateInput,
  TemplateVersion,
} from '../../../src/contract/catalogue'
import type { Executor } from '../../db'
import { attributeTemplates, games, goods, regionNodes } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { AppError, invalid } from '../../lib/envelope'
import { allGames } from './service'

const GAME_NOT_FOUND = '游戏不存在'

export async function updateGame(db: Executor, staff: Staff, id: number, patch: GamePatch): Promise<AdminGame> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hot: games.hot, sort: games.sort, enabled: games.enabled, icon: games.icon })
      .from(games)
      .where(eq(games.id, id))
      .for('update')
    if (!before) throw new AppError(404, GAME_NOT_FOUND)
    await tx.update(games).set(patch).where(eq(games.id, id))
    const changes = Object.fromEntries(
      Object.entries(patch)
        .filter(([key, value]) => before[key as keyof typeof before] !== value)
        .map(([key, value]) => [key, { from: before[key as keyof typeof before], to: value }]),
    )
    await audit(tx, staff, 'game.update', { type: 'game', id }, changes)
  })
  return (await allGames(db)).find((game) => game.id === id)!
}

/** The whole tree of a game, flat, each level in its order. */
export async function regionTree(db: Executor, gameId: number): Promise<RegionNode[]> {
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId))
  if (!game) throw new AppError(404, GAME_NOT_FOUND)
  return db
    .select()
    .from(regionNodes)
    .where(eq(regionNodes.gameId, gameId))
    .orderBy(asc(regionNodes.parentId), asc(regionNodes.sort), asc(regionNodes.id))
}

/** One parent's children in a new order: all of them, each once, or nothing changes. */
export async function reorderRegions(
  db: Executor,
  staff: Staff,
  gameId: number,
  order: RegionOrder,
): Promise<RegionNode[]> {
  await db.transaction(async (tx) => {
    const siblings = await tx
      .select({ id: regionNodes.id })
      .from(regionNodes)
      .where(
        and(
          eq(regionNodes.gameId, gameId),
          order.parentId === null ? isNull(regionNodes.parentId) : eq(regionNodes.parentId, order.parentId),
        ),
      )
      .orderBy(asc(regionNodes.sort), asc(regionNodes.id))
      .for('update')
    const known = new Set(siblings.map((node) => node.id))
    if (siblings.length !== order.ids.length || !order.ids.every((id) => known.has(id)))
      throw new AppError(400, '区服顺序须包含同一上级下的全部区服，且只能在同级之间调整')
    await tx
      .update(regionNodes)
      .set({ sort: sql`array_position(${sql.param(order.ids)}::int[], ${regionNodes.id}) - 1` })
      .where(inArray(regionNodes.id, order.ids))
    await audit(
      tx,
      staff,
      'region.reorder',
      { type: 'game', id: gameId },
      { parentId: order.parentId, before: siblings.map((node) => node.id), after: order.ids },
    )
  })
  return regionTree(db, gameId)
}

/** Every template version of a game, newest first, with how many listings were made with it. */
export async function templateVersions(db: Executor, gameId: number): Promise<TemplateVersion[]> {
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, gameId))
  if (!game) throw new AppError(404, GAME_NOT_FOUND)
  const used = db
    .select({ version: goods.templateVersion, n: count().as('n') })
    .from(goods)
    .where(eq(goods.gameId, gameId))
    .groupBy(goods.templateVersion)
    .as('used')
  const rows = await db
    .select({
      version: attributeTemplates.version,
      fields: attributeTemplates.fields,
      createdAt: attributeTemplates.createdAt,
      goodsCount: sql<number>`coalesce(${used.n}, 0)::int`,
    })
    .from(attributeTemplates)
    .leftJoin(used, eq(used.version, attributeTemplates.version))
    .where(eq(attributeTemplates.gameId, gameId))
    .orderBy(desc(attributeTemplates.version))
  return rows.map((row) => ({
    gameId,
    version: row.version,
    fields: [...row.fields].sort((a, b) => a.sort - b.sort),
    createdAt: row.createdAt.toISOString(),
    goodsCount: row.goodsCount,
  }))
}

/**
 * Saves the fields as the game's next version (versions are never changed: listings keep theirs). The game's
 * row is locked, so two editors saving at once get two versions, one after the other.
 */
export async function addTemplateVersion(
  db: Executor,
  staff: Staff,
  gameId: number,
  { fields }: TemplateInput,
): Promise<TemplateVersion> {
  const problem = templateProblem(fields)
  if (problem) invalid(problem.field, problem.message)
  const version = await db.transaction(async (tx) => {
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for('update')
    if (!game) throw new AppError(404, GAME_NOT_FOUND)
    const [{ latest }] = await tx
      .select({ latest: sql<number>`coalesce(max(${attributeTemplates.version}), 0)::int` })
      .from(attributeTemplates)
      .where(eq(attributeTemplates.gameId, gameId))
    const next = latest + 1
    await tx.insert(attributeTemplates).values({ gameId, version: next, fields })
    await audit(
      tx,
      staff,
      'template.create',
      { type: 'game', id: gameId },
      { version: next, from: latest, fields: fields.map((field) => field.key) },
    )
    return next
  })
  return (await templateVersions(db, gameId)).find((row) => row.version === version)!
}
