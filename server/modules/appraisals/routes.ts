/**
 * 账号估价 (API.md, "Selling, appraisal, recycling"): one appraisal of the user's (they are filed and listed
 * through /account/backlist with `mode: appraise`); the console's 估价 queue for those the index could not price.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminAppraisal,
  AdminAppraisalsQuery,
  Appraisal,
  AppraisalEstimateRequest,
  AppraisalId,
} from '../../../src/contract/appraisals'
import type { AppDeps } from '../../deps'
import { staffOf } from '../../lib/audit'
import { viewerOf } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import { CatalogueCache } from '../catalogue/service'
import * as appraisals from './service'

type Deps = Pick<AppDeps, 'config' | 'database'>

export const appraisalRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, database }) => {
  const deps = { db: database.db, dataDir: config.dataDir, cache: new CatalogueCache() }

  app.get(
    '/account/appraisal/:id',
    {
      schema: {
        summary: '我的一个估价单：估价区间、参考价与同类成交',
        tags: ['recycling'],
        params: AppraisalId,
        response: { 200: Ajax(Appraisal) },
      },
    },
    async (request) => ok(await appraisals.myAppraisal(deps, viewerOf(request), request.params.id)),
  )

  app.get(
    '/admin/appraisals',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '估价单：按状态，默认先提交的在前（同类成交不足 5 笔的待人工估价）',
        tags: ['admin'],
        querystring: AdminAppraisalsQuery,
        response: { 200: Table(AdminAppraisal) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await appraisals.adminAppraisalPage(deps, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/appraisals/:id',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '一个估价单（含估价时找到的同类成交）',
        tags: ['admin'],
        params: AppraisalId,
        response: { 200: Ajax(AdminAppraisal) },
      },
    },
    async (request) => ok(await appraisals.adminAppraisal(deps, request.params.id)),
  )

  app.post(
    '/admin/appraisals/:id/estimate',
    {
      config: staffOnly('reviewer'),
      schema: {
        summary: '人工估价：估价区间、参考价与说明，用户收到系统消息',
        tags: ['admin'],
        params: AppraisalId,
        body: AppraisalEstimateRequest,
        response: { 200: Ajax(AdminAppraisal) },
      },
    },
    async (request) => ok(await appraisals.setEstimate(deps, staffOf(request), request.params.id, request.body)),
  )
}
