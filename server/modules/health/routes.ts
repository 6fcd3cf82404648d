import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Health } from '../../../src/contract/health'
import { pingDatabase } from '../../db'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { Ajax, AppError, ok } from '../../lib/envelope'

export const healthRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv'>> = async (
  app,
  { database, kv },
) => {
  app.get(
    '/health',
    { config: PUBLIC, schema: { summary: '健康检查', tags: ['system'], response: { 200: Ajax(Health) } } },
    async (request) => {
      const uptime = Math.floor(process.uptime())
      try {
        await pingDatabase(database.db)
      } catch (error) {
        request.log.warn({ err: error }, 'health: database unreachable')
        throw new AppError(503, '数据库不可用', { status: 'error', db: 'down', uptime, kv: kv.kind })
      }
      return ok({ status: 'ok' as const, db: 'up' as const, uptime, kv: kv.kind })
    },
  )
}
