/** Selling on consignment (API.md, "Selling"): list an account, see one's listings, price and availability. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ConsignmentCreated,
  ConsignmentRequest,
  DelistRequest,
  FeePreview,
  FeeRequest,
  ListingId,
  MyConsignmentQuery,
  MyListing,
  PriceRequest,
} from '../../../src/contract/consignment'
import type { AppDeps } from '../../deps'
import { requireUser, viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { CatalogueCache } from '../catalogue/service'
import * as consignment from './service'

export const consignmentRoutes: FastifyPluginAsyncTypebox<
  Pick<AppDeps, 'config' | 'database' | 'kv' | 'vault'>
> = async (app, { config, database, kv, vault }) => {
  const tags = ['selling']
  const deps: consignment.ConsignmentDeps = {
    db: database.db,
    vault,
    dataDir: config.dataDir,
    cache: new CatalogueCache(),
  }

  app.post(
    '/need/consignment/fee',
    {
      schema: {
        summary: '卖家佣金预览：按设置计算佣金与到手金额',
        tags,
        body: FeeRequest,
        response: { 200: Ajax(FeePreview) },
      },
    },
    async (request) => {
      requireUser(request)
      return ok(await consignment.feePreview(database.db, request.body.price))
    },
  )

  app.post(
    '/need/consignment',
    {
      schema: {
        summary: '发布代售：须已实名；按游戏属性模板、区服与上传图片校验；账号信息与收款账户加密保存；进入待审核',
        tags,
        body: ConsignmentRequest,
        response: { 200: Ajax(ConsignmentCreated) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      await consume(kv, [
        { key: `rl:consign:${user.id}`, max: 20, windowSeconds: 3600, message: '发布过于频繁，请 {wait}后再试' },
      ])
      return ok(await consignment.createConsignment(deps, user.id, request.body))
    },
  )

  app.get(
    '/need/myConsignment',
    {
      schema: {
        summary: '我的代售（新的在前），每条带当前可做的操作',
        tags,
        querystring: MyConsignmentQuery,
        response: { 200: Table(MyListing) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 10, status } = request.query
      const { rows, total } = await consignment.myConsignments(deps, viewerOf(request), { status, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/goods/info/upGoods/:id',
    {
      schema: {
        summary: '上架：卖家自己下架的商品重新在售',
        tags,
        params: ListingId,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) => ok(await consignment.relist(deps, viewerOf(request), request.params.id)),
  )

  app.post(
    '/goods/info/downGoods',
    {
      schema: {
        summary: '下架（卖家或客服，须写明原因）',
        tags,
        body: DelistRequest,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) => ok(await consignment.delist(deps, viewerOf(request), request.body.id, request.body.reason)),
  )

  app.post(
    '/need/goods/editPrice',
    {
      schema: {
        summary: '改价（在售、已下架或审核失败时）',
        tags,
        body: PriceRequest,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) => ok(await consignment.editPrice(deps, viewerOf(request), request.body.id, request.body.price)),
  )
}
