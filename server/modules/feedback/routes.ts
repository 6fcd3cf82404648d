/** Feedback (API.md, "Messages, feedback"): submit and list one's own; the operator's reply under /admin. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Body, Id, literals, MAX_ID, NullableTime, pageParams, Time } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { operatorsOnly, requireUser } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { consume } from '../../lib/rateLimit'
import * as feedback from './service'

const PROBLEM_TYPES = ['suggestion', 'problem', 'complaint', 'merchant', 'escrow'] as const
const contactText = (title: string) => Type.Optional(Type.String({ title, maxLength: 20 }))

const ProblemBody = Body({
  type: literals(PROBLEM_TYPES, {
    title: '反馈类型',
    description: 'suggestion 改进建议 · problem 问题反馈 · complaint 投诉举报 · merchant 商务合作 · escrow 中介担保',
  }),
  title: Type.String({ title: '标题', minLength: feedback.TITLE_LENGTH.min, maxLength: feedback.TITLE_LENGTH.max }),
  content: Type.String({
    title: '内容',
    minLength: feedback.CONTENT_LENGTH.min,
    maxLength: feedback.CONTENT_LENGTH.max,
  }),
  images: Type.Array(Type.String({ title: '图片', maxLength: 200 }), {
    title: '图片',
    maxItems: feedback.MAX_IMAGES,
    uniqueItems: true,
    description: '/upload/image 返回的地址',
  }),
  phone: contactText('手机号'),
  qq: contactText('QQ'),
  escrow: Type.Optional(
    Body(
      {
        gameId: Id('游戏'),
        account: Type.String({ title: '交易账号', minLength: 1, maxLength: 64 }),
        price: Type.Integer({ title: '成交价', minimum: 1, maximum: MAX_ID, description: '分' }),
        counterpartyPhone: contactText('对方手机号'),
        counterpartyQq: contactText('对方 QQ'),
      },
      { title: '交易信息', description: '类型为 escrow 时必填，其他类型不能填' },
    ),
  ),
})

const Escrow = Type.Object({
  gameId: Type.Integer(),
  gameName: Type.String(),
  account: Type.String(),
  price: Type.Integer(),
  counterpartyPhone: Type.Optional(Type.String()),
  counterpartyQq: Type.Optional(Type.String()),
})

const Problem = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  phone: Type.String(),
  qq: Type.String(),
  escrow: Type.Union([Escrow, Type.Null()]),
  status: Type.String({ description: 'open 待回复 · replied 已回复 · closed 已关闭' }),
  reply: Type.String(),
  repliedAt: NullableTime,
  createdAt: Time,
})

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
        body: ProblemBody,
        response: { 200: Ajax(Type.Object({ id: Type.Integer() })) },
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
        querystring: Type.Object(pageParams),
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
  operatorsOnly(app)
  app.post(
    '/admin/problems/:id/reply',
    {
      schema: {
        summary: '回复反馈：状态变为已回复，并给用户发一条系统消息',
        tags: ['admin'],
        params: Type.Object({ id: Id('反馈编号') }),
        body: Body({ reply: Type.String({ title: '回复内容', minLength: 1, maxLength: 1000 }) }),
        response: { 200: Ajax(Problem) },
      },
    },
    async (request) =>
      ok(await feedback.replyToProblem(database.db, requireUser(request).id, request.params.id, request.body.reply)),
  )
}
