/** Feedback (API.md, "Messages, feedback"): submit and list one's own; the operator's reply under /admin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminProblem,
  AdminProblemQuery,
  Problem,
  ProblemCreated,
  ProblemId,
  ProblemReply,
  ProblemRequest,
} from '../../../src/contract/feedback'
import { PageQuery } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { staffOf } from '../../lib/audit'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import * as feedback from './service'
import { staffOnly } from '../../lib/staff'

export const feedbackRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'config' | 'kv'>> = async (
  app,
  { database, config, kv },
) => {
  const db = database.db
  const tags = ['feedback']

  app.post(
    '/account/problem',
    {
      schema: {
        summary: '提交反馈、投诉建议、商务合作或中介担保申请',
        tags,
        body: ProblemRequest,
        response: { 200: Ajax(ProblemCreated) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      await consume(kv, [
        { key: `rl:problem:${user.id}`, max: 20, windowSeconds: 3600, message: '提交过于频繁，请 {s} 秒后再试' },
      ])
      return ok(await feedback.createProblem(db, config.dataDir, user.id, request.body))
    },
  )

  app.get(
    '/account/problem/list',
    {
      schema: {
        summary: '我的反馈（新的在前），含状态与客服回复',
        tags,
        querystring: PageQuery,
        response: { 200: Table(Problem) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { pageNum = 1, pageSize = 10 } = request.query
      const { rows, total } = await feedback.problemPage(db, user.id, { pageNum, pageSize })
      return page(rows, total)
    },
  )
}

export const adminFeedbackRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  app.get(
    '/admin/problems',
    {
      config: staffOnly('service'),
      schema: {
        summary: '用户反馈：按状态、类型，先提交的在前（联系电话打码）',
        tags: ['admin'],
        querystring: AdminProblemQuery,
        response: { 200: Table(AdminProblem) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await feedback.adminProblemPage(database.db, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/problems/:id',
    {
      config: staffOnly('service'),
      schema: {
        summary: '一条反馈（联系电话打码）',
        tags: ['admin'],
        params: ProblemId,
        response: { 200: Ajax(AdminProblem) },
      },
    },
    async (request) => ok(await feedback.adminProblem(database.db, request.params.id)),
  )

  app.post(
    '/admin/problems/:id/reply',
    {
      config: staffOnly('service'),
      schema: {
        summary: '回复反馈：状态变为已回复，并给用户发一条系统消息',
        tags: ['admin'],
        params: ProblemId,
        body: ProblemReply,
        response: { 200: Ajax(Problem) },
      },
    },
    async (request) =>
      ok(await feedback.replyToProblem(database.db, staffOf(request), request.params.id, request.body.reply)),
  )
}
