/**
 * What buyers asked to hear about: 降价提醒 — everyone who keeps a listing (我的收藏) is told when its price goes
 * down, at most once a day per listing, never its seller, in the transaction of the price change; and 搜索订阅 —
 * a saved goods-list search is looked at once a day by the sweeper, and its owner told of the listings put on
 * sale since (one message per search, none when nothing is new, none when the owner turned them off).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { RegionNode, SavedSearch, SavedSearches, SavedSearchRequest } from '../../../src/contract/catalogue'
import { cappedTotal, SAVED_SEARCH_LIMITS } from '../../../src/contract/constants'
import { formatPrice } from '../../../src/contract/money'
import type { Db, Executor } from '../../db'
import { regionNodes, savedSearches, users } from '../../db/schema'
import { AppError } from '../../lib/envelope'
import { sweepDue, type SweepDeps } from '../../lib/sweep'
import { notifyUsers } from '../messages/service'
import { checkSearch, listedSince, type CatalogueCache } from './service'

/** How long after one price-drop message a keeper waits before the next one about the same listing. */
const ALERT_EVERY = '1 day'

/** Tells the listing's keepers that it went from `from` to `to` (a drop); returns how many were told. */
export async function alertPriceDrop(
  tx: Executor,
  item: { id: number; title: string; sellerId: number | null },
  from: number,
  to: number,
): Promise<number> {
  if (to >= from) return 0
  const content = `你收藏的「${item.title}」降价了：${formatPrice(from)} → ${formatPrice(to)}，便宜了 ${formatPrice(from - to)}。`
  const told = await tx.execute(
    sql`with due as (
          update favourites set alerted_at = now()
          where goods_id = ${item.id} and user_id is distinct from ${item.sellerId}
            and (alerted_at is null or alerted_at <= now() - ${ALERT_EVERY}::interval)
          returning user_id
        )
        insert into messages (user_id, type, title, content, related_type, related_id)
        select user_id, 'price_drop', '收藏的商品降价了', ${content}, 'goods', ${item.id} from due
        returning user_id`,
  )
  return told.rows.length
}

// ---------------------------------------------------------------- 搜索订阅

type SavedSearchRow = typeof savedSearches.$inferSelect

const SEARCH_NOT_FOUND = '订阅不存在'
/** How often a saved search is looked at, at most. */
const LOOK_EVERY_MS = 86_400_000

async function withRegions(db: Executor, rows: SavedSearchRow[]): Promise<SavedSearch[]> {
  const ids = [...new Set(rows.flatMap((r) => r.filters.regionIds ?? []))]
  const nodes: RegionNode[] = ids.length ? await db.select().from(regionNodes).where(inArray(regionNodes.id, ids)) : []
  const byId = new Map(nodes.map((n) => [n.id, n]))
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    filters: r.filters,
    regions: (r.filters.regionIds ?? []).flatMap((id) => byId.get(id) ?? []),
    createdAt: r.createdAt.toISOString(),
  }))
}

/** GET /need/savedSearches: the user's searches, oldest first, and whether their messages are on. */
export async function mySavedSearches(db: Executor, userId: number): Promise<SavedSearches> {
  const [[user], rows] = await Promise.all([
    db.select({ alerts: users.searchAlerts }).from(users).where(eq(users.id, userId)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id)),
  ])
  return { alerts: user?.alerts ?? false, rows: await withRegions(db, rows) }
}

/** GET /need/savedSearches/{id}: one of the user's searches, to open the list with it. */
export async function mySavedSearch(db: Executor, userId: number, id: number): Promise<SavedSearch> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
  if (!row) throw new AppError(404, SEARCH_NOT_FOUND)
  return (await withRegions(db, [row]))[0]
}

/**
 * POST /need/savedSearches: filters checked as the list checks them; the same filters saved again are the same
 * search; at most SAVED_SEARCH_LIMITS.perUser (counted under the user's row lock, so a burst cannot pass it).
 */
export async function saveSearch(
  db: Db,
  cache: CatalogueCache,
  userId: number,
  body: SavedSearchRequest,
): Promise<SavedSearch> {
  await checkSearch(db, cache, body.filters)
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const mine = await tx.select().from(savedSearches).where(eq(savedSearches.userId, userId))
    const same = mine.find((r) => sameFilters(r.filters, body.filters))
    if (same) return same
    if (mine.length >= SAVED_SEARCH_LIMITS.perUser)
      throw new AppError(409, `最多保存 ${SAVED_SEARCH_LIMITS.perUser} 个搜索订阅，请先删除不需要的`)
    const [created] = await tx
      .insert(savedSearches)
      .values({ userId, title: body.title.trim(), filters: body.filters })
      .returning()
    return created
  })
  return (await withRegions(db, [row]))[0]
}

/** Two filters are the same search whatever the order of their keys. */
function sameFilters(a: object, b: object): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
}

/** DELETE /need/savedSearches/{id}. */
export async function deleteSavedSearch(db: Executor, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  if (deleted.length === 0) throw new AppError(404, SEARCH_NOT_FOUND)
}

/** PUT /need/savedSearches/alerts: 个人中心's switch for the daily messages. */
export async function setSearchAlerts(db: Executor, userId: number, on: boolean): Promise<void> {
  await db.update(users).set({ searchAlerts: on }).where(eq(users.id, userId))
}

/**
 * The sweeper's look at the saved searches not looked at for a day (after downtime too: the listings since the
 * last look are counted whole): for each, the listings put on sale since, one message naming the newest few.
 * Rows are taken with SKIP LOCKED, so instances share the work; a look moves `checkedAt` on whatever it found,
 * and a user who turned the messages off has their searches moved on without one.
 */
export async function sendSavedSearchAlerts(deps: SweepDeps, cache: CatalogueCache, now = new Date()): Promise<number> {
  let told = 0
  await sweepDue(
    deps,
    savedSearches,
    lte(savedSearches.checkedAt, new Date(now.getTime() - LOOK_EVERY_MS)),
    savedSearches.checkedAt,
    async (tx, id) => {
      const [{ search, alerts }] = await tx
        .select({ search: savedSearches, alerts: users.searchAlerts })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(eq(savedSearches.id, id))
      const { cards, count } = alerts
        ? await listedSince(tx, cache, search.filters, search.checkedAt, SAVED_SEARCH_LIMITS.named)
        : { cards: [], count: 0 }
      if (count > 0) {
        const names = cards.map((card) => `「${card.title}」${formatPrice(card.price)}`).join('、')
        await notifyUsers(tx, [
          {
            userId: search.userId,
            type: 'new_listings',
            title: '搜索订阅有新上架',
            content: `你订阅的「${search.title}」有 ${cappedTotal(count)} 个新上架账号：${names}${count > cards.length ? ' 等' : ''}。`,
            relatedType: 'search',
            relatedId: search.id,
          },
        ])
      }
      await tx.update(savedSearches).set({ checkedAt: now }).where(eq(savedSearches.id, id))
      if (count > 0) told++
      return true
    },
  )
  return told
}
