/**
 * The sold-price index: what accounts like this one have actually sold for on this marketplace. Appraisals
 * read it for an estimate; goodDetail for the fair-price band. Money is integer fen.
 */
import { Type, type Static } from 'typebox'
import { Id, literals, Nullable, Time } from './schemas'

/** The weighted 25th–75th percentile of comparable deals, and their weighted median. */
export const Estimate = Type.Object({
  min: Type.Integer(),
  max: Type.Integer(),
  point: Type.Integer(),
})
export type Estimate = Static<typeof Estimate>

/** A sold listing like the one appraised, the most alike first. */
export const Comparable = Type.Object({
  id: Type.Integer(),
  /** The thumbnail. */
  cover: Type.String(),
  title: Type.String(),
  price: Type.Integer(),
  soldAt: Time,
  /** How alike, 0 … 100 (attributes and region). */
  similarity: Type.Integer(),
})
export type Comparable = Static<typeof Comparable>

export const FAIR_POSITIONS = ['low', 'fair', 'high'] as const
/** 低于同类成交 · 价格合理 · 高于同类成交. */
export const FairPosition = literals(FAIR_POSITIONS)
export type FairPosition = Static<typeof FairPosition>

/**
 * GET /web/good/{id}/fairPrice: where an on-sale listing's price sits against comparable deals; the band
 * is null when there are too few of them to say.
 */
export const FairPrice = Type.Object({
  band: Nullable(Estimate),
  position: Nullable(FairPosition),
  comparableCount: Type.Integer(),
  comparables: Type.Array(Comparable),
})
export type FairPrice = Static<typeof FairPrice>

export const FairPriceParams = Type.Object({ id: Id('商品编号') })
