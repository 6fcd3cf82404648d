/** Messages (API.md, "Messages, feedback"): the caller's own, with the unread count for the tab-bar badge. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Id, NullableTime, pageParams, Time } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import * as inbox from './service'

const Message = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  relatedType: Type.Union([Type.String(), Type.Null()], { description: 'order / goods / request；null 为系统消息' }),
  relatedId: Type.Union([Type.Integer(), Type.Null()]),
  readAt: NullableTime,
  createdAt: Time,
})

export const messageRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['messages']

  app.get(
    '/need/message/list',
    {
      schema: {
        summary: '我的消息（新的在前）；data.unread 为全部未读数',
        tags,
        querystring: Type.Object({
          read: Type.Optional(Type.Boolean({ title: '已读', description: 'true 只看已读，false 只看未读' })),
          ...pageParams,
        }),
        response: {
          200: Type.Object({ ...Table(Message).properties, data: Type.Object({ unread: Type.Integer() }) }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { pageNum = 1, pageSize = 10, read } = request.query
      const { rows, total, unread } = await inbox.messagePage(db, user.id, { read, pageNum, pageSize })
      return { ...page(rows, total), data: { unread } }
    },
  )

  app.get(
    '/need/message/changeRead/:id',
    {
      schema: {
        summary: '标记已读（只限自己的消息；重复调用不改变已读时间）',
        tags,
        params: Type.Object({ id: Id('消息编号') }),
        response: { 200: Ajax(Message) },
      },
    },
    async (request) => ok(await inbox.markRead(db, requireUser(request).id, request.params.id)),
  )
}
