/** Selling on consignment (API.md, "Selling"): list an account, see one's listings, price and availability. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AccountCredentials,
  AdminGoodsQuery,
  AdminListing,
  AdminListingDetail,
  ConsignmentCreated,
  ConsignmentDetail,
  ConsignmentRequest,
  DelistRequest,
  FeePreview,
  FeeRequest,
  ListingCredentials,
  ListingId,
  ListingRevision,
  MyConsignmentQuery,
  MyListing,
  PayeeChange,
  PriceRequest,
  ReasonRequest,
  RevealQuery,
  SellerContactView,
} from '../../../src/contract/consignment'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { requireUser, viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { CatalogueCache } from '../catalogue/service'
import * as review from './review'
import * as consignment from './service'
import { staffOnly } from '../../lib/staff'

type Deps = Pick<AppDeps, 'config' | 'database' | 'vault' | 'lookupKey'>

export const consignmentDeps = ({ config, database, vault, lookupKey }: Deps): consignment.ConsignmentDeps => ({
  db: database.db,
  vault,
  dataDir: config.dataDir,
  cache: new CatalogueCache(),
  lookupKey,
})

export const consignmentRoutes: FastifyPluginAsyncTypebox<Deps & Pick<AppDeps, 'kv' | 'payments'>> = async (
  app,
  appDeps,
) => {
  const { database, kv } = appDeps
  const tags = ['selling']
  const deps = consignmentDeps(appDeps)

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
    '/need/consignment/:id',
    {
      schema: {
        summary: '我的代售商品（编辑用）：不含账号信息，收款账户打码',
        tags,
        params: ListingId,
        response: { 200: Ajax(ConsignmentDetail) },
      },
    },
    async (request) => ok(await consignment.consignmentDetail(deps, viewerOf(request), request.params.id)),
  )

  app.put(
    '/need/consignment/:id',
    {
      schema: {
        summary: '修改审核失败或已下架的商品并重新提交审核（不填账号信息则保留原来的）',
        tags,
        params: ListingId,
        body: ConsignmentRequest,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) => ok(await consignment.resubmit(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.put(
    '/need/consignment/:id/credentials',
    {
      schema: {
        summary: '补充或修改账号信息（加密保存，不回显）',
        tags,
        params: ListingId,
        body: AccountCredentials,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) =>
      ok(await consignment.updateCredentials(deps, viewerOf(request), request.params.id, request.body)),
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
      const { pageNum = 1, pageSize = 10, status, id } = request.query
      const { rows, total } = await consignment.myConsignments(deps, viewerOf(request), {
        status,
        id,
        pageNum,
        pageSize,
      })
      return page(rows, total)
    },
  )

  app.put(
    '/need/myConsignment/:id/payee',
    {
      schema: {
        summary: '打款失败后修改商品的收款支付宝账号（收款人为实名认证姓名），该商品打款失败的货款、租金立即重新打款',
        tags,
        params: ListingId,
        body: PayeeChange,
        response: { 200: Ajax(MyListing) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      // Each change sends a transfer: a few a day are all a seller fixing a typo needs.
      await consume(kv, [
        { key: `rl:payee:${user.id}`, max: 5, windowSeconds: 86_400, message: '修改收款账户过于频繁，请 {wait}后再试' },
      ])
      const payoutDeps = { ...deps, payments: appDeps.payments, log: app.log }
      return ok(await consignment.changePayee(payoutDeps, viewerOf(request), request.params.id, request.body))
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
    async (request) => ok(await consignment.delist(deps, staffOf(request), request.body.id, request.body.reason)),
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

/** Review by staff (API now; the console comes later): the queue, one listing, approve, reject, delist, 验号. */
export const adminConsignmentRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, appDeps) => {
  const tags = ['admin']
  const deps = consignmentDeps(appDeps)

  app.get(
    '/admin/goods',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '代售商品列表；status=pending_review 为审核队列（先提交的在前）',
        tags,
        querystring: AdminGoodsQuery,
        response: { 200: Table(AdminListing) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await review.adminListings(deps, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/goods/:id',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '审核详情：商品、卖家记录、黑号命中（收款账户打码）',
        tags,
        params: ListingId,
        response: { 200: Ajax(AdminListingDetail) },
      },
    },
    async (request) => ok(await review.adminListing(deps, staffOf(request), request.params.id)),
  )

  app.put(
    '/admin/goods/:id',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary:
          '修正商品的标题、描述、详情图（只能保留、调整顺序或删除）和属性；写明原因，通知卖家。交易中或已售出的不能改',
        tags,
        params: ListingId,
        body: ListingRevision,
        response: { 200: Ajax(AdminListingDetail) },
      },
    },
    async (request) => ok(await review.reviseListing(deps, staffOf(request), request.params.id, request.body)),
  )

  app.post(
    '/admin/goods/:id/approve',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '审核通过：上架出售，通知卖家',
        tags,
        params: ListingId,
        response: { 200: Ajax(AdminListing) },
      },
    },
    async (request) => ok(await review.approve(deps, staffOf(request), request.params.id)),
  )

  app.post(
    '/admin/goods/:id/reject',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '审核驳回（写明原因，通知卖家）',
        tags,
        params: ListingId,
        body: ReasonRequest,
        response: { 200: Ajax(AdminListing) },
      },
    },
    async (request) => ok(await review.reject(deps, staffOf(request), request.params.id, request.body.reason)),
  )

  app.post(
    '/admin/goods/:id/delist',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '平台下架（写明原因，通知卖家；卖家须修改后重新提交审核）',
        tags,
        params: ListingId,
        body: ReasonRequest,
        response: { 200: Ajax(AdminListing) },
      },
    },
    async (request) => ok(await consignment.delist(deps, staffOf(request), request.params.id, request.body.reason)),
  )

  app.get(
    '/admin/goods/:id/contact',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '卖家联系方式（完整手机号；须写明原因，写入审计）',
        tags,
        params: ListingId,
        querystring: RevealQuery,
        response: { 200: Ajax(SellerContactView) },
      },
    },
    async (request) => ok(await review.revealContact(deps, staffOf(request), request.params.id, request.query.reason)),
  )

  app.get(
    '/admin/goods/:id/credentials',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '验号：查看账号信息（须写明原因；每次查看都记录并写入审计）',
        tags,
        params: ListingId,
        querystring: RevealQuery,
        response: { 200: Ajax(ListingCredentials) },
      },
    },
    async (request) =>
      ok(
        await review.revealForReview(deps, staffOf(request), request.params.id, {
          reason: request.query.reason,
          userAgent: String(request.headers['user-agent'] ?? ''),
        }),
      ),
  )
}
