/**
 * Catalogue reads. The goods list is written for a million listings: every filter and sort maps onto
 * a partial index of `status = 'on_sale'` rows (migration 0003) — the per-game ones carry the filterable
 * columns, so a page's ids are found by an index-only scan —, only the page's ids are then read from
 * the table and joined, and `total` comes from trigger-kept counters when only the game is filtered, or
 * from a count that stops at LIST_TOTAL_CAP matches otherwise.
 */
import { sql, type SQL } from 'drizzle-orm'
import type {
  AdminGame,
  AttributeField,
  AttributeFilter,
  AttributeRow,
  AttributeTemplate,
  AttributeValue,
  BrowseRow,
  FavouriteRow,
  Game,
  GameListQuery,
  GoodsCard,
  GoodsDetail,
  GoodsListQuery,
  SearchFilters,
  GoodsSort,
  GoodsTypeOption,
  GoodsStatus,
  PublicGoodsStatus,
  RecentDeal,
  RegionKind,
  RegionNode,
  RentTerms,
  TemplateRow,
  SiteStats,
  SystemKey,
} from '../../../src/contract/catalogue'
import { LIST_TOTAL_CAP } from '../../../src/contract/constants'
import type { Executor } from '../../db'
import { containing } from '../../lib/like'
import { AppError, fieldError } from '../../lib/envelope'
import { TtlCache } from '../../lib/ttlCache'

/** Detail, recommendations, favourites and history show these; the list shows on-sale goods only. */
export const VISIBLE_STATUSES: PublicGoodsStatus[] = ['on_sale', 'in_trade', 'rented', 'sold']
export const GOODS_NOT_FOUND = '商品不存在'
const DEFAULT_GOODS_PAGE_SIZE = 20
const TOTAL_TTL_MS = 15_000
const SHAPE_TTL_MS = 60_000
const RECOMMEND_LIMIT = 8
const HIGHLIGHTS = 3

export const GOODS_TYPE_OPTIONS: GoodsTypeOption[] = [
  { value: 'self', label: '自营' },
  { value: 'consign', label: '代售' },
]

/**
 * What a public read may find, of goods aliased `alias`: a listing in a visible status — a 中介担保 ticket's
 * account (kind `guarantee`) is its buyer's alone.
 */
const visibleIn = (alias: '' | 'g.') =>
  sql.raw(`${alias}status in (${VISIBLE_STATUSES.map((s) => `'${s}'`).join(', ')}) and ${alias}kind = 'listing'`)

type Row = Record<string, unknown>

/** A region node as the catalogue's cache keeps it. */
interface RegionLink {
  parentId: number | null
  name: string
}

async function rows<T = Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query)
  return result.rows as T[]
}

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()
const int = (value: unknown): number => Number(value)

// ── games and regions ───────────────────────────────────────────────────────────────────────────

export async function listGames(db: Executor, query: GameListQuery): Promise<Game[]> {
  return (await gameRows(db, query, [sql`enabled`])).map(({ enabled: _enabled, ...game }) => game)
}

/** The console's list: every game, enabled or not, in the buyers' order. */
export const allGames = (db: Executor): Promise<AdminGame[]> => gameRows(db, {}, [])

async function gameRows(db: Executor, query: GameListQuery, where: SQL[]): Promise<AdminGame[]> {
  if (query.type) where.push(sql`type = ${query.type}`)
  if (query.initial) where.push(sql`initial = ${query.initial.toUpperCase()}`)
  if (query.name?.trim()) where.push(sql`name ilike ${containing(query.name.trim())}`)
  if (query.hot !== undefined) where.push(sql`hot = ${query.hot}`)
  const found = await rows(
    db,
    sql`select id, name, initial, type, icon, hot, sort, on_sale_count, rentable_count, enabled from games
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``} order by sort, id`,
  )
  return found.map((g) => ({
    id: int(g.id),
    name: String(g.name),
    initial: String(g.initial),
    type: g.type as Game['type'],
    icon: String(g.icon),
    hot: Boolean(g.hot),
    sort: int(g.sort),
    onSaleCount: int(g.on_sale_count),
    rentableCount: int(g.rentable_count),
    enabled: Boolean(g.enabled),
  }))
}

async function requireGame(db: Executor, gameId: number): Promise<void> {
  const [game] = await rows(db, sql`select 1 from games where id = ${gameId}`)
  if (!game) throw new AppError(404, '游戏不存在')
}

/** Names region paths (root first) with one query for all of them; an unknown id is left out. */
export async function regionNamer(db: Executor, paths: number[][]): Promise<(path: number[]) => string[]> {
  const ids = [...new Set(paths.flat())]
  const found = ids.length ? await rows(db, sql`select id, name from region_nodes where id in ${ids}`) : []
  const names = new Map(found.map((r) => [int(r.id), String(r.name)]))
  return (path) => path.flatMap((id) => names.get(id) ?? [])
}

