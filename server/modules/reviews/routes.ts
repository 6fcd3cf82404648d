/**
 * 评价 (API.md, "Trust"): the buyer's review of a completed order; the public seller card (by seller, or by
 * listing for goodDetail); staff's list and hiding under /admin/reviews (audited).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { GoodsIdParams } from '../../../src/contract/catalogue'
import { OrderId } from '../../../src/contract/orders'
import {
  AdminReview,
  AdminReviewsQuery,
  MyReview,
  ReviewHide,
  ReviewId,
  ReviewRequest,
  SellerCard,
  SellerId,
} from '../../../src/contract/reviews'
import { Nullable } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { viewerOf } from '../../lib/auth'
import { Ajax, AjaxOk, ok, page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import * as reviews from './service'

export const reviewRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['reviews']
  const write = (summary: string) => ({
    schema: { summary, tags, params: OrderId, body: ReviewRequest, response: { 200: Ajax(MyReview) } },
  })

  app.get(
    '/need/myOrder/:id/review',
    {
      schema: {
        summary: '我对这笔订单的评价（没有则为 null）',
        tags,
        params: OrderId,
        response: { 200: Ajax(Nullable(MyReview)) },
      },
    },
    async (request) => ok(await reviews.myReview(db, viewerOf(request), request.params.id)),
  )
  app.post(
    '/need/myOrder/:id/review',
    write('评价已完成的订单（每单一次；评分 1–5、标签、≤300 字）'),
    async (request) =>
      ok(await reviews.createReview(db, viewerOf(request), request.params.id, request.body as ReviewRequest)),
  )
  app.put('/need/myOrder/:id/review', write('修改评价（评价后 7 天内）'), async (request) =>
    ok(await reviews.editReview(db, viewerOf(request), request.params.id, request.body as ReviewRequest)),
  )

  app.get(
    '/web/seller/:id',
    {
      config: PUBLIC,
      schema: {
        summary: '卖家名片：成交数、评分（条数、平均分、五星占比）与最新评价；不含手机号与实名',
        tags,
        params: SellerId,
        response: { 200: Ajax(SellerCard) },
      },
    },
    async (request) => ok(await reviews.sellerCard(db, request.params.id)),
  )
  app.get(
    '/web/good/:id/seller',
    {
      config: PUBLIC,
      schema: {
        summary: '商品卖家的名片（自营商品为平台自己的评分）',
        tags,
        params: GoodsIdParams,
        response: { 200: Ajax(SellerCard) },
      },
    },
    async (request) => ok(await reviews.goodsSellerCard(db, request.params.id)),
  )

  app.get(
    '/admin/reviews',
    {
      config: staffOnly('service'),
      schema: {
        summary: '评价：最新在前，可按是否隐藏筛选（原文可见）',
        tags: ['admin'],
        querystring: AdminReviewsQuery,
        response: { 200: Table(AdminReview) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, hidden } = request.query
      const { rows, total } = await reviews.adminReviews(db, { hidden, pageNum, pageSize })
      return page(rows, total)
    },
  )
  app.post(
    '/admin/reviews/:id/hide',
    {
      config: staffOnly('service'),
      schema: {
        summary: '隐藏评价（写明原因；不再计入评分）',
        tags: ['admin'],
        params: ReviewId,
        body: ReviewHide,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await reviews.hideReview(db, staffOf(request), request.params.id, (request.body as ReviewHide).reason)
      return ok()
    },
  )
}
