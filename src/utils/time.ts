const pad = (n: number) => String(n).padStart(2, '0')

/** ISO-8601 → "YYYY-MM-DD HH:mm" in the viewer's time zone (SCREENS.md); '' for a missing or bad value. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  )
}

/** ISO-8601 → "YYYY-MM-DD". */
export function formatDate(iso: string | null | undefined): string {
  return formatTime(iso).slice(0, 10)
}

/**
 * The server's clock, as this phone can tell it. The countdowns count to moments the server set (an unpaid
 * order's closeAt, a quote's end, a rental's first 15 minutes); a phone whose clock is minutes off would show
 * them minutes early or late — and a buyer could see time left on an order the server has already closed.
 * Every answer's `Date` header says what time it was there (in whole seconds, so half a second is added); an
 * offset within 2 s of none is taken as none, the header's rounding and the trip being about that much.
 */
const NOISE_MS = 2_000

let offsetMs = 0

/** Reads one answer's `Date` header (either case), sent at `sentAt` and received now. */
export function noteServerDate(header: Record<string, unknown> | undefined, sentAt: number): void {
  const value = header?.Date ?? header?.date
  const serverAt = typeof value === 'string' ? Date.parse(value) : NaN
  if (Number.isNaN(serverAt)) return
  const measured = serverAt + 500 - (sentAt + Date.now()) / 2
  offsetMs = Math.abs(measured) < NOISE_MS ? 0 : measured
}

/** Now, by the server's clock. */
export const serverNow = (): number => Date.now() + offsetMs