const toRegion = (r: Row): RegionNode => ({
  id: int(r.id),
  gameId: int(r.game_id),
  parentId: r.parent_id === null ? null : int(r.parent_id),
  kind: r.kind as RegionKind,
  name: String(r.name),
  sort: int(r.sort),
})

/** Region nodes of one kind, of a game and/or under a parent. */
export async function listRegions(
  db: Executor,
  filter: { kind: RegionKind; gameId?: number; parentId?: number },
): Promise<RegionNode[]> {
  if (filter.gameId !== undefined) await requireGame(db, filter.gameId)
  const where: SQL[] = [sql`kind = ${filter.kind}`]
  if (filter.gameId !== undefined) where.push(sql`game_id = ${filter.gameId}`)
  if (filter.parentId !== undefined) where.push(sql`parent_id = ${filter.parentId}`)
  const found = await rows(
    db,
    sql`select id, game_id, parent_id, kind, name, sort from region_nodes
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``} order by sort, id`,
  )
  return found.map(toRegion)
}

export async function keyList(
  db: Executor,
  query: { gameId: number; systemKey: SystemKey; parentId?: number },
): Promise<RegionNode[] | GoodsTypeOption[]> {
  if (query.systemKey === 'goodstype') {
    await requireGame(db, query.gameId)
    return GOODS_TYPE_OPTIONS
  }
  return listRegions(db, { kind: query.systemKey, gameId: query.gameId, parentId: query.parentId })
}

// ── attribute templates ─────────────────────────────────────────────────────────────────────────

/**
 * What the catalogue reuses between requests. Template versions never change once written (an edit adds a
 * version), so a version once read is kept for the life of the process. A game's latest template changes only
 * when an operator edits it, and the region tree only when the catalogue is seeded: both are reused for
 * SHAPE_TTL_MS, and a region id the tree does not have yet reloads it.
 * A filtered list's total is reused for TOTAL_TTL_MS: its capped count is most of a filtered list's
 * database work, and the next pages of the same list (and everyone else asking the same) would count it
 * again. The page itself is never cached.
 */
export class CatalogueCache {
  private readonly versions = new Map<string, AttributeField[]>()
  private readonly latest = new TtlCache<AttributeTemplate>(SHAPE_TTL_MS, 1_000)
  private readonly regions = new TtlCache<Map<number, RegionLink>>(SHAPE_TTL_MS, 1)
  private regionsReloaded = 0
  readonly totals = new TtlCache<number>(TOTAL_TTL_MS, 10_000)

  async fields(db: Executor, wanted: { gameId: number; version: number }[]): Promise<Map<string, AttributeField[]>> {
    const missing = wanted.filter((w) => !this.versions.has(`${w.gameId}:${w.version}`))
    if (missing.length > 0) {
      const pairs = sql.join(
        missing.map((w) => sql`(${w.gameId}::int, ${w.version}::int)`),
        sql`, `,
      )
      const found = await rows(
        db,
        sql`select game_id, version, fields from attribute_templates where (game_id, version) in (${pairs})`,
      )
      for (const t of found) this.versions.set(`${int(t.game_id)}:${int(t.version)}`, t.fields as AttributeField[])
      // A version nobody wrote (goods older than templates) reads as no fields rather than querying again.
      for (const w of missing) if (!this.versions.has(`${w.gameId}:${w.version}`)) this.remember(w, [])
    }
    return this.versions
  }

  remember(w: { gameId: number; version: number }, fields: AttributeField[]): void {
    this.versions.set(`${w.gameId}:${w.version}`, fields)
  }

  latestTemplate(db: Executor, gameId: number): Promise<AttributeTemplate> {
    return this.latest.get(String(gameId), () => latestTemplate(db, gameId))
  }

  /** Every region node's parent (null at a root) and name, by id. */
  async regionTree(db: Executor, ids: number[] = []): Promise<Map<number, RegionLink>> {
    const load = async () => {
      const found = await rows<{ id: number; parent_id: number | null; name: string }>(
        db,
        sql`select id, parent_id, name from region_nodes`,
      )
      return new Map(
        found.map((r) => [int(r.id), { parentId: r.parent_id === null ? null : int(r.parent_id), name: r.name }]),
      )
    }
    const tree = await this.regions.get('all', load)
    // A node seeded after the tree was read: read it again (at most once a second, whatever the ids asked).
    if (ids.every((id) => tree.has(id)) || Date.now() - this.regionsReloaded < 1_000) return tree
    this.regionsReloaded = Date.now()
    this.regions.delete('all')
    return this.regions.get('all', load)
  }
}

export async function latestTemplate(db: Executor, gameId: number): Promise<AttributeTemplate> {
  const [template] = await rows(
    db,
    sql`select version, fields from attribute_templates where game_id = ${gameId} order by version desc limit 1`,
  )
  if (!template) {
    await requireGame(db, gameId)
    return { gameId, version: 0, fields: [] }
  }
  const fields = [...(template.fields as AttributeField[])].sort((a, b) => a.sort - b.sort)
  return { gameId, version: int(template.version), fields }
}

