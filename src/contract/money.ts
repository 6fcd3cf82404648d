/**
 * Money as people read and type it, shared by the client and the server (messages): integer fen inside,
 * "¥12,800.00" outside. The gateways' own wire format is the payments module's.
 */

/** The one price formatter (DESIGN.md): integer fen → "¥12,800.00". */
export function formatPrice(fen: number): string {
  const { integer, decimals } = priceParts(fen)
  return `¥${integer}.${decimals}`
}

/** The parts a price tag draws in three sizes: "12,800" and "00" (a minus sign stays on the integer). */
export function priceParts(fen: number): { integer: string; decimals: string } {
  const cents = Math.round(Number.isFinite(fen) ? fen : 0)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const integer = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return { integer: sign + integer, decimals: String(abs % 100).padStart(2, '0') }
}

/** Yuan typed by a user ("88", "88.5") → fen; undefined when empty or not a price. */
export function yuanToFen(text: string): number | undefined {
  const value = text.trim()
  if (!/^\d+(\.\d{0,2})?$/.test(value)) return undefined
  return Math.round(Number(value) * 100)
}

/** Fen → the yuan text an input shows ("88.5"); '' for undefined. */
export function fenToYuan(fen: number | undefined): string {
  if (fen === undefined) return ''
  return String(fen / 100)
}

/** A count with thousands separators: 12345 → "12,345". */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A fee rule as the buyer reads it: "10%，最低 ¥50.00" (no minimum: just the percentage). */
export function rateText(rate: { rateBps: number; min: number }): string {
  const percent = `${rate.rateBps / 100}%`
  return rate.min > 0 ? `${percent}，最低 ${formatPrice(rate.min)}` : percent
}

/** 租号: the rent of `hours`, whole days at the daily price, the hours left at the hourly price but never above a day's. */
export function rentFor(terms: { hourly: number; daily: number }, hours: number): number {
  const days = Math.floor(hours / 24)
  return days * terms.daily + Math.min((hours % 24) * terms.hourly, terms.daily)
}
