/** The signed-in user's own account (API.md, "Session and account"), and people at the console (用户). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
  ProfilePatch,
  RealNameRequest,
  RealNameResult,
  StaffRolesChange,
  UserCenter,
  UserId,
  UserProfile,
  UserStateChange,
} from '../../../src/contract/user'
import type { AppDeps } from '../../deps'
import { requireUser } from '../../lib/auth'
import { staffOf } from '../../lib/audit'
import { Ajax, ok, page, Table } from '../../lib/envelope'
import { staffOnly } from '../../lib/staff'
import * as people from './admin'
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

export const adminUserRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database'>> = async (app, { database }) => {
  const tags = ['admin']
  const db = database.db

  app.get(
    '/admin/users',
    {
      config: staffOnly('service'),
      schema: {
        summary: '用户：按用户名、昵称、手机号或编号，角色，是否停用（手机号打码）',
        tags,
        querystring: AdminUsersQuery,
        response: { 200: Table(AdminUser) },
      },
    },
    async (request) => {
      const { pageNum = 1, pageSize = 20, ...filters } = request.query
      const { rows, total } = await people.listUsers(db, { ...filters, pageNum, pageSize })
      return page(rows, total)
    },
  )

  app.get(
    '/admin/users/:id',
    {
      config: staffOnly('service'),
      schema: {
        summary: '用户详情：实名（打码）、买卖数量、在用的登录',
        tags,
        params: UserId,
        response: { 200: Ajax(AdminUserDetail) },
      },
    },
    async (request) => ok(await people.userDetail(db, request.params.id)),
  )

  for (const [action, disabled, summary] of [
    ['disable', true, '停用账号（写明原因；其登录立即失效）'],
    ['enable', false, '启用账号（写明原因）'],
  ] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        config: staffOnly('service'),
        schema: { summary, tags, params: UserId, body: UserStateChange, response: { 200: Ajax(AdminUserDetail) } },
      },
      async (request) =>
        ok(
          await people.setDisabled(
            db,
            { ...staffOf(request), roles: requireUser(request).roles },
            request.params.id,
            disabled,
            request.body.reason,
          ),
        ),
    )
  }

  app.put(
    '/admin/users/:id/roles',
    {
      config: staffOnly(),
      schema: {
        summary: '设置员工角色（仅管理员；其他角色不变）',
        tags,
        params: UserId,
        body: StaffRolesChange,
        response: { 200: Ajax(AdminUserDetail) },
      },
    },
    async (request) => ok(await people.setStaffRoles(db, staffOf(request), request.params.id, request.body.roles)),
  )
}
