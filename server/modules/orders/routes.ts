import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import {
  AdminOrderDetail,
  CancelRequest,
  Credentials,
  RevealRequest,
  IdempotencyHeader,
  AdminOrdersQuery,
  MyOrdersQuery,
  Order,
  OrderId,
  OrderRequest,
  Quote,
  QuoteRequest,
  RefundRequest,
  TradeNoQuery,
} from '../../../src/contract/orders'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { clientOf, requireUser, viewerOf } from '../../lib/auth'
import { staffOnly } from '../../lib/staff'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume, gateReveal } from '../../lib/rateLimit'
import { deskOrder } from './desk'
import * as orders from './service'

const withOrder = <T extends TSchema>(summary: string, tags: string[], extra: Record<string, T | undefined> = {}) => ({
  schema: { summary, tags, params: OrderId, response: { 200: Ajax(Order) }, ...extra },
})

export const orderRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv' | 'vault' | 'payments'>> = async (
  app,
  deps,
) => {
  const tags = ['orders']
  const orderDeps: orders.OrderDeps = { db: deps.database.db, payments: deps.payments, vault: deps.vault, log: app.log }

  app.post(
    '/order/quote',
    {
      schema: {
        summary: '订单报价：商品、包赔、服务费与总额，全部由服务器按设置计算',
        tags,
        body: QuoteRequest,
        response: { 200: Ajax(Quote) },
      },
    },
    async (request) => {
      requireUser(request)
      return ok(await orders.quote(deps.database.db, request.body))
    },
  )

  app.post(
    '/order',
    {
      schema: {
        summary: '下单：锁定商品（同一商品同时只有一个进行中的订单）；Idempotency-Key 重放返回第一次的结果',
        tags,
        headers: IdempotencyHeader,
        body: OrderRequest,
        response: { 200: Ajax(Order) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      await consume(deps.kv, [
        { key: `rl:order:${viewer.userId}`, max: 10, windowSeconds: 3600, message: '下单过于频繁，请 {wait}后再试' },
      ])
      return ok(await orders.createOrder(deps.database.db, viewer, request.body, request.headers['idempotency-key']))
    },
  )

  app.get(
    '/need/myOrder',
    {
      schema: {
        summary: '我的订单（买家），新的在前',
        tags,
        querystring: MyOrdersQuery,
        response: { 200: Table(Order) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 10, ...rest } = request.query
      const result = await orders.listOrders(deps.database.db, viewerOf(request), { ...rest, pageNum, pageSize })
      return page(result.rows, result.total)
    },
  )

  app.get(
    '/need/myOrder/byTradeNo',
    {
      schema: {
        summary: '按支付单号查订单（支付宝返回页用；仍待支付时向支付网关查询确认）',
        tags,
        querystring: TradeNoQuery,
        response: { 200: Ajax(Order) },
      },
    },
    async (request) => ok(await orders.getOrderByTradeNo(orderDeps, viewerOf(request), request.query.outTradeNo)),
  )

  app.get('/need/myOrder/:id', withOrder('订单详情（买家或客服），含支付记录', tags), async (request) =>
    ok(await orders.getOrder(deps.database.db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/myOrder/:id/cancel',
    {
      ...withOrder('取消待支付的订单（请求体可省略）', tags, {
        body: CancelRequest,
      }),
      // A cancel needs no reason: no body at all is the same as `{}`.
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {}
      },
    },
    async (request) =>
      ok(
        await orders.cancelOrder(
          orderDeps,
          viewerOf(request),
          request.params.id,
          (request.body as CancelRequest | undefined)?.reason,
        ),
      ),
  )

  app.post('/need/myOrder/:id/confirm', withOrder('确认收货（移交后）', tags), async (request) =>
    ok(await orders.confirmOrder(orderDeps, viewerOf(request), request.params.id)),
  )

  app.get(
    '/need/myOrder/:id/credentials',
    {
      schema: {
        summary: '查看账号信息：移交后的买家；每次查看都记录',
        tags,
        params: OrderId,
        response: { 200: Ajax(Credentials) },
      },
    },
    async (request, reply) => ok(await reveal(orderDeps, deps.kv, request, reply, request.params.id)),
  )
}

/** A reveal, by the buyer or by staff with a reason: rate-limited per person, never cached, always logged. */
async function reveal(
  orderDeps: orders.OrderDeps,
  kv: AppDeps['kv'],
  request: FastifyRequest,
  reply: FastifyReply,
  orderId: number,
  reason?: string,
) {
  const viewer = viewerOf(request)
  await gateReveal(kv, reply, viewer.userId)
  return orders.revealCredentials(orderDeps, viewer, orderId, { ...clientOf(request), reason })
}

export const adminOrderRoutes: FastifyPluginAsyncTypebox<
  Pick<AppDeps, 'database' | 'kv' | 'vault' | 'payments'>
> = async (app, deps) => {
  const tags = ['admin']
  const orderDeps: orders.OrderDeps = { db: deps.database.db, payments: deps.payments, vault: deps.vault, log: app.log }

  app.get(
    '/admin/orders',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '订单查询（员工）：按编号、买家手机号、游戏、状态、日期，新的在前',
        tags,
        querystring: AdminOrdersQuery,
        response: { 200: Table(Order) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...rest } = request.query
      const result = await orders.listOrders(deps.database.db, viewerOf(request), { ...rest, pageNum, pageSize })
      return page(result.rows, result.total)
    },
  )

  app.get(
    '/admin/orders/:id',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '订单详情（员工）：支付记录、可做的操作、买家（手机号打码）、时间线与账本分录',
        tags,
        params: OrderId,
        response: { 200: Ajax(AdminOrderDetail) },
      },
    },
    async (request) => ok(await deskOrder(deps.database.db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/admin/orders/:id/credentials',
    {
      config: staffOnly('service'),
      schema: {
        summary: '验号：查看账号信息（已付清、未移交的订单），须写明原因；每次查看都记录',
        tags,
        params: OrderId,
        body: RevealRequest,
        response: { 200: Ajax(Credentials) },
      },
    },
    async (request, reply) =>
      ok(await reveal(orderDeps, deps.kv, request, reply, request.params.id, request.body.reason)),
  )

  app.post(
    '/admin/orders/:id/hand-over',
    { ...withOrder('客服移交账号（订单须已付清）', tags), config: staffOnly('service') },
    async (request) => ok(await orders.handOver(orderDeps, staffOf(request), request.params.id)),
  )

  app.post(
    '/admin/orders/:id/refund',
    {
      ...withOrder('退款：已付款项原路退回，商品重新上架', tags, { body: RefundRequest }),
      config: staffOnly('finance'),
    },
    async (request) =>
      ok(
        await orders.refundOrder(
          orderDeps,
          staffOf(request),
          request.params.id,
          (request.body as RefundRequest).reason,
        ),
      ),
  )
}
