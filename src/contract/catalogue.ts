/**
 * Payloads and results of the catalogue calls (API.md, "Catalogue (public)"). Money is integer fen, ids
 * are integers, times are ISO-8601 strings. Every response lists each field that may leave: the server's
 * serializer drops anything else, so a column added to `goods` (contact, cost, notes) cannot leak through
 * a `select *`.
 */
import { Type, type Static } from 'typebox'
import { RENT_LIMITS, RENT_RULE_LABELS } from './constants'
import { Body, Id, literals, Money, Nullable, Time } from './schemas'

/** The catalogue's pages: deeper than page 100 000 is nobody's browsing. */
export const CataloguePage = Type.Object({
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
})
export type CataloguePage = Static<typeof CataloguePage>

export const GameType = literals(['mobile', 'pc'] as const, { title: '游戏类型' })
export type GameType = Static<typeof GameType>

/** GET /web/game/list → `data: Game[]`. */
export const Game = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Pinyin initial, one capital letter A–Z. */
  initial: Type.String({ description: '拼音首字母 A–Z' }),
  type: GameType,
  /** Image URL (`/uploads/…`), '' when the game has none. */
  icon: Type.String(),
  hot: Type.Boolean(),
  sort: Type.Integer(),
  /** Listings of this game currently on sale. */
  onSaleCount: Type.Integer({ description: '在售商品数' }),
  /** Of those, the ones that can be rented (租号). */
  rentableCount: Type.Integer({ description: '在售且可租的商品数' }),
})
export type Game = Static<typeof Game>

/** GET /api/admin/games: every game, the disabled ones too (hidden from buyers and sellers). */
export const AdminGame = Type.Object({ ...Game.properties, enabled: Type.Boolean() })
export type AdminGame = Static<typeof AdminGame>

/** PUT /api/admin/games/{id} (editors): what the catalogue shows of a game; only the fields given change. */
export const GamePatch = Body(
  {
    hot: Type.Optional(Type.Boolean({ title: '热门' })),
    sort: Type.Optional(Type.Integer({ title: '排序', minimum: -100_000, maximum: 100_000 })),
    enabled: Type.Optional(Type.Boolean({ title: '启用' })),
    icon: Type.Optional(Type.String({ title: '图标', minLength: 1, maxLength: 200, description: '上传得到的地址' })),
  },
  { minProperties: 1 },
)
export type GamePatch = Static<typeof GamePatch>

export const GameId = Type.Object({ id: Id('游戏编号') })

export const GameListQuery = Type.Object({
  type: Type.Optional(GameType),
  initial: Type.Optional(Type.String({ title: '首字母', pattern: '^[A-Za-z]$' })),
  /** Part of the name. */
  name: Type.Optional(Type.String({ title: '游戏名称', maxLength: 20 })),
  hot: Type.Optional(Type.Boolean({ title: '热门' })),
})
export type GameListQuery = Static<typeof GameListQuery>

/** 区服 tree node: mobile games system → carrier, PC games area → server. */
export const RegionKind = literals(['system', 'carrier', 'area', 'server'] as const)
export type RegionKind = Static<typeof RegionKind>

export const RegionNode = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  /** null at the root of the tree. */
  parentId: Nullable(Type.Integer()),
  kind: RegionKind,
  name: Type.String(),
  sort: Type.Integer(),
})
export type RegionNode = Static<typeof RegionNode>

/**
 * PUT /api/admin/games/{id}/regions/order (editors): the new order of one parent's children (null: the
 * roots) — every child named once, as the console's tree is dragged.
 */
export const RegionOrder = Body({
  parentId: Type.Union([Id('上级区服'), Type.Null()], { title: '上级区服' }),
  ids: Type.Array(Id('区服'), { title: '区服顺序', minItems: 1, maxItems: 500, uniqueItems: true }),
})
export type RegionOrder = Static<typeof RegionOrder>

/** The levels of a game's region tree: a game's roots, or the children of one node. */
export const GameQuery = Type.Object({ gameId: Id('游戏') })
export const AreaQuery = Type.Object({ gameId: Id('游戏'), parentId: Type.Optional(Id('上级区服')) })
export const ServerQuery = Type.Object({ parentId: Id('大区') })

/** GET /web/keylist: `systemKey` picks which level of the tree (or the goods-type options) to list. */
export const SystemKey = literals(['system', 'carrier', 'area', 'goodstype'] as const, { title: '类型' })
export type SystemKey = Static<typeof SystemKey>

export const AccountType = literals(['self', 'consign'] as const, { title: '账号类型' })
export type AccountType = Static<typeof AccountType>

/** `systemKey=goodstype` answers these instead of region nodes. */
export const GoodsTypeOption = Type.Object({ value: AccountType, label: Type.String() })
export type GoodsTypeOption = Static<typeof GoodsTypeOption>

