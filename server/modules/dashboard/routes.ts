import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Dashboard } from '../../../src/contract/dashboard'
import type { AppDeps } from '../../deps'
import { Ajax, ok } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import { dashboard } from './service'

export const adminDashboardRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  app.get(
    '/admin/dashboard',
    {
      config: staffOnly('reviewer', 'service', 'editor', 'finance'),
      schema: {
        summary: '工作台：待处理数量（待审核、待移交、打款失败、未回复反馈）与近 30 天订单、GMV、新发布',
        tags: ['admin'],
        response: { 200: Ajax(Dashboard) },
      },
    },
    async () => ok(await dashboard(database.db)),
  )
}
