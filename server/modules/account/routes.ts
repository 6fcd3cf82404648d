/** 注销账号 and 下载我的数据 (PIPL): the signed-in user's own, nobody else's. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AccountDeletion, AccountDeletionState, AccountExport } from '../../../src/contract/account'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, ok } from '../../lib/envelope'
import { exportAccount } from './export'
import * as account from './service'

export const accountRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'vault'>> = async (app, deps) => {
  const db = deps.database.db
  const tags = ['account']

  app.get(
    '/need/account/deletion',
    {
      schema: {
        summary: '注销状态：冷静期中的注销申请，以及尚未结束、暂不能注销的事项',
        tags,
        response: { 200: Ajax(AccountDeletionState) },
      },
    },
    async (request) => ok(await account.deletionState(db, requireUser(request).id)),
  )

  app.post(
    '/need/account/deletion',
    {
      schema: {
        summary: '申请注销账号：15 天冷静期后删除或匿名化个人信息；有未结束的订单、商品、租号、包赔等时拒绝并说明',
        tags,
        response: { 200: Ajax(AccountDeletion) },
      },
    },
    async (request) => ok(await account.requestDeletion(db, requireUser(request).id)),
  )

  app.delete(
    '/need/account/deletion',
    { schema: { summary: '撤销注销申请（冷静期内）', tags, response: { 200: Ajax(AccountDeletion) } } },
    async (request) => ok(await account.cancelDeletion(db, requireUser(request).id)),
  )

  app.get(
    '/need/account/export',
    {
      schema: {
        summary: '下载我的数据：本人的全部记录（JSON；不含任何密码与加密字段，手机号与身份证号脱敏）',
        tags,
        response: { 200: Ajax(AccountExport) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id
      reply.header('content-disposition', `attachment; filename="haoanxin-my-data-${userId}.json"`)
      return ok(await exportAccount(deps, userId))
    },
  )
}
