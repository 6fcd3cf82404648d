import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { eq } from 'drizzle-orm'
import { Type } from 'typebox'
import { StaffLogin, StaffLoginResult, StaffMe, TotpNow } from '../../../src/contract/staff'
import type { AppDeps } from '../../deps'
import { users } from '../../db/schema'
import { clientOf, requireUser } from '../../lib/auth'
import { Ajax, AppError, ok } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import * as staff from './service'

export const staffRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'kv' | 'vault'>> = async (app, deps) => {
  const tags = ['admin']

  app.post(
    '/admin/login',
    {
      config: { staff: 'public' },
      schema: {
        summary: '管理后台登录：密码 + 动态验证码（首次登录返回绑定用的密钥，不返回令牌）',
        tags,
        body: StaffLogin,
        response: { 200: Ajax(StaffLoginResult) },
      },
    },
    async (request) => ok(await staff.staffLogin(deps, request.body, clientOf(request))),
  )

  app.get(
    '/admin/me',
    {
      config: staffOnly('reviewer', 'service', 'editor', 'finance'),
      schema: { summary: '当前登录的员工', tags, response: { 200: Ajax(StaffMe) } },
    },
    async (request) => {
      const user = requireUser(request)
      const [row] = await deps.database.db
        .select({ userId: users.id, username: users.username, nickName: users.nickName })
        .from(users)
        .where(eq(users.id, user.id))
      return ok({ ...row, roles: staff.staffRolesOf(user.roles) })
    },
  )
}

/** Local mode only (registered under /dev). */
export const staffDevRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'vault'>> = async (app, deps) => {
  app.get(
    '/totp/:username',
    {
      schema: {
        summary: '员工此刻可用的动态验证码（仅开发环境）',
        tags: ['dev'],
        params: Type.Object({ username: Type.String({ title: '用户名' }) }),
        response: { 200: Ajax(TotpNow) },
      },
    },
    async (request) => {
      const code = await staff.currentTotp(deps, request.params.username)
      if (code === null) throw new AppError(404, '该用户没有动态验证码')
      return ok({ code })
    },
  )
}
