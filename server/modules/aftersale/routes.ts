/**
 * 申请售后 (API.md, "Orders and payment"): the buyer opens a case on their order, buyer and seller read it, the
 * seller answers; staff's queue (oldest deadline first), a case and its decision under /admin/aftersale.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminAftersaleQuery,
  AftersaleCase,
  AftersaleCaseId,
  AftersaleDecision,
  AftersaleReply,
  AftersaleRequest,
} from '../../../src/contract/aftersale'
import { OrderId } from '../../../src/contract/orders'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import * as aftersale from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'payments'>

export const aftersaleRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, database, payments }) => {
  const deps = { db: database.db, payments, log: app.log, dataDir: config.dataDir }
  const tags = ['aftersale']

  app.post(
    '/need/myOrder/:id/aftersale',
    {
      schema: {
        summary: '申请售后（买家；账号移交后，或完成后的保障期内）：订单进入售后，卖家货款冻结',
        tags,
        params: OrderId,
        body: AftersaleRequest,
        response: { 200: Ajax(AftersaleCase) },
      },
    },
    async (request) => ok(await aftersale.openCase(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.get(
    '/need/aftersale/:id',
    {
      schema: {
        summary: '售后单（买家或卖家）：状态、期限、双方说明与处理结果',
        tags,
        params: AftersaleCaseId,
        response: { 200: Ajax(AftersaleCase) },
      },
    },
    async (request) => ok(await aftersale.myCase(database.db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/aftersale/:id/reply',
    {
      schema: {
        summary: '卖家回复售后（48 小时内；也可直接在交易群回复）：转平台处理',
        tags,
        params: AftersaleCaseId,
        body: AftersaleReply,
        response: { 200: Ajax(AftersaleCase) },
      },
    },
    async (request) => ok(await aftersale.reply(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.get(
    '/admin/aftersale',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '售后队列：未处理的按期限最早在前（可按状态筛选，已处理的最新在前）',
        tags: ['admin'],
        querystring: AdminAftersaleQuery,
        response: { 200: Table(AftersaleCase) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, status } = request.query
      const { rows, total } = await aftersale.adminCases(database.db, { status, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/aftersale/:id',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '售后单详情',
        tags: ['admin'],
        params: AftersaleCaseId,
        response: { 200: Ajax(AftersaleCase) },
      },
    },
    async (request) => ok(await aftersale.adminCase(database.db, request.params.id)),
  )

  app.post(
    '/admin/aftersale/:id/decide',
    {
      config: staffOnly('service', 'finance'),
      schema: {
        summary: '处理售后：全额退款（账号退回卖家）、部分退款（少于卖家应得）或驳回（订单回到原状态，计时继续）',
        tags: ['admin'],
        params: AftersaleCaseId,
        body: AftersaleDecision,
        response: { 200: Ajax(AftersaleCase) },
      },
    },
    async (request) => ok(await aftersale.decide(deps, staffOf(request), request.params.id, request.body)),
  )
}
