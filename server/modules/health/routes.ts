import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { pingDatabase, type Database } from '../../db'
import { Ajax, AppError, ok } from '../../lib/envelope'
import type { KvStore } from '../../lib/kv'

const Health = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Literal('up'),
  uptime: Type.Integer({ description: '进程运行秒数' }),
  kv: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
})

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; kv: KvStore }> = async (
  app,
  { database, kv },
) => {
  app.get(
    '/health',
    { schema: { summary: '健康检查', tags: ['system'], response: { 200: Ajax(Health) } } },
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