function optionLabel(field: AttributeField, id: string): string {
  return field.options.find((o) => o.id === id)?.label ?? id
}

/** The display text of one attribute value, or '' when there is nothing to show. */
export function formatAttribute(field: AttributeField, value: AttributeValue | undefined): string {
  if (value === undefined || value === null || value === '') return ''
  switch (field.type) {
    case 'number':
      return `${value}${field.unit}`
    case 'radio':
      return optionLabel(field, String(value))
    case 'checkbox':
      return Array.isArray(value)
        ? value.map((id) => optionLabel(field, id)).join('、')
        : optionLabel(field, String(value))
    default:
      return Array.isArray(value) ? value.join('、') : String(value)
  }
}

/** Every field of the template in its order, with the listing's value as text ('' when not given). */
export function templateRows(fields: AttributeField[], attributes: Record<string, AttributeValue>): TemplateRow[] {
  return [...fields]
    .sort((a, b) => a.sort - b.sort)
    .map((field) => ({
      key: field.key,
      label: field.label,
      value: formatAttribute(field, attributes[field.key]),
      required: field.required,
    }))
}

export function attributeRows(fields: AttributeField[], attributes: Record<string, AttributeValue>): AttributeRow[] {
  return templateRows(fields, attributes)
    .filter((row) => row.value !== '')
    .map(({ key, label, value }) => ({ key, label, value }))
}

export function highlights(fields: AttributeField[], attributes: Record<string, AttributeValue>): string[] {
  const shown: string[] = []
  for (const field of [...fields].sort((a, b) => a.sort - b.sort)) {
    if (!field.searchable || shown.length >= HIGHLIGHTS) continue
    const value = attributes[field.key]
    const text = formatAttribute(field, value)
    if (!text) continue
    if (field.type === 'number') shown.push(`${field.label} ${text}`)
    else if (field.type === 'checkbox' && Array.isArray(value)) {
      if (value.length > 0) shown.push(`${field.label}×${value.length}`)
    } else shown.push(text)
  }
  return shown
}

// ── goods cards ─────────────────────────────────────────────────────────────────────────────────

/** Columns of a card, read from a goods row aliased `g` (and nothing else: no contact, cost, notes). */
const CARD_COLUMNS = sql.raw(`g.id, g.game_id, g.title, g.price, g.cover_image, g.thumb_image, g.region_ids,
  g.attributes, g.template_version, g.account_type, g.guarantee, g.special_offer, g.rent, g.status, g.views,
  g.favourites, g.listed_at, g.created_at`)

/** Joins the game's name onto goods rows aliased `alias` (already cut to one page); region names come from the cache. */
const cardJoins = (alias: 'p' | 'g') => sql.raw(`join games gm on gm.id = ${alias}.game_id`)
const CARD_JOINS = cardJoins('p')

async function toCards<T extends Row>(
  db: Executor,
  cache: CatalogueCache,
  found: T[],
): Promise<(GoodsCard & { row: T })[]> {
  const wanted = new Map<string, { gameId: number; version: number }>()
  for (const r of found) {
    const w = { gameId: int(r.game_id), version: int(r.template_version) }
    wanted.set(`${w.gameId}:${w.version}`, w)
  }
  const fields = await cache.fields(db, [...wanted.values()])
  const regionIds = found.map((r) => (r.region_ids as number[]).map(int))
  const tree = await cache.regionTree(db, regionIds.flat())
  return found.map((r, i) => {
    const attributes = (r.attributes ?? {}) as Record<string, AttributeValue>
    return {
      id: int(r.id),
      gameId: int(r.game_id),
      gameName: String(r.game_name),
      title: String(r.title),
      price: int(r.price),
      coverImage: String(r.cover_image),
      thumbImage: String(r.thumb_image || r.cover_image),
      regionIds: regionIds[i],
      regionNames: regionIds[i].flatMap((id) => tree.get(id)?.name ?? []),
      highlights: highlights(fields.get(`${int(r.game_id)}:${int(r.template_version)}`) ?? [], attributes),
      accountType: r.account_type as GoodsCard['accountType'],
      guarantee: r.guarantee as GoodsCard['guarantee'],
      specialOffer: Boolean(r.special_offer),
      rent: (r.rent as RentTerms | null) ?? null,
      status: r.status as PublicGoodsStatus,
      views: int(r.views),
      favourites: int(r.favourites),
      listedAt: iso(r.listed_at ?? r.created_at),
      row: r,
    }
  })
}

const stripRow = <T extends { row: unknown }>({ row: _row, ...card }: T): Omit<T, 'row'> => card

/** How many goods aliased `g` meet `condition`, counted up to LIST_TOTAL_CAP (a list says "1000+" past it). */
const cappedCount = (db: Executor, condition: SQL): Promise<number> =>
  rows<{ n: string }>(
    db,
    sql`select count(*) as n from (select 1 from goods g where ${condition} limit ${LIST_TOTAL_CAP}) c`,
  ).then(([c]) => int(c?.n ?? 0))

