/**
 * The fixed mix, built from the seeded data through the public API (as the client would find it): on-sale
 * ids from price-ordered list pages of random games, then real listings' game, region path, attribute
 * values, price and title words as the filters. Deterministic for a given database (seeded generator).
 */
import { Pool as HttpPool } from 'undici'
import type { HttpCall } from '../lib/wrk'
import type {
  AttributeTemplate,
  AttributeValue,
  Game,
  GoodsCard,
  GoodsDetail,
  GoodsListQuery,
} from '../../src/contract/catalogue'

/** What the list route accepts: the query with paging optional. */
export type ListBody = Omit<GoodsListQuery, 'pageNum' | 'pageSize'> & { pageNum?: number; pageSize?: number }

/** One request of the mix, as HTTP and as the service call behind it (for the raw-SQL floor). */
export type Call = { kind: 'list'; body: ListBody } | { kind: 'detail'; id: number }

export interface Workload {
  name: string
  /** What the row of the table says. */
  label: string
  list: boolean
  calls: Call[]
  /** Set when the calls ask past the last page of every game they name (page 50 of a small catalogue). */
  pastTheEnd?: boolean
}

export const WORKLOADS: { name: string; label: string }[] = [
  { name: 'game', label: 'list: game' },
  { name: 'region', label: 'list: game + region' },
  { name: 'filtered', label: 'list: game + 2 attrs + price, by price' },
  { name: 'keyword', label: 'list: game + keyword' },
  { name: 'page50', label: 'list: game, page 50' },
  { name: 'detail', label: 'detail (random on-sale id)' },
]

/** mulberry32: a small seeded generator, so a rerun on the same data asks the same questions. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function httpRequest(call: Call): HttpCall {
  return call.kind === 'detail'
    ? { method: 'GET', path: `/api/web/good/${call.id}` }
    : { method: 'POST', path: '/api/web/good/allList', body: JSON.stringify(call.body) }
}

export async function buildWorkloads(
  origin: string,
  options: { perKind: number; detailIds: number },
): Promise<Workload[]> {
  const http = new HttpPool(origin, { connections: 4 })
  const api = async <T>(path: string, body?: object): Promise<T> => {
    const response = await http.request({
      method: body ? 'POST' : 'GET',
      path,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    })
    const json = (await response.body.json()) as { code: number; msg: string; data?: T; rows?: T }
    if (json.code !== 200) throw new Error(`${path} ${JSON.stringify(body ?? '')}: ${json.code} ${json.msg}`)
    return (json.data ?? json.rows) as T
  }
  try {
    const rand = random(20_260_401)
    const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)]
    const games = (await api<Game[]>('/api/web/game/list')).filter((g) => g.onSaleCount > 0)
    if (games.length === 0) throw new Error('no game has goods on sale')

    // On-sale ids all over the catalogue: a random game's listings from a random price up (¥30–¥30,000).
    const ids = new Set<number>()
    for (let tries = 0; ids.size < options.detailIds && tries < options.detailIds; tries++) {
      const rows = await api<GoodsCard[]>('/api/web/good/allList', {
        gameId: pick(games).id,
        priceMin: Math.round(3000 * 1000 ** rand()),
        sort: 'price_asc',
        pageSize: 50,
      })
      for (const row of rows) ids.add(row.id)
    }
    const detailIds = [...ids]
    for (let i = detailIds.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1))
      ;[detailIds[i], detailIds[j]] = [detailIds[j], detailIds[i]]
    }

    const templates = new Map<number, AttributeTemplate>()
    const template = async (gameId: number) => {
      if (!templates.has(gameId)) templates.set(gameId, await api(`/api/web/gameTempAttr?gameId=${gameId}`))
      return templates.get(gameId)!
    }
    const samples: GoodsDetail[] = []
    for (const id of detailIds.slice(0, options.perKind)) samples.push(await api(`/api/web/good/${id}`))

    const region: ListBody[] = []
    const filtered: ListBody[] = []
    const keyword: ListBody[] = []
    for (const [i, goods] of samples.entries()) {
      region.push({ gameId: goods.gameId, regionIds: goods.regionIds, pageNum: 1, pageSize: 20 })

      // The first choice and the first number of the template that this listing has, around its values.
      const fields = (await template(goods.gameId)).fields.filter((f) => f.searchable)
      const value = (key: string): AttributeValue | undefined => goods.attributes[key]
      const choice = fields.find((f) => f.type === 'radio' && typeof value(f.key) === 'string')
      const amount = fields.find((f) => f.type === 'number' && typeof value(f.key) === 'number')
      const attributes: NonNullable<ListBody['attributes']> = {}
      if (choice) attributes[choice.key] = String(value(choice.key))
      if (amount) {
        const v = Number(value(amount.key))
        attributes[amount.key] = { min: Math.floor(v * 0.75), max: Math.ceil(v * 1.5) }
      }
      filtered.push({
        gameId: goods.gameId,
        attributes,
        priceMin: Math.floor(goods.price / 2),
        priceMax: goods.price * 2,
        sort: i % 2 ? 'price_desc' : 'price_asc',
        pageNum: 1,
        pageSize: 20,
      })

      // Two characters of the title's closing phrase ("荣耀战令满级" → "战令"), as someone would type them.
      const words = goods.title
        .replace(/【[^】]*】/, '')
        .split(/\s+/)
        .filter(Boolean)
      const han = [...(words.at(-1) ?? '')].filter((c) => /\p{Script=Han}/u.test(c))
      const start = Math.floor(rand() * Math.max(1, han.length - 1))
      const word = han.length >= 2 ? han.slice(start, start + 2).join('') : goods.gameName.slice(0, 2)
      keyword.push({ gameId: goods.gameId, keyword: word, pageNum: 1, pageSize: 20 })
    }
    const gameIds = samples.map((s) => s.gameId)
    const list = (bodies: ListBody[]): Call[] => bodies.map((body) => ({ kind: 'list', body }))
    const calls: Record<string, Call[]> = {
      game: list(gameIds.map((gameId) => ({ gameId, pageNum: 1, pageSize: 20 }))),
      region: list(region),
      filtered: list(filtered),
      keyword: list(keyword),
      page50: list(gameIds.map((gameId) => ({ gameId, pageNum: 50, pageSize: 20 }))),
      detail: detailIds.slice(0, options.detailIds).map((id) => ({ kind: 'detail', id })),
    }
    const onSale = new Map(games.map((g) => [g.id, g.onSaleCount]))
    const pastTheEnd = (body: ListBody) =>
      ((body.pageNum ?? 1) - 1) * (body.pageSize ?? 20) >= (onSale.get(body.gameId ?? 0) ?? 0)
    return WORKLOADS.map((w) => ({
      ...w,
      list: w.name !== 'detail',
      calls: calls[w.name],
      pastTheEnd: calls[w.name].every((c) => c.kind === 'list' && pastTheEnd(c.body)),
    }))
  } finally {
    await http.close()
  }
}
