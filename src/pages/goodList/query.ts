import { isActiveFilter } from '@/components/AttributeFilter'
import type {
  AccountType,
  AttributeFilter,
  GoodsListQuery,
  GoodsSort,
  RegionNode,
  SavedSearch,
  SearchFilters,
} from '@/contract/catalogue'

export const PAGE_SIZE = 20

/** Everything the visitor can change on goodList. */
export interface ListFilters {
  keyword: string
  /** Chosen region nodes, root first. */
  region: RegionNode[]
  attributes: Record<string, AttributeFilter>
  /** Fen: the sale price, or on the hire list the hourly rent (its 筛选 reads 租金). */
  priceMin?: number
  priceMax?: number
  accountType?: AccountType
  specialOffer: boolean
  sort: GoodsSort
}

const SORTS: GoodsSort[] = ['default', 'price_desc', 'price_asc', 'time_desc', 'time_asc']

const toFen = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : undefined)

/** The filters a page opens with: its query (`searchText`, and `sort`/`priceMin`/`priceMax` from home's links). */
export function initialFilters(params: Record<string, string>): ListFilters {
  return {
    keyword: params.searchText ?? '',
    region: [],
    attributes: {},
    priceMin: toFen(params.priceMin),
    priceMax: toFen(params.priceMax),
    specialOffer: params.specialOffer === '1',
    sort: SORTS.includes(params.sort as GoodsSort) ? (params.sort as GoodsSort) : 'default',
  }
}

/** The allList body for a page of the list; filters that narrow nothing are left out. */
export function buildListQuery(
  base: { gameId?: number; rentable?: boolean },
  filters: ListFilters,
  pageNum: number,
  pageSize = PAGE_SIZE,
): GoodsListQuery {
  const query: GoodsListQuery = { pageNum, pageSize }
  if (base.gameId) query.gameId = base.gameId
  if (base.rentable) query.rentable = true
  const keyword = filters.keyword.trim()
  if (keyword) query.keyword = keyword
  if (filters.region.length) query.regionIds = filters.region.map((n) => n.id)
  const attributes = Object.fromEntries(Object.entries(filters.attributes).filter(([, v]) => isActiveFilter(v)))
  if (Object.keys(attributes).length) query.attributes = attributes
  const [min, max] = base.rentable ? (['rentMin', 'rentMax'] as const) : (['priceMin', 'priceMax'] as const)
  if (filters.priceMin !== undefined) query[min] = filters.priceMin
  if (filters.priceMax !== undefined) query[max] = filters.priceMax
  if (filters.accountType) query.accountType = filters.accountType
  if (filters.specialOffer) query.specialOffer = true
  if (filters.sort !== 'default') query.sort = filters.sort
  return query
}

/** How many filters of the 筛选 sheet are on (its badge). */
export function sheetFilterCount(filters: ListFilters): number {
  return (
    Object.values(filters.attributes).filter(isActiveFilter).length +
    (filters.priceMin !== undefined || filters.priceMax !== undefined ? 1 : 0) +
    (filters.accountType ? 1 : 0) +
    (filters.specialOffer ? 1 : 0)
  )
}

/** What 订阅 saves of the list: its filters, without the sort and the page. */
export function searchFiltersOf(base: { gameId?: number; rentable?: boolean }, filters: ListFilters): SearchFilters {
  const { pageNum: _n, pageSize: _s, sort: _o, ...kept } = buildListQuery(base, filters, 1)
  return kept
}

/** The list opened from a saved search: its filters, newest first (what it tells of is what is new). */
export function filtersOfSearch(search: SavedSearch): ListFilters {
  const { filters } = search
  return {
    keyword: filters.keyword ?? '',
    region: search.regions,
    attributes: filters.attributes ?? {},
    priceMin: filters.rentable ? filters.rentMin : filters.priceMin,
    priceMax: filters.rentable ? filters.rentMax : filters.priceMax,
    accountType: filters.accountType,
    specialOffer: filters.specialOffer ?? false,
    sort: 'time_desc',
  }
}
