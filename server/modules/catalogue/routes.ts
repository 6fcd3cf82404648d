/**
 * Catalogue (API.md, "Catalogue (public)"): games, region trees, attribute templates, the goods list,
 * detail, recommendations, recent deals, stats, favourites and browsing history. Response schemas list
 * every field that may leave: fast-json-stringify drops anything else, so a column added to `goods`
 * (contact, cost, notes) cannot leak through a `select *`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_TOTAL_CAP } from '../../../src/contract/constants'
import { Body, Id, MAX_ID, Time } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, AjaxOk, ok, page, Table } from '../../lib/envelope'
import * as catalogue from './service'

const Money = (title: string) => Type.Integer({ title, minimum: 0, maximum: MAX_ID, description: '分' })
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

const paging = {
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
}

const GameType = Type.Union([Type.Literal('mobile'), Type.Literal('pc')], { title: '游戏类型' })
const RegionKind = Type.Union([
  Type.Literal('system'),
  Type.Literal('carrier'),
  Type.Literal('area'),
  Type.Literal('server'),
])
const AccountType = Type.Union([Type.Literal('self'), Type.Literal('consign')], { title: '账号类型' })

const Game = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  initial: Type.String({ description: '拼音首字母 A–Z' }),
  type: GameType,
  icon: Type.String(),
  hot: Type.Boolean(),
  sort: Type.Integer(),
  onSaleCount: Type.Integer({ description: '在售商品数' }),
})

const RegionNode = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  kind: RegionKind,
  name: Type.String(),
  sort: Type.Integer(),
})

const GoodsTypeOption = Type.Object({ value: AccountType, label: Type.String() })

const AttributeField = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: Type.Union([
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('radio'),
    Type.Literal('checkbox'),
    Type.Literal('date'),
  ]),
  options: Type.Array(Type.Object({ id: Type.String(), label: Type.String() })),
  unit: Type.String(),
  required: Type.Boolean(),
  searchable: Type.Boolean(),
  showOnSellForm: Type.Boolean(),
  sort: Type.Integer(),
})

const AttributeTemplate = Type.Object({
  gameId: Type.Integer(),
  version: Type.Integer({ description: '0 = 该游戏还没有模板' }),
  fields: Type.Array(AttributeField),
})

const RentTerms = Type.Object({ hourly: Type.Integer(), daily: Type.Integer(), deposit: Type.Integer() })
const AttributeValue = Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])

const cardProperties = {
  id: Type.Integer(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  title: Type.String(),
  price: Type.Integer({ description: '分' }),
  coverImage: Type.String(),
  thumbImage: Type.String(),
  regionIds: Type.Array(Type.Integer()),
  regionNames: Type.Array(Type.String()),
  highlights: Type.Array(Type.String()),
  accountType: AccountType,
  guarantee: Type.Union([Type.Literal('buyer_pays'), Type.Literal('free'), Type.Literal('none')]),
  specialOffer: Type.Boolean(),
  rent: Nullable(RentTerms),
  status: Type.Union([Type.Literal('on_sale'), Type.Literal('in_trade'), Type.Literal('sold')]),
  views: Type.Integer(),
  favourites: Type.Integer(),
  listedAt: Time,
}
const GoodsCard = Type.Object(cardProperties)

const GoodsDetail = Type.Object({
  ...cardProperties,
  description: Type.String(),
  images: Type.Array(Type.String()),
  attributes: Type.Record(Type.String(), AttributeValue),
  attributeRows: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), value: Type.String() })),
  templateVersion: Type.Integer(),
  createdAt: Time,
  soldAt: Nullable(Time),
  collected: Type.Boolean({ description: '当前用户是否已收藏' }),
})

const NumberRange = Body(
  {
    min: Type.Optional(Type.Number({ title: '最小值' })),
    max: Type.Optional(Type.Number({ title: '最大值' })),
  },
  { title: '数值范围' },
)
const OptionId = Type.String({ title: '选项', minLength: 1, maxLength: 40 })
const AttributeFilter = Type.Union([OptionId, Type.Array(OptionId, { title: '选项列表', maxItems: 50 }), NumberRange], {
  title: '属性筛选',
})

const GoodsListBody = Body({
  gameId: Type.Optional(Id('游戏')),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
  regionIds: Type.Optional(Type.Array(Id('区服'), { title: '区服', maxItems: 10 })),
  attributes: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), AttributeFilter, {
      title: '属性筛选',
      maxProperties: 20,
    }),
  ),
  priceMin: Type.Optional(Money('最低价')),
  priceMax: Type.Optional(Money('最高价')),
  accountType: Type.Optional(AccountType),
  specialOffer: Type.Optional(Type.Boolean({ title: '特价捡漏' })),
  rentable: Type.Optional(Type.Boolean({ title: '可租' })),
  sort: Type.Optional(
    Type.Union(
      [
        Type.Literal('default'),
        Type.Literal('price_desc'),
        Type.Literal('price_asc'),
        Type.Literal('time_desc'),
        Type.Literal('time_asc'),
      ],
      { title: '排序' },
    ),
  ),
  ...paging,
})

/**
 * A page of cards is 10–40 KB of JSON. @fastify/compress sends bodies above its `syncThreshold` (8 KB on
 * a 2-core host) through a stream pipeline, which took a sixth of the server's busy time on the goods
 * list at 16 concurrent requests; brotli (quality 4) does such a page in one short synchronous call, and
 * the list served a fifth more requests a second (bench/RESULTS.md). Card lists take that path.
 */
