import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AuditEntry, AuditQuery } from '../../../src/contract/audit'
import type { AppDeps } from '../../deps'
import { page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import * as audit from './service'

export const adminAuditRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  app.get(
    '/admin/audit-log',
    {
      config: staffOnly(),
      schema: {
        summary: '审计日志：谁、做了什么、对象、前后的值、IP、时间（只读，新的在前）',
        tags: ['admin'],
        querystring: AuditQuery,
        response: { 200: Table(AuditEntry) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await audit.auditPage(database.db, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )
}
