/**
 * 包赔 (API.md, "Trust"): the buyer files a claim on an order and follows it; the public figures; staff's
 * queue and decisions under /admin/claims (audited).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AdminClaim,
  AdminClaimsQuery,
  Claim,
  ClaimApproval,
  ClaimId,
  ClaimInfo,
  ClaimInfoRequest,
  ClaimRecovery,
  ClaimRejection,
  ClaimRequest,
  ClaimStats,
  FundContributionRequest,
  GuaranteeFund,
} from '../../../src/contract/claims'
import { OrderId } from '../../../src/contract/orders'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import { contribute, guaranteeFund } from './fund'
import * as claims from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'payments' | 'vault'>

export const claimRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, database, payments, vault }) => {
  const deps = { db: database.db, payments, vault, log: app.log, dataDir: config.dataDir }
  const tags = ['claims']
  const desk = staffOnly('service', 'finance')
  const admin = (summary: string) => ({
    summary,
    tags: ['admin'],
    params: ClaimId,
    response: { 200: Ajax(AdminClaim) },
  })

  app.post(
    '/need/myOrder/:id/claim',
    {
      schema: {
        summary: '申请包赔（已完成、购买了包赔的订单，包赔期限内；收款账户加密保存）',
        tags,
        params: OrderId,
        body: ClaimRequest,
        response: { 200: Ajax(Claim) },
      },
    },
    async (request) => ok(await claims.fileClaim(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.get(
    '/need/claims',
    { schema: { summary: '我的包赔申请（新的在前）', tags, response: { 200: Ajax(Type.Array(Claim)) } } },
    async (request) => ok(await claims.myClaims(database.db, viewerOf(request))),
  )

  app.get(
    '/need/claims/:id',
    { schema: { summary: '我的一条包赔申请', tags, params: ClaimId, response: { 200: Ajax(Claim) } } },
    async (request) => ok(await claims.myClaim(database.db, viewerOf(request), request.params.id)),
  )

  app.post(
    '/need/claims/:id/info',
    {
      schema: {
        summary: '补充包赔材料（客服要求补充时）',
        tags,
        params: ClaimId,
        body: ClaimInfo,
        response: { 200: Ajax(Claim) },
      },
    },
    async (request) => ok(await claims.addInfo(deps, viewerOf(request), request.params.id, request.body)),
  )

  app.get(
    '/web/claims/stats',
    {
      config: PUBLIC,
      schema: {
        summary: '包赔公示：近 30/90/365 天的申请、通过、赔付、赔付率、申请到赔付的中位天数与赔付总额',
        tags,
        response: { 200: Ajax(ClaimStats) },
      },
    },
    async () => ok(await claims.claimStats(database.db)),
  )

  app.get(
    '/admin/claims',
    {
      config: desk,
      schema: {
        summary: '包赔申请：按状态，先提交的在前',
        tags: ['admin'],
        querystring: AdminClaimsQuery,
        response: { 200: Table(Claim) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, status } = request.query
      const { rows, total } = await claims.adminClaims(database.db, { status, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/claims/fund',
    {
      config: desk,
      schema: {
        summary: '包赔基金：余额（账本）、已同意待转账、可用余额，与最近的平台注资',
        tags: ['admin'],
        response: { 200: Ajax(GuaranteeFund) },
      },
    },
    async () => ok(await guaranteeFund(database.db)),
  )

  app.post(
    '/admin/claims/fund/contributions',
    {
      config: staffOnly('finance'),
      schema: {
        summary: '记录平台向包赔基金注资（平台自有资金，记入账本）',
        tags: ['admin'],
        body: FundContributionRequest,
        response: { 200: Ajax(GuaranteeFund) },
      },
    },
    async (request) => ok(await contribute(database.db, staffOf(request), request.body)),
  )

  app.get(
    '/admin/claims/:id',
    { config: desk, schema: admin('包赔申请详情：订单的账号查看记录与卖家的成交和赔付记录') },
    async (request) => ok(await claims.adminClaim(database.db, request.params.id)),
  )

  app.post(
    '/admin/claims/:id/approve',
    { config: desk, schema: { ...admin('同意赔付（不超过商品价格与基金可用余额），随即转账'), body: ClaimApproval } },
    async (request) =>
      ok(await claims.approve(deps, staffOf(request), request.params.id, (request.body as ClaimApproval).amount)),
  )

  app.post(
    '/admin/claims/:id/reject',
    { config: desk, schema: { ...admin('驳回包赔申请'), body: ClaimRejection } },
    async (request) =>
      ok(await claims.reject(deps, staffOf(request), request.params.id, (request.body as ClaimRejection).reason)),
  )

  app.post(
    '/admin/claims/:id/request-info',
    { config: desk, schema: { ...admin('要求买家补充材料'), body: ClaimInfoRequest } },
    async (request) =>
      ok(await claims.requestInfo(deps, staffOf(request), request.params.id, (request.body as ClaimInfoRequest).note)),
  )

  app.post(
    '/admin/claims/:id/retry',
    { config: staffOnly('finance'), schema: admin('重新打款（转账被拒后，新的转账单号）') },
    async (request) => ok(await claims.retry(deps, staffOf(request), request.params.id)),
  )

  app.post(
    '/admin/claims/:id/recovery',
    { config: staffOnly('finance'), schema: { ...admin('记录向卖家追回的金额（计入包赔基金）'), body: ClaimRecovery } },
    async (request) =>
      ok(await claims.recordRecovery(deps, staffOf(request), request.params.id, request.body as ClaimRecovery)),
  )
}
