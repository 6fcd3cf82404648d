/** The signed-in user's own account: profile and real name (API.md, "Session and account"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ProfilePatch, RealNameRequest, RealNameResult, UserCenter, UserProfile } from '../../../src/contract/user'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, ok } from '../../lib/envelope'
import * as user from './service'

export const userRoutes: FastifyPluginAsyncTypebox<
  Pick<AppDeps, 'database' | 'kv' | 'vault' | 'lookupKey' | 'idVerifier'>
> = async (app, deps) => {
  const tags = ['account']

  app.get(
    '/system/user/profile',
    { schema: { summary: '我的资料', tags, response: { 200: Ajax(UserProfile) } } },
    async (request) => ok(await user.loadProfile(deps, requireUser(request).id)),
  )

  app.get(
    '/system/user/center',
    { schema: { summary: '个人中心计数：我的买单与我的代售按状态计数', tags, response: { 200: Ajax(UserCenter) } } },
    async (request) => ok(await user.loadCenter(deps, requireUser(request).id)),
  )

  app.put(
    '/system/user/profile',
    { schema: { summary: '修改我的资料', tags, body: ProfilePatch, response: { 200: Ajax(UserProfile) } } },
    async (request) => ok(await user.updateProfile(deps, requireUser(request).id, request.body)),
  )

  app.post(
    '/realname/auth',
    {
      schema: {
        summary: '实名认证（身份证号加密保存，只返回脱敏值）',
        tags,
        body: RealNameRequest,
        response: { 200: Ajax(RealNameResult) },
      },
    },
    async (request) => ok(await user.verifyRealName(deps, requireUser(request).id, request.body)),
  )
}