const cardList = { compress: { syncThreshold: 64 * 1024 } }

const GoodsIdParams = Type.Object({ id: Id('商品编号') })
const CollectBody = Body({ goodsId: Id('商品编号') })

export const catalogueRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const cache = new catalogue.CatalogueCache()
  const tags = ['catalogue']
  const paged = async (query: { pageNum?: number; pageSize?: number }) => ({
    pageNum: query.pageNum ?? 1,
    pageSize: await catalogue.goodsPageSize(db, query.pageSize),
  })

  app.get(
    '/web/game/list',
    {
      schema: {
        summary: '游戏列表（含在售数量）',
        tags,
        querystring: Type.Object({
          type: Type.Optional(GameType),
          initial: Type.Optional(Type.String({ title: '首字母', pattern: '^[A-Za-z]$' })),
          name: Type.Optional(Type.String({ title: '游戏名称', maxLength: 20 })),
          hot: Type.Optional(Type.Boolean({ title: '热门' })),
        }),
        response: { 200: Ajax(Type.Array(Game)) },
      },
    },
    async (request) => ok(await catalogue.listGames(db, request.query)),
  )

  app.get(
    '/web/keylist',
    {
      schema: {
        summary: '区服层级或商品类型选项',
        description: 'systemKey：system 系统 · carrier 运营商 · area 大区 · goodstype 商品类型（自营/代售）',
        tags,
        querystring: Type.Object({
          gameId: Id('游戏'),
          systemKey: Type.Union(
            [Type.Literal('system'), Type.Literal('carrier'), Type.Literal('area'), Type.Literal('goodstype')],
            { title: '类型' },
          ),
          parentId: Type.Optional(Id('上级区服')),
        }),
        response: { 200: Ajax(Type.Union([Type.Array(RegionNode), Type.Array(GoodsTypeOption)])) },
      },
    },
    async (request) => ok(await catalogue.keyList(db, request.query)),
  )

  app.get(
    '/web/districtSuit',
    {
      schema: {
        summary: '大区下的服务器',
        tags,
        querystring: Type.Object({ parentId: Id('大区') }),
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'server', parentId: request.query.parentId })),
  )

  app.get(
    '/need/operator/list',
    {
      schema: {
        summary: '运营商列表（手游）',
        tags,
        querystring: Type.Object({ gameId: Id('游戏') }),
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'carrier', gameId: request.query.gameId })),
  )

  app.get(
    '/need/area/list',
    {
      schema: {
        summary: '大区列表（端游）',
        tags,
        querystring: Type.Object({ gameId: Id('游戏'), parentId: Type.Optional(Id('上级区服')) }),
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'area', ...request.query })),
  )

  app.get(
    '/need/server/list',
    {
      schema: {
        summary: '服务器列表（端游）',
        tags,
        querystring: Type.Object({ parentId: Id('大区') }),
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'server', parentId: request.query.parentId })),
  )

  app.get(
    '/web/gameTempAttr',
    {
      schema: {
        summary: '游戏属性模板（最新版本）',
        tags,
        querystring: Type.Object({ gameId: Id('游戏') }),
        response: { 200: Ajax(AttributeTemplate) },
      },
    },
    async (request) => ok(await catalogue.latestTemplate(db, request.query.gameId)),
  )

  app.post(
    '/web/good/allList',
    {
      ...cardList,
      schema: {
        summary: '商品列表（仅在售）',
        description:
          '筛选条件同时满足。attributes：单选传选项 id（或 id 列表，任一），多选传 id 列表（任一），数值传 {min, max}；' +
          `按属性筛选需要 gameId。只按游戏筛选时 total 为精确数，其余情况最多计到 ${LIST_TOTAL_CAP}。`,
        tags,
        body: GoodsListBody,
        response: { 200: Table(GoodsCard) },
      },
    },
    async (request) => {
      const { rows, total } = await catalogue.listGoods(db, cache, request.body)
      return page(rows, total)
    },
  )

  app.get(
    '/web/good/:id',
    {
      schema: {
        summary: '商品详情（登录用户记入浏览记录）',
        tags,
        params: GoodsIdParams,
        response: { 200: Ajax(GoodsDetail) },
      },
    },
    async (request) => ok(await catalogue.goodsDetail(db, cache, request.params.id, request.user?.id ?? null)),
  )

  app.get(
    '/web/recommend/:id',
    {
      ...cardList,
      schema: {
        summary: '相似商品（同游戏、价格相近，最多 8 个）',
        tags,
        params: GoodsIdParams,
        response: { 200: Ajax(Type.Array(GoodsCard)) },
      },
    },
    async (request) => ok(await catalogue.recommend(db, cache, request.params.id)),
  )

  app.get(
    '/web/recentlydeal',
    {
      ...cardList,
      schema: {
        summary: '最近成交',
        tags,
        querystring: Type.Object(paging),
        response: { 200: Table(Type.Object({ ...cardProperties, soldAt: Time })) },
      },
    },
    async (request) => {
      const { rows, total } = await catalogue.recentDeals(db, cache, await paged(request.query))
      return page(rows, total)
    },
  )

  app.get(
    '/web/stats',
    {
      schema: {
        summary: '平台数据：在售、昨日成交、累计成交',
        tags,
        response: {
          200: Ajax(Type.Object({ onSale: Type.Integer(), soldYesterday: Type.Integer(), soldTotal: Type.Integer() })),
        },
      },
    },
    async () => ok(await catalogue.siteStats(db)),
  )

  app.post(
    '/web/goods/collect',
    {
      schema: { summary: '收藏商品（重复收藏无影响）', tags, body: CollectBody, response: { 200: AjaxOk } },
    },
    async (request) => {
      const user = requireUser(request)
      await catalogue.collect(db, user.id, request.body.goodsId)
      return ok()
    },
  )

  app.post(
    '/web/goods/collect/remove',
    {
      schema: { summary: '取消收藏（未收藏也成功）', tags, body: CollectBody, response: { 200: AjaxOk } },
    },
    async (request) => {
      const user = requireUser(request)
      await catalogue.uncollect(db, user.id, request.body.goodsId)
      return ok()
    },
  )

  app.get(
    '/web/goods/collect/list',
    {
      ...cardList,
      schema: {
        summary: '我的收藏（最近收藏在前）',
        tags,
        querystring: Type.Object(paging),
        response: { 200: Table(Type.Object({ ...cardProperties, collectedAt: Time })) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { rows, total } = await catalogue.favouritesPage(db, cache, user.id, await paged(request.query))
      return page(rows, total)
    },
  )

  app.get(
    '/need/myBrowse',
    {
      ...cardList,
      schema: {
        summary: '我的浏览记录（每个商品一条，最近浏览在前）',
        tags,
        querystring: Type.Object(paging),
        response: { 200: Table(Type.Object({ ...cardProperties, viewedAt: Time })) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { rows, total } = await catalogue.browsePage(db, cache, user.id, await paged(request.query))
      return page(rows, total)
    },
  )
}
