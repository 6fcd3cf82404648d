import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Health, Ready } from '../../../src/contract/health'
import { pingDatabase } from '../../db'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { Ajax, AppError, ok } from '../../lib/envelope'

/**
 * Liveness and readiness. While the server drains before it stops, `/ready` answers 503 (lib/drain.ts), so a
 * proxy or orchestrator that asks it stops sending traffic here.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv'>> = async (
  app,
  { database, kv },
) => {
  const tags = ['system']
  const uptime = () => Math.floor(process.uptime())
  app.get(
    '/health',
    { config: PUBLIC, schema: { summary: '存活检查（进程在应答）', tags, response: { 200: Ajax(Health) } } },
    async () => ok({ status: 'ok' as const, uptime: uptime() }),
  )
  app.get(
    '/ready',
    {
      config: PUBLIC,
      schema: { summary: '就绪检查（数据库与 Redis 可达）', tags, response: { 200: Ajax(Ready) } },
    },
    async (request) => {
      const [db, store] = await Promise.allSettled([pingDatabase(database.db), kv.ping()])
      if (db.status === 'rejected' || store.status === 'rejected') {
        const down = [db.status === 'rejected' && '数据库', store.status === 'rejected' && 'Redis'].filter(Boolean)
        request.log.warn(
          { err: db.status === 'rejected' ? db.reason : (store as PromiseRejectedResult).reason },
          'ready: a dependency is unreachable',
        )
        throw new AppError(503, `${down.join('、')}不可用`, {
          status: 'error',
          db: db.status === 'rejected' ? 'down' : 'up',
          kv: store.status === 'rejected' ? 'down' : kv.kind,
          uptime: uptime(),
        })
      }
      return ok({ status: 'ok' as const, db: 'up' as const, kv: kv.kind, uptime: uptime() })
    },
  )
}
