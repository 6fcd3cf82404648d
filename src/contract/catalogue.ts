/**
 * Payloads and results of the catalogue calls (API.md, "Catalogue (public)"). Type-only: the client
 * imports it with `import type`. Money is integer fen, ids are integers, times are ISO-8601 strings.
 */

export type GameType = 'mobile' | 'pc'

/** GET /web/game/list → `data: Game[]`. */
export interface Game {
  id: number
  name: string
  /** Pinyin initial, one capital letter A–Z. */
  initial: string
  type: GameType
  /** Image URL (`/uploads/…`), '' when the game has none. */
  icon: string
  hot: boolean
  sort: number
  /** Listings of this game currently on sale. */
  onSaleCount: number
}

export interface GameListQuery {
  type?: GameType
  initial?: string
  /** Part of the name. */
  name?: string
  hot?: boolean
}

/** 区服 tree node: mobile games system → carrier, PC games area → server. */
export type RegionKind = 'system' | 'carrier' | 'area' | 'server'

export interface RegionNode {
  id: number
  gameId: number
  /** null at the root of the tree. */
  parentId: number | null
  kind: RegionKind
  name: string
  sort: number
}

/** GET /web/keylist: `systemKey` picks which level of the tree (or the goods-type options) to list. */
export type SystemKey = 'system' | 'carrier' | 'area' | 'goodstype'

/** `systemKey=goodstype` answers these instead of region nodes. */
export interface GoodsTypeOption {
  value: AccountType
  label: string
}

export interface KeyListQuery {
  gameId: number
  systemKey: SystemKey
  parentId?: number
}

export type AttributeFieldType = 'text' | 'number' | 'radio' | 'checkbox' | 'date'

export interface AttributeOption {
  id: string
  label: string
}

export interface AttributeField {
  /** Key of the value in `Goods.attributes` and in the list's `attributes` filter. */
  key: string
  label: string
  type: AttributeFieldType
  /** For radio and checkbox; [] otherwise. */
  options: AttributeOption[]
  /** Shown after a number ('个', '级'); '' when none. */
  unit: string
  required: boolean
  /** Offered as a filter on goodList. */
  searchable: boolean
  showOnSellForm: boolean
  sort: number
}

/** GET /web/gameTempAttr → `data`. */
export interface AttributeTemplate {
  gameId: number
  version: number
  fields: AttributeField[]
}

/**
 * A value in `Goods.attributes`: text/date → string, number → number, radio → option id,
 * checkbox → option ids.
 */
export type AttributeValue = string | number | string[]

/** Filter on one attribute: radio exact (option id), checkbox any-of (option ids), number range. */
export type AttributeFilter = string | string[] | NumberRange

export interface NumberRange {
  min?: number
  max?: number
}

export type GoodsSort = 'default' | 'price_desc' | 'price_asc' | 'time_desc' | 'time_asc'

export type AccountType = 'self' | 'consign'

export type Guarantee = 'buyer_pays' | 'free' | 'none'

/** Life cycle in DOMAIN.md; the catalogue shows `on_sale`, and `in_trade`/`sold` on the detail page. */
export type GoodsStatus = 'draft' | 'pending_review' | 'on_sale' | 'in_trade' | 'sold' | 'delisted' | 'rejected'

/** The statuses a catalogue card can show (other listings are not public). */
export type PublicGoodsStatus = Extract<GoodsStatus, 'on_sale' | 'in_trade' | 'sold'>

export interface RentTerms {
  /** Fen per hour. */
  hourly: number
  /** Fen per day. */
  daily: number
  /** Fen. */
  deposit: number
}

/**
 * POST /web/good/allList body. Every filter is optional; they combine with AND. The result's `total` is
 * exact when at most the game is filtered; with other filters it counts up to 1000 (1000 = "1000 or more").
 */
export interface GoodsListQuery {
  gameId?: number
  /**
   * Words (split on spaces) that must all appear in the title or description; a word of two or more
   * characters matches by its character pairs, so "典藏 国服" finds "国服…典藏" as well.
   */
  keyword?: string
  /** Each id (any level of the region tree) must be on the goods. */
  regionIds?: number[]
  attributes?: Record<string, AttributeFilter>
  /** Fen, inclusive. */
  priceMin?: number
  /** Fen, inclusive. */
  priceMax?: number
  accountType?: AccountType
  specialOffer?: boolean
  /** true: only goods that can be rented; false: only goods that cannot. */
  rentable?: boolean
  sort?: GoodsSort
  pageNum: number
  /** ≤ 200. */
  pageSize: number
}

/** One card of a goods list (rows of allList, recommendations, favourites, history). */
export interface GoodsCard {
  id: number
  gameId: number
  gameName: string
  title: string
  /** Fen. */
  price: number
  coverImage: string
  /** A small version of the cover for lists; equals coverImage when there is none. */
  thumbImage: string
  regionIds: number[]
  /** Names of `regionIds`, root first ("安卓", "微信"). */
  regionNames: string[]
  /** Up to 3 key attributes as display text from the game's template ("王者 50 星", "皮肤 128 个"). */
  highlights: string[]
  accountType: AccountType
  guarantee: Guarantee
  specialOffer: boolean
  rent: RentTerms | null
  status: PublicGoodsStatus
  views: number
  favourites: number
  /** When it went on sale (creation time if never listed). */
  listedAt: string
}

/** One row of the detail page's attribute table, in template order, values as display text. */
export interface AttributeRow {
  key: string
  label: string
  /** "王者 · 50 星", "128 个", "典藏、传说" */
  value: string
}

/** GET /web/good/{id}. Never carries credentials, seller contact, cost or internal notes. */
export interface GoodsDetail extends GoodsCard {
  description: string
  images: string[]
  attributes: Record<string, AttributeValue>
  attributeRows: AttributeRow[]
  templateVersion: number
  createdAt: string
  soldAt: string | null
  /** Whether the signed-in caller has favourited it; false for visitors. */
  collected: boolean
}

/** Rows of GET /web/recentlydeal. */
export interface RecentDeal extends GoodsCard {
  soldAt: string
}

/** GET /web/stats. */
export interface SiteStats {
  onSale: number
  /** Sold during yesterday (Asia/Shanghai calendar day). */
  soldYesterday: number
  soldTotal: number
}

/** POST /web/goods/collect and /web/goods/collect/remove body. */
export interface CollectBody {
  goodsId: number
}

/** Rows of GET /web/goods/collect/list (newest first). */
export interface FavouriteRow extends GoodsCard {
  collectedAt: string
}

/** Rows of GET /need/myBrowse (one per goods, newest view first). */
export interface BrowseRow extends GoodsCard {
  viewedAt: string
}