// ── the list ────────────────────────────────────────────────────────────────────────────────────

/** The hourly rent (fen) of the goods aliased `t`: the expression the rent indexes hold. */
const hourlyRent = (t: string) => `((${t}.rent ->> 'hourly')::int)`

/**
 * ORDER BY of each sort on the goods aliased `t`, written to match the partial indexes exactly (NULLS placement
 * included).
 */
const ORDER: Record<GoodsSort, (t: string) => SQL> = {
  default: (t) => ORDER.time_desc(t),
  time_desc: (t) => sql.raw(`${t}.listed_at desc nulls last, ${t}.id desc nulls last`),
  time_asc: (t) => sql.raw(`${t}.listed_at asc nulls first, ${t}.id asc nulls first`),
  price_asc: (t) => sql.raw(`${t}.price asc, ${t}.id asc`),
  price_desc: (t) => sql.raw(`${t}.price desc, ${t}.id desc`),
  rent_asc: (t) => sql.raw(`${hourlyRent(t)} asc, ${t}.id asc`),
  rent_desc: (t) => sql.raw(`${hourlyRent(t)} desc, ${t}.id desc`),
}

function attributeCondition(field: AttributeField, filter: AttributeFilter): SQL {
  const key = field.key
  const path = `attributes.${key}`
  const contains = (value: AttributeValue) => sql`g.attributes @> ${JSON.stringify({ [key]: value })}::jsonb`
  if (field.type === 'number') {
    if (typeof filter !== 'object' || Array.isArray(filter)) {
      throw fieldError(path, `${field.label}的筛选须为范围 {min, max}`)
    }
    const { min, max } = filter
    if (min !== undefined && max !== undefined && min > max)
      throw fieldError(path, `${field.label}的最小值不能大于最大值`)
    const value = sql`(case when jsonb_typeof(g.attributes -> ${key}) = 'number' then (g.attributes -> ${key})::numeric end)`
    const parts: SQL[] = []
    if (min !== undefined) parts.push(sql`${value} >= ${min}`)
    if (max !== undefined) parts.push(sql`${value} <= ${max}`)
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`
  }
  if (typeof filter === 'object' && !Array.isArray(filter)) {
    throw fieldError(path, `${field.label}的筛选须为选项或选项列表`)
  }
  const values = Array.isArray(filter) ? filter : [filter]
  if (values.length === 0) return sql`true`
  if (field.type === 'radio' || field.type === 'checkbox') {
    for (const value of values) {
      if (!field.options.some((o) => o.id === value)) throw fieldError(path, `${field.label}没有选项“${value}”`)
    }
  }
  // A checkbox value is a list of option ids; any one of the wanted options is a match.
  const wrap = (value: string): AttributeValue => (field.type === 'checkbox' ? [value] : value)
  return sql`(${sql.join(
    values.map((v) => contains(wrap(v))),
    sql` or `,
  )})`
}

/**
 * Drops ids whose child is also given: goods carry their whole region path, so the child implies the
 * parent — and the planner, which multiplies the two ids' frequencies, would underestimate the match.
 */
async function mostSpecific(db: Executor, cache: CatalogueCache, regionIds: number[]): Promise<number[]> {
  if (regionIds.length < 2) return regionIds
  const tree = await cache.regionTree(db)
  const implied = new Set(regionIds.map((id) => tree.get(id)?.parentId))
  return regionIds.filter((id) => !implied.has(id))
}

/** `min ≤ amount ≤ max`, either bound optional; a reversed range is refused with the field and message given. */
function amountRange(amount: SQL, min: number | undefined, max: number | undefined, reversed: [string, string]): SQL[] {
  if (min !== undefined && max !== undefined && min > max) throw fieldError(...reversed)
  return [
    ...(min === undefined ? [] : [sql`${amount} >= ${min}`]),
    ...(max === undefined ? [] : [sql`${amount} <= ${max}`]),
  ]
}

interface ListFilters {
  /** Conditions on goods aliased `g`, the keyword's aside. */
  where: SQL[]
  /** The keyword's words of two or more characters, matched by their character pairs. */
  grams: string | null
  /** Nothing but the game (or nothing): the total is a counter. */
  onlyGame: boolean
}

async function listFilters(db: Executor, cache: CatalogueCache, query: GoodsListQuery): Promise<ListFilters> {
  const where: SQL[] = [sql`g.status = 'on_sale'`]
  let onlyGame = true
  if (query.gameId !== undefined) where.push(sql`g.game_id = ${query.gameId}`)
  if (query.regionIds?.length) {
    const regionIds = await mostSpecific(db, cache, query.regionIds)
    where.push(sql`g.region_ids @> ${`{${regionIds.join(',')}}`}::int[]`)
    onlyGame = false
  }
  const attributeEntries = Object.entries(query.attributes ?? {})
  if (attributeEntries.length > 0) {
    if (query.gameId === undefined) throw fieldError('attributes', '按属性筛选时请先选择游戏')
    const template = await cache.latestTemplate(db, query.gameId)
    for (const [key, filter] of attributeEntries) {
      const field = template.fields.find((f) => f.key === key)
      if (!field) throw fieldError(`attributes.${key}`, `属性“${key}”不存在`)
      if (field.type === 'date') throw fieldError(`attributes.${key}`, `${field.label}不支持筛选`)
      where.push(attributeCondition(field, filter))
    }
    onlyGame = false
  }
  const price = amountRange(sql`g.price`, query.priceMin, query.priceMax, ['priceMin', '最低价不能高于最高价'])
  if (query.rentable !== true && (query.rentMin !== undefined || query.rentMax !== undefined)) {
    throw fieldError(query.rentMin !== undefined ? 'rentMin' : 'rentMax', '按租金筛选只用于可租的账号')
  }
  const rent = amountRange(sql.raw(hourlyRent('g')), query.rentMin, query.rentMax, [
    'rentMin',
    '最低租金不能高于最高租金',
  ])
  where.push(...price, ...rent)
  if (price.length + rent.length > 0) onlyGame = false
  const words = (query.keyword ?? '').split(/\s+/).filter(Boolean)
  let grams: string | null = null
  if (words.length > 0) {
    // Every word must appear. Words of two or more characters match by their character pairs (see
    // listGoods); a one-character word has no pair, so LIKE.
    const long = words.filter((word) => [...word].length > 1)
    if (long.length > 0) grams = long.join(' ')
    for (const word of words.filter((w) => [...w].length === 1)) {
      where.push(sql`(g.title || ' ' || g.description) ilike ${containing(word)}`)
    }
    onlyGame = false
  }
  if (query.accountType) where.push(sql`g.account_type = ${query.accountType}`)
  if (query.specialOffer !== undefined) where.push(sql`g.special_offer = ${query.specialOffer}`)
  if (query.rentable !== undefined) where.push(query.rentable ? sql`g.rent is not null` : sql`g.rent is null`)
  if (query.accountType || query.specialOffer !== undefined || query.rentable !== undefined) onlyGame = false
  return { where, grams, onlyGame }
}

export async function goodsPageSize(db: Executor, pageSize: number | undefined): Promise<number> {
  if (pageSize !== undefined) return pageSize
  const [setting] = await rows(db, sql`select value from settings where key = 'pageSizes'`)
  const size = (setting?.value as { goods?: { default?: number } } | undefined)?.goods?.default
  return Number.isInteger(size) && size! > 0 && size! <= 200 ? size! : DEFAULT_GOODS_PAGE_SIZE
}

export async function listGoods(
  db: Executor,
  cache: CatalogueCache,
  query: Omit<GoodsListQuery, 'pageNum' | 'pageSize'> & { pageNum?: number; pageSize?: number },
): Promise<{ rows: GoodsCard[]; total: number }> {
  const sortKey = query.sort ?? 'default'
  if (sortKey.startsWith('rent_') && query.rentable !== true) throw fieldError('sort', '按租金排序只用于可租的账号')
  const pageNum = query.pageNum ?? 1
  const pageSize = await goodsPageSize(db, query.pageSize)
  const { where, grams, onlyGame } = await listFilters(db, cache, { ...query, pageNum, pageSize })
  const order = ORDER[sortKey]
  const offset = (pageNum - 1) * pageSize

  // The page's ids first (with the sort keys, all in the list indexes), then their rows.
  const page = (condition: SQL) => sql`select ${CARD_COLUMNS}, gm.name as game_name
    from (select g.id, g.listed_at, g.price from goods g where ${condition}
          order by ${order('g')} limit ${pageSize} offset ${offset}) k
    join goods g on g.id = k.id
    ${cardJoins('g')}`
  const pageRows = (condition: SQL) => rows(db, sql`select p.* from (${page(condition)}) p order by ${order('p')}`)

  let found: Row[]
  let total: number
  if (onlyGame) {
    // The total is a counter: joined to the page (a one-row table the page is left-joined to, so a page past
    // the end still carries it) it costs no second statement. Sending a statement — a loopback write that
    // wakes a database backend — was a quarter of the server's busy time on this list at 16 concurrent
    // requests when the total went separately (bench/RESULTS.md).
    const counter =
      query.gameId === undefined
        ? sql`select coalesce(sum(on_sale_count), 0) as n from games`
        : sql`select coalesce(sum(on_sale_count), 0) as n from games where id = ${query.gameId}`
    const joined = await rows(
      db,
      sql`select t.n as list_total, p.* from (${counter}) t left join lateral (${page(sql.join(where, sql` and `))}) p on true order by ${order('p')}`,
    )
    total = int(joined[0]?.list_total ?? 0)
    found = joined.filter((r) => r.id !== null)
  } else {
    // Through the (game, character pairs) index the keyword's matches come as an unordered set, to be
    // fetched and sorted whole; the planner cannot tell how many there are (it multiplies the game's and
    // the pairs' frequencies, and many words belong to one game). The capped count can: a common keyword
    // (LIST_TOTAL_CAP or more) is written as a plain function call the index cannot serve, so the page walks
    // the sort's index and stops at the page — 81 → 2 ms at 1M for a word in 18 000 listings of a game.
    const gin = grams === null ? [] : [sql`g.search_grams @> goods_search_grams(${grams})`]
    const counted = sql.join([...where, ...gin], sql` and `)
    const { pageNum: _n, pageSize: _s, sort: _o, ...filters } = query
    const key = JSON.stringify(filters)
    const count = () => cappedCount(db, counted)
    if (grams === null) {
      // Without a keyword the plan does not depend on the total: a count still to make runs beside the page,
      // on a second connection, so the list waits for the slower of the two rather than for both.
      ;[found, total] = await Promise.all([pageRows(counted), cache.totals.get(key, count)])
    } else {
      total = await cache.totals.get(key, count)
      const walk = sql`arraycontains(g.search_grams, goods_search_grams(${grams}))`
      found = await pageRows(total >= LIST_TOTAL_CAP ? sql.join([...where, walk], sql` and `) : counted)
    }
  }
  const cards = (await toCards(db, cache, found)).map(stripRow)
  return { rows: cards, total }
}

/** Checks a saved search's filters as the list would (attributes of the game's template, a price range). */
export async function checkSearch(db: Executor, cache: CatalogueCache, filters: SearchFilters): Promise<void> {
  await listFilters(db, cache, { ...filters, pageNum: 1, pageSize: 1 })
}

/**
 * 搜索订阅: the newest `limit` listings matching `filters` put on sale after `since`, and how many there are
 * (up to LIST_TOTAL_CAP). The list's own conditions plus a bound on `listed_at`, walked in the order of the
 * list's (game, listed_at) indexes — bench/RESULTS.md has the plans at 1M listings.
 */
export async function listedSince(
  db: Executor,
  cache: CatalogueCache,
  filters: SearchFilters,
  since: Date,
  limit: number,
): Promise<{ cards: GoodsCard[]; count: number }> {
  const { where, grams } = await listFilters(db, cache, { ...filters, pageNum: 1, pageSize: limit })
  const condition = sql.join(
    [
      ...where,
      sql`g.listed_at > ${since}`,
      ...(grams === null ? [] : [sql`g.search_grams @> goods_search_grams(${grams})`]),
    ],
    sql` and `,
  )
  const [found, count] = await Promise.all([
    rows(
      db,
      sql`select p.* from (select ${CARD_COLUMNS}, gm.name as game_name
            from (select g.id from goods g where ${condition} order by ${ORDER.time_desc('g')} limit ${limit}) k
            join goods g on g.id = k.id
            ${cardJoins('g')}) p
          order by p.listed_at desc, p.id desc`,
    ),
    cappedCount(db, condition),
  ])
  return { cards: (await toCards(db, cache, found)).map(stripRow), count }
}

// ── one goods ───────────────────────────────────────────────────────────────────────────────────

/**
 * One statement: counts the view, records the signed-in caller's history, and reads the goods with
 * its game, region names and the caller's favourite flag. Listings not (or no longer) public are 404.
 */
export async function goodsDetail(
  db: Executor,
  cache: CatalogueCache,
  id: number,
  userId: number | null,
): Promise<GoodsDetail> {
  const browse =
    userId === null
      ? sql``
      : sql`, browsed as (
          insert into browses (user_id, goods_id, viewed_at) select ${userId}, id, now() from viewed
          on conflict (user_id, goods_id) do update set viewed_at = excluded.viewed_at
        )`
  const found = await rows(
    db,
    sql`with viewed as (
          update goods g set views = g.views + 1 where g.id = ${id} and ${visibleIn('g.')}
          returning ${CARD_COLUMNS}, g.description, g.images, g.sold_at
        )${browse}
        select p.*, gm.name as game_name,
          ${
            userId === null
              ? sql`false`
              : sql`exists (select 1 from favourites f where f.user_id = ${userId} and f.goods_id = p.id)`
          } as collected
        from viewed p ${CARD_JOINS}`,
  )
  if (found.length === 0) throw new AppError(404, GOODS_NOT_FOUND)
  const [card] = await toCards(db, cache, found)
  const r = card.row
  const attributes = (r.attributes ?? {}) as Record<string, AttributeValue>
  const version = int(r.template_version)
  const fields = (await cache.fields(db, [{ gameId: card.gameId, version }])).get(`${card.gameId}:${version}`) ?? []
  return {
    ...stripRow(card),
    description: String(r.description),
    images: r.images as string[],
    attributes,
    attributeRows: attributeRows(fields, attributes),
    templateVersion: version,
    createdAt: iso(r.created_at),
    soldAt: r.sold_at ? iso(r.sold_at) : null,
    collected: Boolean(r.collected),
  }
}

/** Up to 8 on-sale goods of the same game, nearest in price first. */
export async function recommend(db: Executor, cache: CatalogueCache, id: number): Promise<GoodsCard[]> {
  const [target] = await rows(db, sql`select game_id, price from goods where id = ${id} and ${visibleIn('')}`)
  if (!target) throw new AppError(404, GOODS_NOT_FOUND)
  const gameId = int(target.game_id)
  const price = int(target.price)
  const found = await rows(
    db,
    sql`select p.*, gm.name as game_name
        from (
          (select ${CARD_COLUMNS} from goods g
           where g.status = 'on_sale' and g.game_id = ${gameId} and g.price >= ${price} and g.id <> ${id}
           order by g.price, g.id limit ${RECOMMEND_LIMIT})
          union all
          (select ${CARD_COLUMNS} from goods g
           where g.status = 'on_sale' and g.game_id = ${gameId} and g.price < ${price}
           order by g.price desc, g.id desc limit ${RECOMMEND_LIMIT})
        ) p
        ${CARD_JOINS}
        order by abs(p.price - ${price}), p.id
        limit ${RECOMMEND_LIMIT}`,
  )
  return (await toCards(db, cache, found)).map(stripRow)
}

export async function recentDeals(
  db: Executor,
  cache: CatalogueCache,
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: RecentDeal[]; total: number }> {
  const offset = (paging.pageNum - 1) * paging.pageSize
  const [page, [count]] = await Promise.all([
    rows(
      db,
      sql`select p.*, gm.name as game_name
          from (select ${CARD_COLUMNS}, g.sold_at from goods g where g.status = 'sold' and g.kind = 'listing'
                order by g.sold_at desc nulls last, g.id desc nulls last limit ${paging.pageSize} offset ${offset}) p
          ${CARD_JOINS}
          order by p.sold_at desc nulls last, p.id desc nulls last`,
    ),
    rows<{ n: string }>(db, sql`select coalesce(sum(sold_count), 0) as n from games`),
  ])
  const cards = await toCards(db, cache, page)
  return { rows: cards.map((c) => ({ ...stripRow(c), soldAt: iso(c.row.sold_at) })), total: int(count?.n ?? 0) }
}

/**
 * Who has a 卖家主页: a person who has listed at least once. Any other account — a buyer, a staff member — is
 * 卖家不存在, so a walk along the ids does not read out everyone's nickname and join date.
 */
export const hasListed = (sellerId: number): SQL => sql`exists (select 1 from goods where seller_id = ${sellerId})`

/**
 * 卖家主页's listings: what a seller has on sale, newest first, read along the seller index; the total is capped
 * as a filtered list's is. An id that has never listed is 卖家不存在, as for the seller's card.
 */
export async function sellerGoods(
  db: Executor,
  cache: CatalogueCache,
  sellerId: number,
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: GoodsCard[]; total: number }> {
  const offset = (paging.pageNum - 1) * paging.pageSize
  const onSale = sql`g.seller_id = ${sellerId} and g.status = 'on_sale'`
  const [[listed], page, total] = await Promise.all([
    rows(db, sql`select 1 where ${hasListed(sellerId)}`),
    rows(
      db,
      sql`select p.*, gm.name as game_name
          from (select ${CARD_COLUMNS} from goods g where ${onSale}
                order by g.created_at desc, g.id desc limit ${paging.pageSize} offset ${offset}) p
          ${CARD_JOINS}
          order by p.created_at desc, p.id desc`,
    ),
    cappedCount(db, onSale),
  ])
  if (!listed) throw new AppError(404, '卖家不存在')
  return { rows: (await toCards(db, cache, page)).map(stripRow), total }
}

/** "Yesterday" is the calendar day in China (UTC+8, no daylight saving). */
export async function siteStats(db: Executor, now = new Date()): Promise<SiteStats> {
  const chinaMidnight = new Date(now.getTime() + 8 * 3_600_000)
  chinaMidnight.setUTCHours(0, 0, 0, 0)
  const todayStart = new Date(chinaMidnight.getTime() - 8 * 3_600_000)
  const yesterdayStart = new Date(todayStart.getTime() - 86_400_000)
  const [totals, [yesterday]] = await Promise.all([
    rows(db, sql`select coalesce(sum(on_sale_count), 0) as on_sale, coalesce(sum(sold_count), 0) as sold from games`),
    rows(
      db,
      sql`select count(*) as n from goods
          where status = 'sold' and kind = 'listing' and sold_at >= ${yesterdayStart.toISOString()}::timestamptz
            and sold_at < ${todayStart.toISOString()}::timestamptz`,
    ),
  ])
  return {
    onSale: int(totals[0]?.on_sale ?? 0),
    soldYesterday: int(yesterday?.n ?? 0),
    soldTotal: int(totals[0]?.sold ?? 0),
  }
}

// ── favourites and history ──────────────────────────────────────────────────────────────────────

/** Idempotent: a second add changes nothing; the goods' favourite count moves only with the row. */
export async function collect(db: Executor, userId: number, goodsId: number): Promise<void> {
  const [goodsRow] = await rows(db, sql`select 1 from goods where id = ${goodsId} and ${visibleIn('')}`)
  if (!goodsRow) throw new AppError(404, GOODS_NOT_FOUND)
  await db.execute(
    sql`with added as (
          insert into favourites (user_id, goods_id, price_seen)
          select ${userId}, id, price from goods where id = ${goodsId}
          on conflict do nothing returning goods_id
        )
        update goods set favourites = favourites + 1 where id in (select goods_id from added)`,
  )
}

export async function uncollect(db: Executor, userId: number, goodsId: number): Promise<void> {
  await db.execute(
    sql`with removed as (
          delete from favourites where user_id = ${userId} and goods_id = ${goodsId} returning goods_id
        )
        update goods set favourites = greatest(favourites - 1, 0) where id in (select goods_id from removed)`,
  )
}

async function myGoodsPage<T extends 'favourites' | 'browses'>(
  db: Executor,
  cache: CatalogueCache,
  table: T,
  userId: number,
  paging: { pageNum: number; pageSize: number },
) {
  const at = sql.raw(table === 'favourites' ? 'created_at' : 'viewed_at')
  const seen = sql.raw(table === 'favourites' ? 'm.price_seen' : 'null::integer')
  const from = sql.raw(table)
  const offset = (paging.pageNum - 1) * paging.pageSize
  const [page, [count]] = await Promise.all([
    rows(
      db,
      sql`select p.*, gm.name as game_name
          from (select ${CARD_COLUMNS}, m.${at} as at, ${seen} as price_seen
                from ${from} m join goods g on g.id = m.goods_id
                where m.user_id = ${userId} and ${visibleIn('g.')}
                order by m.${at} desc, m.goods_id desc limit ${paging.pageSize} offset ${offset}) p
          ${CARD_JOINS}
          order by p.at desc, p.id desc`,
    ),
    rows<{ n: string }>(
      db,
      sql`select count(*) as n from ${from} m join goods g on g.id = m.goods_id
          where m.user_id = ${userId} and ${visibleIn('g.')}`,
    ),
  ])
  return { cards: await toCards(db, cache, page), total: int(count?.n ?? 0) }
}

export async function favouritesPage(
  db: Executor,
  cache: CatalogueCache,
  userId: number,
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: FavouriteRow[]; total: number }> {
  const { cards, total } = await myGoodsPage(db, cache, 'favourites', userId, paging)
  return {
    rows: cards.map((c) => {
      const seen = int(c.row.price_seen)
      return { ...stripRow(c), collectedAt: iso(c.row.at), droppedFrom: seen > c.price ? seen : null }
    }),
    total,
  }
}

export async function browsePage(
  db: Executor,
  cache: CatalogueCache,
  userId: number,
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: BrowseRow[]; total: number }> {
  const { cards, total } = await myGoodsPage(db, cache, 'browses', userId, paging)
  return { rows: cards.map((c) => ({ ...stripRow(c), viewedAt: iso(c.row.at) })), total }
}

/**
 * Consigned listings in every status but draft (and no ticket's account) — one seller's, or all sellers' for staff — as cards carrying
 * their goods row; the consignment module adds what only the seller and staff see. Newest first, or oldest
 * first for a review queue.
 */
export async function listingPage(
  db: Executor,
  cache: CatalogueCache,
  query: {
    sellerId?: number
    status?: GoodsStatus
    id?: number
    oldestFirst?: boolean
    pageNum: number
    pageSize: number
  },
) {
  const where = sql.join(
    [
      query.sellerId === undefined ? sql`g.seller_id is not null` : sql`g.seller_id = ${query.sellerId}`,
      // A recycling request's account (draft, off the market) is listed with the request, not here; a 中介担保
      // ticket's account with its ticket.
      query.status ? sql`g.status = ${query.status}` : query.id ? sql`true` : sql`g.status <> 'draft'`,
      ...(query.id ? [] : [sql`g.kind = 'listing'`]),
      ...(query.id ? [sql`g.id = ${query.id}`] : []),
    ],
    sql` and `,
  )
  const order = (alias: 'g' | 'p') =>
    sql.raw(
      query.oldestFirst ? `${alias}.created_at asc, ${alias}.id asc` : `${alias}.created_at desc, ${alias}.id desc`,
    )
  const offset = (query.pageNum - 1) * query.pageSize
  const [page, [count]] = await Promise.all([
    rows(
      db,
      sql`select p.*, gm.name as game_name
          from (select ${CARD_COLUMNS} from goods g where ${where}
                order by ${order('g')} limit ${query.pageSize} offset ${offset}) p
          ${CARD_JOINS}
          order by ${order('p')}`,
    ),
    rows<{ n: string }>(db, sql`select count(*) as n from goods g where ${where}`),
  ])
  return { cards: await toCards(db, cache, page), total: int(count?.n ?? 0) }
}
