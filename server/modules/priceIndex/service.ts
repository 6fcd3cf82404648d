/**
 * The sold-price index: an account is priced by the deals this marketplace has closed on accounts like it.
 * Every sale of the same game in the last 180 days is scored by how alike it is — the template's
 * searchable fields, field by field, and the region; the (at most 20) most alike of those alike enough are
 * the comparables, weighed by likeness and recency, and the estimate is their weighted 25th–75th percentile
 * with the weighted median as the point. The constants were tuned on the demo history held out
 * (bench/appraisal): the true price falls inside the range about half the time, as a quartile range should.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import type { AttributeField, AttributeValue } from '../../../src/contract/catalogue'
import { DAY_MS, MIN_COMPARABLES, PRICE_INDEX_DAYS, SHOWN_COMPARABLES } from '../../../src/contract/constants'
import type { Comparable, Estimate, FairPrice } from '../../../src/contract/priceIndex'
import type { Executor } from '../../db'
import { goods } from '../../db/schema'
import { AppError } from '../../lib/envelope'
import { TtlCache } from '../../lib/ttlCache'
import { latestTemplate } from '../catalogue/service'

/** The most recent sales of a game read per estimate: beyond a few thousand, older deals add nothing. */
const MAX_SALES = 3_000
/** A deal half as old as this weighs half as much. */
const HALF_LIFE_DAYS = 60
/** How fast a number's similarity falls, in units of the field's spread among the sales (its IQR). */
const NUMBER_REACH = 0.5
/** How sharply weight falls with dissimilarity (weight = e^(−SHARPNESS · (1 − similarity))). */
const SHARPNESS = 12
/** A sale less alike than this (attributes × region) is no comparable at all. */
const COMPARABLE_SIMILARITY = 0.5
/** The most alike sales an estimate reads: more only widens the range with less relevant deals. */
const MAX_COMPARABLES = 20
/** Region factor: the same region path; the same top level (system or area); another. */
const REGION_FACTORS = [1, 0.85, 0.7] as const

/** What is being priced: an account described as the selling form describes it. */
export interface Subject {
  regionIds: number[]
  attributes: Record<string, AttributeValue>
}

export interface Sale extends Subject {
  id: number
  title: string
  cover: string
  price: number
  soldAt: Date
}

export interface PriceIndexAnswer {
  estimate: Estimate | null
  comparableCount: number
  comparables: Comparable[]
}

