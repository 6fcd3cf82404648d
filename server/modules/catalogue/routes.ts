/**
 * Catalogue (API.md, "Catalogue (public)"): games, region trees, attribute templates, the goods list,
 * detail, recommendations, recent deals, stats, favourites and browsing history. The payloads are the
 * contract's (src/contract/catalogue.ts), which list every field that may leave.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { LIST_TOTAL_CAP } from '../../../src/contract/constants'
import {
  AdminGame,
  GameId,
  GamePatch,
  RegionOrder,
  TemplateInput,
  TemplateVersion,
  AreaQuery,
  AttributeTemplate,
  BrowseRow,
  CataloguePage,
  CollectBody,
  FavouriteRow,
  Game,
  GameListQuery,
  GameQuery,
  GoodsCard,
  GoodsDetail,
  GoodsIdParams,
  GoodsListQuery,
  GoodsTypeOption,
  KeyListQuery,
  RecentDeal,
  RegionNode,
  SavedSearch,
  SavedSearches,
  SavedSearchId,
  SavedSearchRequest,
  SearchAlertsSwitch,
  ServerQuery,
  SiteStats,
} from '../../../src/contract/catalogue'
import { SellerId } from '../../../src/contract/reviews'
import type { AppDeps } from '../../deps'
import { OPTIONAL, PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { requireUser } from '../../lib/auth'
import { staffOnly } from '../../lib/staff'
import { Ajax, AjaxOk, ok, page, Table } from '../../lib/envelope'
import { checkStoredImage } from '../../lib/images'
import * as admin from './admin'
import * as alerts from './alerts'
import * as catalogue from './service'

export const catalogueRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const cache = new catalogue.CatalogueCache()
  const tags = ['catalogue']
  const paged = async (query: CataloguePage) => ({
    pageNum: query.pageNum ?? 1,
    pageSize: await catalogue.goodsPageSize(db, query.pageSize),
  })

  app.get(
    '/web/game/list',
    {
      config: PUBLIC,
      schema: {
        summary: '游戏列表（含在售数量）',
        tags,
        querystring: GameListQuery,
        response: { 200: Ajax(Type.Array(Game)) },
      },
    },
    async (request) => ok(await catalogue.listGames(db, request.query)),
  )

  app.get(
    '/web/keylist',
    {
      config: PUBLIC,
      schema: {
        summary: '区服层级或商品类型选项',
        description: 'systemKey：system 系统 · carrier 运营商 · area 大区 · goodstype 商品类型（自营/代售）',
        tags,
        querystring: KeyListQuery,
        response: { 200: Ajax(Type.Union([Type.Array(RegionNode), Type.Array(GoodsTypeOption)])) },
      },
    },
    async (request) => ok(await catalogue.keyList(db, request.query)),
  )

  app.get(
    '/web/districtSuit',
    {
      config: PUBLIC,
      schema: {
        summary: '大区下的服务器',
        tags,
        querystring: ServerQuery,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'server', parentId: request.query.parentId })),
  )

  app.get(
    '/need/operator/list',
    {
      config: PUBLIC,
      schema: {
        summary: '运营商列表（手游）',
        tags,
        querystring: GameQuery,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'carrier', gameId: request.query.gameId })),
  )

  app.get(
    '/need/area/list',
    {
      config: PUBLIC,
      schema: {
        summary: '大区列表（端游）',
        tags,
        querystring: AreaQuery,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'area', ...request.query })),
  )

  app.get(
    '/need/server/list',
    {
      config: PUBLIC,
      schema: {
        summary: '服务器列表（端游）',
        tags,
        querystring: ServerQuery,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await catalogue.listRegions(db, { kind: 'server', parentId: request.query.parentId })),
  )

  app.get(
    '/web/gameTempAttr',
    {
      config: PUBLIC,
      schema: {
        summary: '游戏属性模板（最新版本）',
        tags,
        querystring: GameQuery,
        response: { 200: Ajax(AttributeTemplate) },
      },
    },
    async (request) => ok(await catalogue.latestTemplate(db, request.query.gameId)),
  )

  app.post(
    '/web/good/allList',
    {
      config: PUBLIC,
      schema: {
        summary: '商品列表（仅在售）',
        description:
          '筛选条件同时满足。attributes：单选传选项 id（或 id 列表，任一），多选传 id 列表（任一），数值传 {min, max}；' +
          `按属性筛选需要 gameId。sort 为 rent_asc/rent_desc 时按时租排序、rentMin/rentMax 按时租筛选（分/小时），都须同时传 rentable: true。` +
          `只按游戏筛选时 total 为精确数，其余情况最多计到 ${LIST_TOTAL_CAP}。`,
        tags,
        body: GoodsListQuery,
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
      config: OPTIONAL,
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
      config: PUBLIC,
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
      config: PUBLIC,
      schema: {
        summary: '最近成交',
        tags,
        querystring: CataloguePage,
        response: { 200: Table(RecentDeal) },
      },
    },
    async (request) => {
      const { rows, total } = await catalogue.recentDeals(db, cache, await paged(request.query))
      return page(rows, total)
    },
  )

  app.get(
    '/web/seller/:id/goods',
    {
      config: PUBLIC,
      schema: {
        summary: '卖家主页：卖家在售的账号，新发布的在前',
        description: `total 最多计到 ${LIST_TOTAL_CAP}。`,
        tags,
        params: SellerId,
        querystring: CataloguePage,
        response: { 200: Table(GoodsCard) },
      },
    },
    async (request) => {
      const { rows, total } = await catalogue.sellerGoods(db, cache, request.params.id, await paged(request.query))
      return page(rows, total)
    },
  )

  app.get(
    '/web/stats',
    {
      config: PUBLIC,
      schema: {
        summary: '平台数据：在售、昨日成交、累计成交',
        tags,
        response: { 200: Ajax(SiteStats) },
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
    '/need/savedSearches',
    { schema: { summary: '我的搜索订阅与每日提醒开关', tags, response: { 200: Ajax(SavedSearches) } } },
    async (request) => ok(await alerts.mySavedSearches(db, requireUser(request).id)),
  )
  app.post(
    '/need/savedSearches',
    {
      schema: {
        summary: '订阅当前搜索（商品列表的筛选条件；相同条件不重复保存，每人最多 10 个）',
        tags,
        body: SavedSearchRequest,
        response: { 200: Ajax(SavedSearch) },
      },
    },
    async (request) => ok(await alerts.saveSearch(db, cache, requireUser(request).id, request.body)),
  )
  app.put(
    '/need/savedSearches/alerts',
    {
      schema: {
        summary: '开关搜索订阅的每日新上架提醒',
        tags,
        body: SearchAlertsSwitch,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await alerts.setSearchAlerts(db, requireUser(request).id, request.body.on)
      return ok()
    },
  )
  app.get(
    '/need/savedSearches/:id',
    {
      schema: {
        summary: '一个搜索订阅（打开列表用）',
        tags,
        params: SavedSearchId,
        response: { 200: Ajax(SavedSearch) },
      },
    },
    async (request) => ok(await alerts.mySavedSearch(db, requireUser(request).id, request.params.id)),
  )
  app.delete(
    '/need/savedSearches/:id',
    { schema: { summary: '删除搜索订阅', tags, params: SavedSearchId, response: { 200: AjaxOk } } },
    async (request) => {
      await alerts.deleteSavedSearch(db, requireUser(request).id, request.params.id)
      return ok()
    },
  )

  app.get(
    '/web/goods/collect/list',
    {
      schema: {
        summary: '我的收藏（最近收藏在前）',
        tags,
        querystring: CataloguePage,
        response: { 200: Table(FavouriteRow) },
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
      schema: {
        summary: '我的浏览记录（每个商品一条，最近浏览在前）',
        tags,
        querystring: CataloguePage,
        response: { 200: Table(BrowseRow) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { rows, total } = await catalogue.browsePage(db, cache, user.id, await paged(request.query))
      return page(rows, total)
    },
  )
}

/** The catalogue at the console: every desk reads the games (its filters name them); the editor edits them. */
export const adminCatalogueRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'config'>> = async (
  app,
  { database, config },
) => {
  app.get(
    '/admin/games',
    {
      config: staffOnly('reviewer', 'service', 'editor', 'finance'),
      schema: { summary: '全部游戏（含已停用）', tags: ['admin'], response: { 200: Ajax(Type.Array(AdminGame)) } },
    },
    async () => ok(await catalogue.allGames(database.db)),
  )

  app.put(
    '/admin/games/:id',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '修改游戏：图标、热门、排序、启用（只改给出的字段；写入审计）',
        tags: ['admin'],
        params: GameId,
        body: GamePatch,
        response: { 200: Ajax(AdminGame) },
      },
    },
    async (request) => {
      const { icon } = request.body
      if (icon !== undefined) await checkStoredImage(config.dataDir, 'icon', icon)
      return ok(await admin.updateGame(database.db, staffOf(request), request.params.id, request.body))
    },
  )

  app.get(
    '/admin/games/:id/templates',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '游戏的属性模板：全部版本（新的在前），及每个版本发布的商品数',
        tags: ['admin'],
        params: GameId,
        response: { 200: Ajax(Type.Array(TemplateVersion)) },
      },
    },
    async (request) => ok(await admin.templateVersions(database.db, request.params.id)),
  )

  app.post(
    '/admin/games/:id/templates',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '保存为模板的新版本（旧版本不变，已发布的商品沿用各自的版本；写入审计）',
        tags: ['admin'],
        params: GameId,
        body: TemplateInput,
        response: { 200: Ajax(TemplateVersion) },
      },
    },
    async (request) =>
      ok(await admin.addTemplateVersion(database.db, staffOf(request), request.params.id, request.body)),
  )

  app.get(
    '/admin/games/:id/regions',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '游戏的区服树（平铺，每级按顺序）',
        tags: ['admin'],
        params: GameId,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await admin.regionTree(database.db, request.params.id)),
  )

  app.put(
    '/admin/games/:id/regions/order',
    {
      config: staffOnly('editor'),
      schema: {
        summary: '调整同一上级下区服的顺序（拖动排序；写入审计）',
        tags: ['admin'],
        params: GameId,
        body: RegionOrder,
        response: { 200: Ajax(Type.Array(RegionNode)) },
      },
    },
    async (request) => ok(await admin.reorderRegions(database.db, staffOf(request), request.params.id, request.body)),
  )
}
