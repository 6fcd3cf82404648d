/**
 * How well the index prices deals it has not seen: every k-th sale of each game is held out, priced from
 * the sales before it (as an appraisal on that day would have been), and compared with what it sold for.
 * A quartile range should hold the true price about half the time; the point's median absolute percentage
 * error says how far off a single number is. The floor is the naive estimate — the game's median price over
 * the same window, attributes ignored — so the ratio shows what the attributes are worth.
 */
import type { AttributeField } from '../../../src/contract/catalogue'
import { estimate, type Sale } from './service'

export interface HeldOutResult {
  /** Sales held out. */
  tested: number
  /** Of those, how many got an estimate (≥ 5 comparables before they sold). */
  estimated: number
  /** Share of estimated sales whose price fell inside [min, max]. */
  coverage: number
  /** Median |point − price| / price of the estimated sales. */
  mdape: number
  /** The same for the game's median price (the floor). */
  floorMdape: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length === 0
    ? NaN
    : sorted.length % 2
      ? sorted[Math.floor(middle)]
      : (sorted[middle - 1] + sorted[middle]) / 2
}

/** One game's sales (any order) and its template; `every` picks the held-out share (5 → every fifth). */
export function heldOut(games: { fields: AttributeField[]; sales: Sale[] }[], every = 5): HeldOutResult {
  let tested = 0
  let inside = 0
  const errors: number[] = []
  const floorErrors: number[] = []
  for (const { fields, sales } of games) {
    const byTime = [...sales].sort((a, b) => a.soldAt.getTime() - b.soldAt.getTime())
    byTime.forEach((sale, i) => {
      if (i % every !== every - 1) return
      tested++
      // Priced on the day it sold, from what had sold before and was not itself held out.
      const known = byTime.filter((other, j) => j % every !== every - 1 && other.soldAt < sale.soldAt)
      const answer = estimate(fields, sale, known, sale.soldAt)
      if (!answer.estimate) return
      if (answer.estimate.min <= sale.price && sale.price <= answer.estimate.max) inside++
      errors.push(Math.abs(answer.estimate.point - sale.price) / sale.price)
      floorErrors.push(Math.abs(median(known.map((k) => k.price)) - sale.price) / sale.price)
    })
  }
  return {
    tested,
    estimated: errors.length,
    coverage: errors.length ? inside / errors.length : NaN,
    mdape: median(errors),
    floorMdape: median(floorErrors),
  }
}