/** The game's sales of the last 180 days, the latest first (the partial index goods_sold_game_idx). */
export async function salesOf(db: Executor, gameId: number, now: Date): Promise<Sale[]> {
  const rows = await db
    .select({
      id: goods.id,
      title: goods.title,
      thumbImage: goods.thumbImage,
      coverImage: goods.coverImage,
      price: goods.price,
      soldAt: goods.soldAt,
      regionIds: goods.regionIds,
      attributes: goods.attributes,
    })
    .from(goods)
    .where(
      and(
        eq(goods.status, 'sold'),
        // A 中介担保 deal's price was agreed elsewhere and is nobody else's to see.
        eq(goods.kind, 'listing'),
        eq(goods.gameId, gameId),
        gte(goods.soldAt, new Date(now.getTime() - PRICE_INDEX_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(goods.soldAt), desc(goods.id))
    .limit(MAX_SALES)
  return rows.map(({ thumbImage, coverImage, ...row }) => ({
    ...row,
    cover: thumbImage || coverImage,
    soldAt: row.soldAt!,
  }))
}

/** The fields an estimate compares: the template's searchable ones that hold a number or options. */
export const comparedFields = (fields: AttributeField[]) =>
  fields.filter((f) => f.searchable && (f.type === 'number' || f.type === 'radio' || f.type === 'checkbox'))

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low)
}

/** Each number field's spread among the sales (the interquartile range, at least 1). */
function spreads(fields: AttributeField[], sales: Sale[]): Map<string, number> {
  const result = new Map<string, number>()
  for (const field of fields.filter((f) => f.type === 'number')) {
    const values = sales
      .map((s) => Number(s.attributes[field.key]))
      .filter(Number.isFinite)
      .sort((a, b) => a - b)
    result.set(field.key, values.length ? Math.max(1, quantile(values, 0.75) - quantile(values, 0.25)) : 1)
  }
  return result
}

/** How alike one value is to another, 0 … 1; undefined when either is missing. */
function fieldSimilarity(field: AttributeField, spread: number, a: AttributeValue, b: AttributeValue) {
  if (a === undefined || b === undefined) return undefined
  if (field.type === 'number') {
    const [x, y] = [Number(a), Number(b)]
    if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined
    return Math.exp(-Math.abs(x - y) / (NUMBER_REACH * spread))
  }
  if (field.type === 'radio') {
    // Options are ordered as the game orders them (段位, 贵族等级 …): nearer options are more alike.
    const [i, j] = [field.options.findIndex((o) => o.id === a), field.options.findIndex((o) => o.id === b)]
    if (i < 0 || j < 0) return undefined
    return field.options.length < 2 ? 1 : 1 - Math.abs(i - j) / (field.options.length - 1)
  }
  const [x, y] = [new Set([a].flat().map(String)), new Set([b].flat().map(String))]
  const union = new Set([...x, ...y]).size
  return union === 0 ? 1 : [...x].filter((id) => y.has(id)).length / union
}

function regionFactor(a: number[], b: number[]): number {
  if (a.length === 0 || b.length === 0) return REGION_FACTORS[1]
  if (a.length === b.length && a.every((id, i) => id === b[i])) return REGION_FACTORS[0]
  return a[0] === b[0] ? REGION_FACTORS[1] : REGION_FACTORS[2]
}

/** Weighted quantile: the first price whose cumulative weight reaches q of the whole. */
function weightedQuantile(points: { price: number; weight: number }[], q: number): number {
  const total = points.reduce((sum, p) => sum + p.weight, 0)
  let cumulative = 0
  for (const point of points) {
    cumulative += point.weight
    if (cumulative >= q * total) return point.price
  }
  return points[points.length - 1].price
}

/** Prices the subject against the sales (pure: the caller reads the sales and the template). */
export function estimate(
  templateFields: AttributeField[],
  subject: Subject,
  sales: Sale[],
  now: Date,
): PriceIndexAnswer {
  const fields = comparedFields(templateFields)
  const spread = spreads(fields, sales)
  const scored = sales.flatMap((sale) => {
    const sims = fields
      .map((f) => fieldSimilarity(f, spread.get(f.key) ?? 1, subject.attributes[f.key], sale.attributes[f.key]))
      .filter((s): s is number => s !== undefined)
    const attributes = sims.length ? sims.reduce((sum, s) => sum + s, 0) / sims.length : 0.5
    const similarity = attributes * regionFactor(subject.regionIds, sale.regionIds)
    if (similarity < COMPARABLE_SIMILARITY) return []
    const age = Math.max(0, now.getTime() - sale.soldAt.getTime()) / DAY_MS
    const weight = Math.exp(-SHARPNESS * (1 - similarity)) * Math.pow(0.5, age / HALF_LIFE_DAYS)
    return [{ sale, similarity, weight, price: sale.price }]
  })
  const nearest = scored.sort((a, b) => b.similarity - a.similarity).slice(0, MAX_COMPARABLES)
  const comparables = [...nearest]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, SHOWN_COMPARABLES)
    .map(({ sale, similarity }) => ({
      id: sale.id,
      cover: sale.cover,
      title: sale.title,
      price: sale.price,
      soldAt: sale.soldAt.toISOString(),
      similarity: Math.round(similarity * 100),
    }))
  if (nearest.length < MIN_COMPARABLES) return { estimate: null, comparableCount: nearest.length, comparables }
  const byPrice = nearest.sort((a, b) => a.price - b.price)
  const [min, point, max] = [0.25, 0.5, 0.75].map((q) => Math.round(weightedQuantile(byPrice, q)))
  return { estimate: { min, max, point }, comparableCount: byPrice.length, comparables }
}

/** A game's deals move slowly: goodDetail's fair-price band reads them at most once per ten minutes. */
const SALES_TTL_MS = 10 * 60_000

/** The fair-price band of public listings, over a cache of each game's recent sales. */
export class FairPrices {
  private readonly sales = new TtlCache<Sale[]>(SALES_TTL_MS, 256)

  constructor(private readonly db: Executor) {}

  /** GET /web/good/{id}/fairPrice: where the listing's price sits against comparable deals (itself left out). */
  async of(id: number): Promise<FairPrice> {
    const [listing] = await this.db
      .select({
        gameId: goods.gameId,
        price: goods.price,
        regionIds: goods.regionIds,
        attributes: goods.attributes,
      })
      .from(goods)
      .where(and(eq(goods.id, id), eq(goods.kind, 'listing'), inArray(goods.status, ['on_sale', 'in_trade', 'sold'])))
    if (!listing) throw new AppError(404, '商品不存在')
    const now = new Date()
    const [template, sales] = await Promise.all([
      latestTemplate(this.db, listing.gameId),
      this.sales.get(String(listing.gameId), () => salesOf(this.db, listing.gameId, now)),
    ])
    const answer = estimate(
      template.fields,
      listing,
      sales.filter((sale) => sale.id !== id),
      now,
    )
    const band = answer.estimate
    return {
      band,
      position: band && (listing.price < band.min ? 'low' : listing.price > band.max ? 'high' : 'fair'),
      comparableCount: answer.comparableCount,
      comparables: answer.comparables,
    }
  }
}
