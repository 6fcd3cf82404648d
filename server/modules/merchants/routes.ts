/** Merchants (API.md, "Selling, appraisal, recycling"): apply on shanghu; staff decide under /admin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminMerchantApplication,
  AdminMerchantApplicationsQuery,
  MerchantApplication,
  MerchantApplicationId,
  MerchantApplicationReject,
  MerchantApplicationRequest,
  MerchantStanding,
} from '../../../src/contract/merchants'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { requireUser } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import { staffOnly } from '../../lib/staff'
import * as merchants from './service'

export const merchantRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv'>> = async (
  app,
  { database, kv },
) => {
  const db = database.db
  const tags = ['merchants']

  app.post(
    '/merchant/apply',
    {
      schema: {
        summary: '申请成为号商（商务合作）：同一时间只能有一份审核中的申请',
        tags,
        body: MerchantApplicationRequest,
        response: { 200: Ajax(MerchantApplication) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      await consume(kv, [
        { key: `rl:merchant-apply:${user.id}`, max: 5, windowSeconds: 3600, message: '提交过于频繁，请 {s} 秒后再试' },
      ])
      return ok(await merchants.apply(db, user.id, request.body))
    },
  )

  app.get(
    '/merchant/application',
    {
      schema: {
        summary: '我的号商身份与最近一次申请（手机号打码）',
        tags,
        response: { 200: Ajax(MerchantStanding) },
      },
    },
    async (request) => ok(await merchants.standing(db, requireUser(request).id)),
  )
}

export const adminMerchantRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['admin']

  app.get(
    '/admin/merchant-applications',
    {
      config: staffOnly('service'),
      schema: {
        summary: '号商入驻申请：按状态，默认先提交的在前（手机号打码）',
        tags,
        querystring: AdminMerchantApplicationsQuery,
        response: { 200: Table(AdminMerchantApplication) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await merchants.adminApplicationPage(db, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/merchant-applications/:id',
    {
      config: staffOnly('service'),
      schema: {
        summary: '一份号商入驻申请',
        tags,
        params: MerchantApplicationId,
        response: { 200: Ajax(AdminMerchantApplication) },
      },
    },
    async (request) => ok(await merchants.adminApplication(db, request.params.id)),
  )

  app.post(
    '/admin/merchant-applications/:id/approve',
    {
      config: staffOnly('service'),
      schema: {
        summary: '通过号商申请：用户获得号商身份并收到系统消息',
        tags,
        params: MerchantApplicationId,
        response: { 200: Ajax(AdminMerchantApplication) },
      },
    },
    async (request) => ok(await merchants.approveApplication(db, staffOf(request), request.params.id)),
  )

  app.post(
    '/admin/merchant-applications/:id/reject',
    {
      config: staffOnly('service'),
      schema: {
        summary: '驳回号商申请：原因随系统消息告知用户，用户可重新申请',
        tags,
        params: MerchantApplicationId,
        body: MerchantApplicationReject,
        response: { 200: Ajax(AdminMerchantApplication) },
      },
    },
    async (request) =>
      ok(await merchants.rejectApplication(db, staffOf(request), request.params.id, request.body.reason)),
  )
}