export const KeyListQuery = Type.Object({
  gameId: Id('游戏'),
  systemKey: SystemKey,
  parentId: Type.Optional(Id('上级区服')),
})
export type KeyListQuery = Static<typeof KeyListQuery>

export const AttributeFieldType = literals(['text', 'number', 'radio', 'checkbox', 'date'] as const)
export type AttributeFieldType = Static<typeof AttributeFieldType>

export const AttributeOption = Type.Object({ id: Type.String(), label: Type.String() })
export type AttributeOption = Static<typeof AttributeOption>

export const AttributeField = Type.Object({
  /** Key of the value in `Goods.attributes` and in the list's `attributes` filter. */
  key: Type.String(),
  label: Type.String(),
  type: AttributeFieldType,
  /** For radio and checkbox; [] otherwise. */
  options: Type.Array(AttributeOption),
  /** Shown after a number ('个', '级'); '' when none. */
  unit: Type.String(),
  required: Type.Boolean(),
  /** Offered as a filter on goodList. */
  searchable: Type.Boolean(),
  showOnSellForm: Type.Boolean(),
  sort: Type.Integer(),
})
export type AttributeField = Static<typeof AttributeField>

/** GET /web/gameTempAttr → `data`. */
export const AttributeTemplate = Type.Object({
  gameId: Type.Integer(),
  version: Type.Integer({ description: '0 = 该游戏还没有模板' }),
  fields: Type.Array(AttributeField),
})
export type AttributeTemplate = Static<typeof AttributeTemplate>

// ── operator: templates (each save is a new version; goods keep the version they were listed with) ──

export const TemplateFieldInput = Body({
  key: Type.String({
    title: '字段键',
    pattern: '^[a-z][a-zA-Z0-9_]{0,31}$',
    description: '小写字母开头，字母数字下划线',
  }),
  label: Type.String({ title: '字段名称', minLength: 1, maxLength: 20 }),
  type: literals(['text', 'number', 'radio', 'checkbox', 'date'] as const, { title: '字段类型' }),
  options: Type.Array(
    Body({
      id: Type.String({ title: '选项编号', pattern: '^[A-Za-z0-9_-]{1,32}$' }),
      label: Type.String({ title: '选项名称', minLength: 1, maxLength: 20 }),
    }),
    { title: '选项', maxItems: 200 },
  ),
  unit: Type.String({ title: '单位', maxLength: 6 }),
  required: Type.Boolean({ title: '必填' }),
  searchable: Type.Boolean({ title: '可筛选' }),
  showOnSellForm: Type.Boolean({ title: '发布时填写' }),
  sort: Type.Integer({ title: '排序', minimum: -1000, maximum: 1000 }),
})

/** POST /api/admin/games/{id}/templates: the fields of the game's next template version. */
export const TemplateInput = Body({
  fields: Type.Array(TemplateFieldInput, { title: '字段', minItems: 1, maxItems: 60 }),
})
export type TemplateInput = Static<typeof TemplateInput>

/** GET /api/admin/games/{id}/templates: every version, newest first, with how many listings use it. */
export const TemplateVersion = Type.Object({
  ...AttributeTemplate.properties,
  createdAt: Time,
  goodsCount: Type.Integer(),
})
export type TemplateVersion = Static<typeof TemplateVersion>

/**
 * A value in `Goods.attributes`: text/date → string, number → number, radio → option id,
 * checkbox → option ids.
 */
export const AttributeValue = Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])
export type AttributeValue = Static<typeof AttributeValue>

export const NumberRange = Body(
  {
    min: Type.Optional(Type.Number({ title: '最小值' })),
    max: Type.Optional(Type.Number({ title: '最大值' })),
  },
  { title: '数值范围' },
)
export type NumberRange = Static<typeof NumberRange>

const OptionId = Type.String({ title: '选项', minLength: 1, maxLength: 40 })

/** Filter on one attribute: radio exact (option id), checkbox any-of (option ids), number range. */
export const AttributeFilter = Type.Union(
  [OptionId, Type.Array(OptionId, { title: '选项列表', maxItems: 50 }), NumberRange],
  { title: '属性筛选' },
)
export type AttributeFilter = Static<typeof AttributeFilter>

/** `rent_*` orders by the hourly rent, for the hire list (`rentable: true`) only. */
export const GoodsSort = literals(
  ['default', 'price_desc', 'price_asc', 'time_desc', 'time_asc', 'rent_asc', 'rent_desc'] as const,
  { title: '排序' },
)
export type GoodsSort = Static<typeof GoodsSort>

export const Guarantee = literals(['buyer_pays', 'free', 'none'] as const)
export type Guarantee = Static<typeof Guarantee>

