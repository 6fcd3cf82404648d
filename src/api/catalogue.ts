import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import type {
  AttributeTemplate,
  BrowseRow,
  FavouriteRow,
  Game,
  GameListQuery,
  GoodsCard,
  GoodsDetail,
  GoodsListQuery,
  GoodsTypeOption,
  KeyListQuery,
  RecentDeal,
  RegionNode,
  SavedSearch,
  SavedSearches,
  SavedSearchRequest,
  SiteStats,
} from '@/contract/catalogue'
import { del, get, post, put } from './request'

/**
 * The catalogue calls of API.md: games, region trees, templates, goods, deals, stats, favourites, history, saved
 * searches.
 */

export const listGames = (query: GameListQuery = {}) => get<ApiResult<Game[]>>('/web/game/list', { ...query })

/** One level of a game's region tree (system / carrier / area), or the goods-type options. */
export const listKeys = (query: KeyListQuery) => get<ApiResult<RegionNode[]>>('/web/keylist', { ...query })

export const listGoodsTypes = (gameId: number) =>
  get<ApiResult<GoodsTypeOption[]>>('/web/keylist', { gameId, systemKey: 'goodstype' })

/** The servers of one area. */
export const listDistrictSuit = (parentId: number) => get<ApiResult<RegionNode[]>>('/web/districtSuit', { parentId })

export const listOperators = (gameId: number) => get<ApiResult<RegionNode[]>>('/need/operator/list', { gameId })

export const listAreas = (gameId: number, parentId?: number) =>
  get<ApiResult<RegionNode[]>>('/need/area/list', { gameId, parentId })

export const listServers = (parentId: number) => get<ApiResult<RegionNode[]>>('/need/server/list', { parentId })

export const fetchTemplate = (gameId: number) => get<ApiResult<AttributeTemplate>>('/web/gameTempAttr', { gameId })

export const listGoods = (query: GoodsListQuery) => post<ApiTable<GoodsCard>>('/web/good/allList', query)

/** Signed-in callers have the view recorded in their browsing history. */
export const fetchGoods = (id: number) => get<ApiResult<GoodsDetail>>(`/web/good/${id}`)

export const fetchRecommendations = (id: number) => get<ApiResult<GoodsCard[]>>(`/web/recommend/${id}`)

export const listRecentDeals = (page: PageQuery) => get<ApiTable<RecentDeal>>('/web/recentlydeal', { ...page })

export const listSellerGoods = (sellerId: number, page: PageQuery) =>
  get<ApiTable<GoodsCard>>(`/web/seller/${sellerId}/goods`, { ...page })

export const fetchStats = () => get<ApiResult<SiteStats>>('/web/stats')

export const collectGoods = (goodsId: number) => post<ApiResult<null>>('/web/goods/collect', { goodsId })

export const uncollectGoods = (goodsId: number) => post<ApiResult<null>>('/web/goods/collect/remove', { goodsId })

export const listFavourites = (page: PageQuery) => get<ApiTable<FavouriteRow>>('/web/goods/collect/list', { ...page })

export const listBrowseHistory = (page: PageQuery) => get<ApiTable<BrowseRow>>('/need/myBrowse', { ...page })

/** 搜索订阅: the user's saved searches and their switch; saving the list's filters; one search; removing one. */
export const listSavedSearches = () => get<ApiResult<SavedSearches>>('/need/savedSearches')

export const saveSearch = (body: SavedSearchRequest) => post<ApiResult<SavedSearch>>('/need/savedSearches', body)

export const fetchSavedSearch = (id: number) => get<ApiResult<SavedSearch>>(`/need/savedSearches/${id}`)

export const deleteSavedSearch = (id: number) => del<ApiResult<null>>(`/need/savedSearches/${id}`)

export const setSearchAlerts = (on: boolean) => put<ApiResult<null>>('/need/savedSearches/alerts', { on })
