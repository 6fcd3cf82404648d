/** The signed-in user's own account: profile and real name (API.md, "Session and account"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { QQ_PATTERN } from '../../../src/contract/validation'
import { Body } from '../../../src/contract/schemas'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { Ajax, ok } from '../../lib/envelope'
import * as user from './service'

const User = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  avatar: Type.String(),
  phone: Type.String({ description: '脱敏：138****8000' }),
  email: Type.String(),
  sex: Type.String({ description: '0 男 · 1 女 · 2 未知' }),
  qq: Type.String(),
  weixin: Type.String(),
  roles: Type.Array(Type.String()),
  hasPassword: Type.Boolean({ description: '已设置登录密码（修改时需输入当前密码）' }),
  realNameStatus: Type.Union([Type.Literal('none'), Type.Literal('verified')]),
  realName: Type.String({ description: '脱敏：张*' }),
  idNumber: Type.String({ description: '脱敏：110***********1234' }),
})

const ProfilePatch = Body({
  nickName: Type.Optional(Type.String({ title: '昵称', minLength: 1, maxLength: 20 })),
  avatar: Type.Optional(
    Type.String({ title: '头像', pattern: '^(/uploads/[0-9a-f]{40}\\.(jpg|png|webp))?$', maxLength: 80 }),
  ),
  email: Type.Optional(Type.String({ title: '邮箱', maxLength: 64, pattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$' })),
  sex: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')], { title: '性别' })),
  qq: Type.Optional(Type.String({ title: 'QQ', pattern: `^(${QQ_PATTERN.source.slice(1, -1)})?$` })),
  weixin: Type.Optional(Type.String({ title: '微信号', pattern: '^([A-Za-z][-_A-Za-z0-9]{5,19})?$' })),
})

export const userRoutes: FastifyPluginAsyncTypebox<
  Pick<AppDeps, 'database' | 'kv' | 'vault' | 'lookupKey' | 'idVerifier'>
> = async (app, deps) => {
  const tags = ['account']

  app.get(
    '/system/user/profile',
    { schema: { summary: '我的资料', tags, response: { 200: Ajax(User) } } },
    async (request) => ok(await user.loadProfile(deps, requireUser(request).id)),
  )

  app.put(
    '/system/user/profile',
    { schema: { summary: '修改我的资料', tags, body: ProfilePatch, response: { 200: Ajax(User) } } },
    async (request) => ok(await user.updateProfile(deps, requireUser(request).id, request.body)),
  )

  app.post(
    '/realname/auth',
    {
      schema: {
        summary: '实名认证（身份证号加密保存，只返回脱敏值）',
        tags,
        body: Body({
          realName: Type.String({ title: '真实姓名', maxLength: 20 }),
          idNumber: Type.String({ title: '身份证号', maxLength: 18 }),
        }),
        response: {
          200: Ajax(
            Type.Object({
              realNameStatus: Type.Literal('verified'),
              realName: Type.String(),
              idNumber: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await user.verifyRealName(deps, requireUser(request).id, request.body)),
  )
}