/** Life cycle in DOMAIN.md; the catalogue shows `on_sale`, and `in_trade`/`rented`/`sold` on the detail page. */
export const GOODS_STATUSES = [
  'draft',
  'pending_review',
  'on_sale',
  'in_trade',
  'rented',
  'sold',
  'delisted',
  'rejected',
] as const
export type GoodsStatus = (typeof GOODS_STATUSES)[number]

/** The statuses a catalogue card can show (other listings are not public). */
export const PublicGoodsStatus = literals([
  'on_sale',
  'in_trade',
  'rented',
  'sold',
] as const satisfies readonly GoodsStatus[])
export type PublicGoodsStatus = Static<typeof PublicGoodsStatus>

export const RentRule = literals(Object.keys(RENT_RULE_LABELS) as (keyof typeof RENT_RULE_LABELS)[], {
  title: '租号规则',
})
export type RentRule = Static<typeof RentRule>

/**
 * 租号: what an hour and a day cost, the deposit held until the owner has checked the account back, the hours a
 * rental may last, and the owner's rules (a fixed list, enforced by complaint). Written by the seller with the
 * listing (RentOffer checks it); a listing with terms is for rent as well as for sale.
 */
export const RentTerms = Type.Object({
  /** Fen per hour. */
  hourly: Type.Integer(),
  /** Fen per day (24 hours at the daily price when that is cheaper). */
  daily: Type.Integer(),
  /** Fen. */
  deposit: Type.Integer(),
  minHours: Type.Integer(),
  maxHours: Type.Integer(),
  rules: Type.Array(Type.String()),
})
export type RentTerms = Static<typeof RentTerms>

/** The seller's rent terms in a listing's request. */
export const RentOffer = Type.Object(
  {
    hourly: Type.Integer({ title: '时租', minimum: 100, maximum: 10_000_000 }),
    daily: Type.Integer({ title: '日租', minimum: 100, maximum: 100_000_000 }),
    deposit: Type.Integer({ title: '押金', minimum: 0, maximum: 100_000_000 }),
    minHours: Type.Integer({ title: '最短租期', minimum: RENT_LIMITS.minHours, maximum: RENT_LIMITS.maxHours }),
    maxHours: Type.Integer({ title: '最长租期', minimum: RENT_LIMITS.minHours, maximum: RENT_LIMITS.maxHours }),
    rules: Type.Array(RentRule, { title: '租号规则', maxItems: 6, uniqueItems: true }),
  },
  { title: '出租条件', additionalProperties: false },
)
export type RentOffer = Static<typeof RentOffer>

/**
 * POST /web/good/allList body. Every filter is optional; they combine with AND. The result's `total` is
 * exact when at most the game is filtered; with other filters it counts up to LIST_TOTAL_CAP (that many
 * = "that many or more").
 */
export const GoodsListQuery = Body({
  gameId: Type.Optional(Id('游戏')),
  /**
   * Words (split on spaces) that must all appear in the title or description; a word of two or more
   * characters matches by its character pairs, so "典藏 国服" finds "国服…典藏" as well.
   */
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
  /** Each id (any level of the region tree) must be on the goods. */
  regionIds: Type.Optional(Type.Array(Id('区服'), { title: '区服', maxItems: 10 })),
  attributes: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), AttributeFilter, {
      title: '属性筛选',
      maxProperties: 20,
    }),
  ),
  /** Fen, inclusive. */
  priceMin: Type.Optional(Money('最低价')),
  /** Fen, inclusive. */
  priceMax: Type.Optional(Money('最高价')),
  /** Fen an hour, inclusive; with `rentable: true` only (the hire list's 租金). */
  rentMin: Type.Optional(Money('最低租金')),
  /** Fen an hour, inclusive; with `rentable: true` only. */
  rentMax: Type.Optional(Money('最高租金')),
  accountType: Type.Optional(AccountType),
  specialOffer: Type.Optional(Type.Boolean({ title: '特价捡漏' })),
  /** true: only goods that can be rented; false: only goods that cannot. */
  rentable: Type.Optional(Type.Boolean({ title: '可租' })),
  sort: Type.Optional(GoodsSort),
  ...CataloguePage.properties,
})
export type GoodsListQuery = Static<typeof GoodsListQuery>

/** What a saved search keeps of the list's query: its filters, without the sort and the page. */
export const SearchFilters = Type.Omit(GoodsListQuery, ['sort', 'pageNum', 'pageSize'], {
  title: '筛选条件',
  additionalProperties: false,
})
export type SearchFilters = Static<typeof SearchFilters>

