import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type, type TSchema } from 'typebox'
import type { AppDeps } from '../../deps'
import { operatorsOnly, requireRole, requireUser, viewerOf } from '../../lib/auth'
import { Ajax, Body, ok, page, pageParams, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { literals, NullableTime, Time } from '../../lib/schemas'
import type { Viewer } from './machine'
import * as orders from './service'

const GuaranteeType = literals(['retrieval', 'face', 'none'] as const, { title: '包赔方式' })
const PayMode = literals(['full', 'deposit'] as const, { title: '支付方式' })
const ORDER_STATUSES = ['pending_payment', 'paid', 'handed_over', 'completed', 'cancelled', 'refunded'] as const
const OrderStatuses = Type.String({
  title: '订单状态',
  description: `一个或多个状态，逗号分隔：${ORDER_STATUSES.join('、')}`,
  pattern: `^(${ORDER_STATUSES.join('|')})(,(${ORDER_STATUSES.join('|')}))*$`,
})
const Id = Type.Object({ id: Type.Integer({ title: '订单编号', minimum: 1 }) })

const QuoteBody = {
  goodsId: Type.Integer({ title: '商品', minimum: 1 }),
  guaranteeType: GuaranteeType,
  payMode: PayMode,
}

const Rate = Type.Object({ rateBps: Type.Integer(), min: Type.Integer({ description: '最低（分）' }) })

const Quote = Type.Object({
  goodsAmount: Type.Integer(),
  guaranteeAmount: Type.Integer(),
  serviceAmount: Type.Integer(),
  totalAmount: Type.Integer(),
  depositAmount: Type.Optional(Type.Integer()),
  payNow: Type.Integer(),
  guaranteeTypes: Type.Array(Type.String()),
  depositAllowed: Type.Boolean(),
  terms: Type.Object({
    guaranteeRetrieval: Rate,
    guaranteeFace: Rate,
    deposit: Rate,
    unpaidOrderTimeoutMinutes: Type.Integer(),
  }),
})

const Payment = Type.Object({
  id: Type.Integer(),
  outTradeNo: Type.String(),
  channel: Type.String(),
  kind: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  paidAt: NullableTime,
  createdAt: Time,
})

const Order = Type.Object({
  id: Type.Integer(),
  no: Type.String(),
  status: Type.String(),
  goods: Type.Object({
    id: Type.Integer(),
    gameId: Type.Integer(),
    gameName: Type.String(),
    title: Type.String(),
    coverImage: Type.String(),
    regionNames: Type.Array(Type.String()),
    price: Type.Integer(),
  }),
  guaranteeType: Type.String(),
  payMode: Type.String(),
  goodsAmount: Type.Integer(),
  guaranteeAmount: Type.Integer(),
  serviceAmount: Type.Integer(),
  totalAmount: Type.Integer(),
  depositAmount: Type.Union([Type.Integer(), Type.Null()]),
  paidAmount: Type.Integer(),
  refundAmount: Type.Integer(),
  closeAt: Time,
  createdAt: Time,
  paidAt: NullableTime,
  handedOverAt: NullableTime,
  completedAt: NullableTime,
  cancelledAt: NullableTime,
  refundedAt: NullableTime,
  cancelReason: Type.String(),
  actions: Type.Array(Type.String(), { description: '当前用户此刻可做的操作；客户端只显示这些' }),
  payments: Type.Optional(Type.Array(Payment)),
})

const withOrder = <T extends TSchema>(summary: string, tags: string[], extra: Record<string, T | undefined> = {}) => ({
  schema: { summary, tags, params: Id, response: { 200: Ajax(Order) }, ...extra },
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
        body: Body(QuoteBody),
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
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ title: 'Idempotency-Key', minLength: 8, maxLength: 64 })),
        }),
        body: Body({ ...QuoteBody, agree: Type.Literal(true, { title: '同意《购买须知》' }) }),
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
        querystring: Type.Object({
          status: Type.Optional(OrderStatuses),
          from: Type.Optional(Type.String({ title: '开始日期', format: 'date' })),
          to: Type.Optional(Type.String({ title: '结束日期', format: 'date' })),
          ...pageParams,
        }),
        response: { 200: Table(Order) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 10, ...rest } = request.query
      const result = await orders.listMyOrders(deps.database.db, viewerOf(request), { ...rest, pageNum, pageSize })
      return page(result.rows, result.total)
    },
  )

  app.get(
    '/need/myOrder/byTradeNo',
    {
      schema: {
        summary: '按支付单号查订单（支付宝返回页用；仍待支付时向支付网关查询确认）',
        tags,
        querystring: Type.Object({ outTradeNo: Type.String({ title: '支付单号', minLength: 1, maxLength: 64 }) }),
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
        body: Body({ reason: Type.Optional(Type.String({ title: '取消原因', maxLength: 100 })) }),
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
          (request.body as { reason?: string } | undefined)?.reason,
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
        summary: '查看账号信息：仅移交后的买家与移交中（已付清、未移交）的客服；客服须写明原因；每次查看都记录',
        tags,
        params: Id,
        querystring: Type.Object({
          reason: Type.Optional(Type.String({ title: '查看原因', maxLength: 200 })),
        }),
        response: {
          200: Ajax(Type.Object({ account: Type.String(), password: Type.String(), notes: Type.String() })),
        },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      await consume(deps.kv, [
        { key: `rl:reveal:${viewer.userId}`, max: 30, windowSeconds: 3600, message: '查看过于频繁，请 {s} 秒后再试' },
      ])
      reply.header('Cache-Control', 'no-store')
      return ok(
        await orders.revealCredentials(orderDeps, viewer, request.params.id, {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
          reason: request.query.reason,
        }),
      )
    },
  )
}

export const adminOrderRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'vault' | 'payments'>> = async (
  app,
  deps,
) => {
  const tags = ['admin']
  operatorsOnly(app)
  const orderDeps: orders.OrderDeps = { db: deps.database.db, payments: deps.payments, vault: deps.vault, log: app.log }
  const operator = (request: FastifyRequest): Viewer => ({
    userId: requireRole(request, 'operator').id,
    operator: true,
  })

  app.post('/admin/orders/:id/hand-over', withOrder('客服移交账号（订单须已付清）', tags), async (request) =>
    ok(await orders.handOver(orderDeps, operator(request), request.params.id)),
  )

  app.post(
    '/admin/orders/:id/refund',
    withOrder('客服退款：已付款项原路退回，商品重新上架', tags, {
      body: Body({ reason: Type.String({ title: '退款原因', minLength: 1, maxLength: 200 }) }),
    }),
    async (request) =>
      ok(
        await orders.refundOrder(
          orderDeps,
          operator(request),
          request.params.id,
          (request.body as { reason: string }).reason,
        ),
      ),
  )
}
