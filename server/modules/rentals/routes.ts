/**
 * 租号 (API.md, "Rentals"): the renter hires, pays through /pay/{orderId}, reads the account while the rental
 * runs, renews, returns early and complains; the owner confirms the return or complains; the lists of both
 * sides. Staff's complaint queue and decision under /admin/rentals (audited).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Credentials } from '../../../src/contract/orders'
import {
  AdminRentalsQuery,
  Rental,
  RentalComplaintRequest,
  RentalDecision,
  RentalPayable,
  RentalRenewal,
  RentalRequest,
  RentalsQuery,
} from '../../../src/contract/rentals'
import { Id } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { clientOf, viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { gateReveal } from '../../lib/rateLimit'
import { staffOnly } from '../../lib/staff'
import * as rentals from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'vault' | 'kv'>

const RentalId = Type.Object({ id: Id('租号编号') })

export const rentalRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, database, payments, vault, kv }) => {
  const deps = { db: database.db, payments, vault, log: app.log, dataDir: config.dataDir }
  const tags = ['rentals']
  const mine = (summary: string) => ({ schema: { summary, tags, params: RentalId, response: { 200: Ajax(Rental) } } })

  app.post(
    '/need/rental',
    {
      schema: {
        summary: '租号（需实名）：按时长下单，租金 + 押金与订单一样支付（POST /pay/{orderId}）',
        tags,
        body: RentalRequest,
        response: { 200: Ajax(RentalPayable) },
      },
    },
    async (request) => ok(await rentals.rent(database.db, viewerOf(request), request.body)),
  )

  app.get(
    '/need/rentals',
    {
      schema: {
        summary: '我的租号：租客（renter，默认）或号主（owner）的，新的在前',
        tags,
        querystring: RentalsQuery,
        response: { 200: Ajax(Type.Array(Rental)) },
      },
    },
    async (request) => ok(await rentals.myRentals(database.db, viewerOf(request), request.query)),
  )

  app.get('/need/rental/:id', mine('租号详情（租客或号主）：状态、起止时间、金额与可做的操作'), async (request) =>
    ok(await rentals.myRental(database.db, viewerOf(request), request.params.id)),
  )

  app.get(
    '/need/rental/:id/credentials',
    {
      schema: {
        summary: '查看账号（租客，租用中且未到期）：每次查看都记录',
        tags,
        params: RentalId,
        response: { 200: Ajax(Credentials) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      await gateReveal(kv, reply, viewer.userId)
      return ok(await rentals.credentials(deps, viewer, request.params.id, clientOf(request)))
    },
  )

  app.post(
    '/need/rental/:id/renew',
    {
      schema: {
        summary: '续租（租用中）：得到续租订单，支付后到期时间顺延',
        tags,
        params: RentalId,
        body: RentalRenewal,
        response: { 200: Ajax(RentalPayable) },
      },
    },
    async (request) => ok(await rentals.renew(deps, viewerOf(request), request.params.id, request.body.hours)),
  )

  app.post('/need/rental/:id/cancel', mine('取消待支付的租号'), async (request) =>
    ok(await rentals.cancel(deps, viewerOf(request), request.params.id)),
  )

  app.post('/need/rental/:id/return', mine('提前归还（租客）：号主 2 小时内验号'), async (request) =>
    ok(await rentals.giveBack(deps, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/rental/:id/complain',
    {
      schema: {
        summary: '投诉（租客租用中；号主租用中或验号期间）：开始 15 分钟内账号不符/密码错误全额退款，其余由客服处理',
        tags,
        params: RentalId,
        body: RentalComplaintRequest,
        response: { 200: Ajax(Rental) },
      },
    },
    async (request) => ok(await rentals.complain(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.post('/need/rental/:id/confirm-return', mine('号主确认归还：立即结算租金并退还押金'), async (request) =>
    ok(await rentals.confirmReturn(deps, viewerOf(request), request.params.id)),
  )

  app.get(
    '/admin/rentals',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '租号队列：投诉处理中的在前（等得最久的先），其余新的在前',
        tags: ['admin'],
        querystring: AdminRentalsQuery,
        response: { 200: Table(Rental) },
      },
    },
    async (request) => {
      const { rows, total } = await rentals.adminRentals(database.db, request.query)
      return page(rows, total)
    },
  )

  app.get(
    '/admin/rentals/:id',
    {
      config: staffOnly('service', 'finance'),
      schema: { summary: '租号详情', tags: ['admin'], params: RentalId, response: { 200: Ajax(Rental) } },
    },
    async (request) => ok(await rentals.adminRental(database.db, request.params.id)),
  )

  app.post(
    '/admin/rentals/:id/decide',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '处理租号投诉：全额退款（账号下架待号主核对），或结算并从押金中赔偿号主（不超过押金）',
        tags: ['admin'],
        params: RentalId,
        body: RentalDecision,
        response: { 200: Ajax(Rental) },
      },
    },
    async (request) => ok(await rentals.decide(deps, staffOf(request), request.params.id, request.body)),
  )
}
