/** Messages (API.md, "Messages, feedback"): the caller's own, with the unread count for the tab-bar badge. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { Message, MessageId, MessageListQuery, UnreadCount } from '../../../src/contract/messages'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import * as inbox from './service'

export const messageRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const db = database.db
  const tags = ['messages']

  app.get(
    '/need/message/list',
    {
      schema: {
        summary: '我的消息（新的在前）；data.unread 为全部未读数',
        tags,
        querystring: MessageListQuery,
        response: { 200: Type.Object({ ...Table(Message).properties, data: UnreadCount }) },
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
        params: MessageId,
        response: { 200: Ajax(Message) },
      },
    },
    async (request) => ok(await inbox.markRead(db, requireUser(request).id, request.params.id)),
  )
}