/** POST /need/savedSearches: the list's filters and what the list shows of them (for the user's own list). */
export const SavedSearchRequest = Body({
  title: Type.String({ title: '订阅名称', minLength: 1, maxLength: 60 }),
  filters: SearchFilters,
})
export type SavedSearchRequest = Static<typeof SavedSearchRequest>

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  filters: SearchFilters,
  /** The nodes of `filters.regionIds`, root first: the list opened from the search shows them by name. */
  regions: Type.Array(RegionNode),
  createdAt: Time,
})
export type SavedSearch = Static<typeof SavedSearch>

export const SavedSearchId = Type.Object({ id: Id('订阅') })

/** GET /need/savedSearches: the user's saved searches and whether their daily messages are on. */
export const SavedSearches = Type.Object({ alerts: Type.Boolean(), rows: Type.Array(SavedSearch) })
export type SavedSearches = Static<typeof SavedSearches>

/** PUT /need/savedSearches/alerts: 个人中心's switch. */
export const SearchAlertsSwitch = Body({ on: Type.Boolean({ title: '搜索订阅提醒' }) })
export type SearchAlertsSwitch = Static<typeof SearchAlertsSwitch>

/** One card of a goods list (rows of allList, recommendations, favourites, history). */
export const GoodsCard = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  title: Type.String(),
  /** Fen. */
  price: Type.Integer({ description: '分' }),
  coverImage: Type.String(),
  /** A small version of the cover for lists; equals coverImage when there is none. */
  thumbImage: Type.String(),
  regionIds: Type.Array(Type.Integer()),
  /** Names of `regionIds`, root first ("安卓", "微信"). */
  regionNames: Type.Array(Type.String()),
  /** Up to 3 key attributes as display text from the game's template ("王者 50 星", "皮肤 128 个"). */
  highlights: Type.Array(Type.String()),
  accountType: AccountType,
  guarantee: Guarantee,
  specialOffer: Type.Boolean(),
  rent: Nullable(RentTerms),
  status: PublicGoodsStatus,
  views: Type.Integer(),
  favourites: Type.Integer(),
  /** When it went on sale (creation time if never listed). */
  listedAt: Time,
})
export type GoodsCard = Static<typeof GoodsCard>

/** One row of the detail page's attribute table, in template order, values as display text. */
export const AttributeRow = Type.Object({
  key: Type.String(),
  label: Type.String(),
  /** "王者 · 50 星", "128 个", "典藏、传说" */
  value: Type.String(),
})
export type AttributeRow = Static<typeof AttributeRow>

/** A field of the template beside a listing under review: empty `value` when the seller left it out. */
export const TemplateRow = Type.Object({ ...AttributeRow.properties, required: Type.Boolean() })
export type TemplateRow = Static<typeof TemplateRow>

/** GET /web/good/{id}. Never carries credentials, seller contact, cost or internal notes. */
export const GoodsDetail = Type.Object({
  ...GoodsCard.properties,
  description: Type.String(),
  images: Type.Array(Type.String()),
  attributes: Type.Record(Type.String(), AttributeValue),
  attributeRows: Type.Array(AttributeRow),
  templateVersion: Type.Integer(),
  createdAt: Time,
  soldAt: Nullable(Time),
  /** Whether the signed-in caller has favourited it; false for visitors. */
  collected: Type.Boolean({ description: '当前用户是否已收藏' }),
})
export type GoodsDetail = Static<typeof GoodsDetail>

export const GoodsIdParams = Type.Object({ id: Id('商品编号') })

/** Rows of GET /web/recentlydeal. */
export const RecentDeal = Type.Object({ ...GoodsCard.properties, soldAt: Time })
export type RecentDeal = Static<typeof RecentDeal>

/** GET /web/stats. */
export const SiteStats = Type.Object({
  onSale: Type.Integer(),
  /** Sold during yesterday (Asia/Shanghai calendar day). */
  soldYesterday: Type.Integer(),
  soldTotal: Type.Integer(),
})
export type SiteStats = Static<typeof SiteStats>

/** POST /web/goods/collect and /web/goods/collect/remove body. */
export const CollectBody = Body({ goodsId: Id('商品编号') })
export type CollectBody = Static<typeof CollectBody>

/** Rows of GET /web/goods/collect/list (newest first). */
export const FavouriteRow = Type.Object({
  ...GoodsCard.properties,
  collectedAt: Time,
  /** The price when it was kept, when the listing is cheaper now (降价); null otherwise. */
  droppedFrom: Nullable(Type.Integer({ description: '分' })),
})
export type FavouriteRow = Static<typeof FavouriteRow>

/** Rows of GET /need/myBrowse (one per goods, newest view first). */
export const BrowseRow = Type.Object({ ...GoodsCard.properties, viewedAt: Time })
export type BrowseRow = Static<typeof BrowseRow>
