import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm'
import type { SortKey } from '../../src/contract/schemas'

/**
 * The ORDER BY of a staff table's `sort` (`createdAt.desc`, checked by the route's schema): that column,
 * then the row's id the same way so pages never overlap; `fallback` when the table is not sorted.
 */
export function orderByOf<F extends string>(
  sort: SortKey<F> | undefined,
  columns: Record<F, AnyColumn>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback
  const [field, direction] = sort.split('.') as [F, 'asc' | 'desc']
  const by = direction === 'asc' ? asc : desc
  return [by(columns[field]), by(id)]
}
