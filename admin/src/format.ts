import type { Payout, Settlement } from '@contract/payments'
import dayjs from 'dayjs'

export { formatPrice as yuan } from '@contract/money'

export const dateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—')

/** A payout's tag: on its way, paid, refused, not needed; held while a 包赔 claim on its sale is decided. */
export const PAYOUT_COLORS: Record<Payout['status'] | Settlement['status'], string> = {
  pending: 'processing',
  held: 'warning',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
}

/** A label map as a ProTable `valueEnum`. */
export const valueEnum = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([value, text]) => [value, { text }]))

/** A label map as the options of a select. */
export const selectOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))

/** A setting as the server describes it (GET /admin/settings/schema): the settings form and the audit log read it. */
export interface FieldSchema {
  type: 'integer' | 'boolean' | 'object'
  title?: string
  minimum?: number
  maximum?: number
  /** The stored unit: 分 (fen) or 基点 (basis points); none for counts, days and minutes. */
  description?: string
  properties?: Record<string, FieldSchema>
}

/** How a stored integer is typed and read: fen as yuan, basis points as percent, others as they are. */
const UNITS: Record<string, { suffix: string; scale: number; precision: number }> = {
  分: { suffix: '元', scale: 100, precision: 2 },
  基点: { suffix: '%', scale: 100, precision: 2 },
}
export const unitOf = (field: FieldSchema) => UNITS[field.description ?? ''] ?? { suffix: '', scale: 1, precision: 0 }
