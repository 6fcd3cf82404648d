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
