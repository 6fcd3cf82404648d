import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  Captcha,
  PasswordLogin,
  PasswordReset,
  PhoneLogin,
  PhoneSession,
  Registered,
  Registration,
  SessionToken,
  SmsRequest,
  SmsSent,
} from '../../../src/contract/auth'
import type { AppDeps } from '../../deps'
import { OPTIONAL, PUBLIC } from '../../lib/access'
import { clientOf as client, requireUser, revokeSession, revokeSessions } from '../../lib/auth'
import { Ajax, AjaxOk, ok } from '../../lib/envelope'
import * as auth from './service'

export const authRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'config' | 'database' | 'kv' | 'sms'>> = async (
  app,
  appDeps,
) => {
  const tags = ['account']
  const deps = { ...appDeps, log: app.log }

  app.get(
    '/captchaImage',
    {
      config: PUBLIC,
      schema: {
        summary: '图形验证码（2 分钟内有效，只能校验一次；每 IP 每分钟 30 张）',
        tags,
        response: { 200: Ajax(Captcha) },
      },
    },
    async (request) => ok(await auth.issueCaptcha(deps, client(request))),
  )

  app.get(
    '/sms/sendYzm',
    {
      config: PUBLIC,
      schema: {
        summary: '发送短信验证码（需图形验证码；每号 60 秒 1 次、每天 10 次，每 IP 每小时 20 次）',
        tags,
        querystring: SmsRequest,
        response: { 200: Ajax(SmsSent) },
      },
    },
    async (request) => ok(await auth.sendSmsCode(deps, request.query, client(request))),
  )

  app.post(
    '/login',
    {
      config: PUBLIC,
      schema: {
        summary: '账号密码登录',
        tags,
        body: PasswordLogin,
        response: { 200: Ajax(SessionToken) },
      },
    },
    async (request) => ok(await auth.loginByPassword(deps, request.body, client(request))),
  )

  app.post(
    '/h5/login',
    {
      config: PUBLIC,
      schema: {
        summary: '手机号验证码登录（首次登录即注册）',
        tags,
        body: PhoneLogin,
        response: { 200: Ajax(PhoneSession) },
      },
    },
    async (request) => ok(await auth.loginByPhone(deps, request.body, client(request))),
  )

  app.post(
    '/register',
    {
      config: PUBLIC,
      schema: {
        summary: '注册',
        tags,
        body: Registration,
        response: { 200: Ajax(Registered) },
      },
    },
    async (request) => ok(await auth.register(deps, request.body)),
  )

  app.post(
    '/h5/SmsforPwd',
    {
      config: OPTIONAL,
      schema: {
        summary: '短信验证码找回或修改密码（结束该用户的其他登录；登录后修改已有密码须填当前密码）',
        tags,
        body: PasswordReset,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await auth.setPasswordBySms(deps, request.body, request.user)
      return ok()
    },
  )

  app.post('/logout', { schema: { summary: '退出登录', tags, response: { 200: AjaxOk } } }, async (request) => {
    await revokeSession(deps.database.db, requireUser(request).sessionId)
    return ok()
  })

  app.post(
    '/logout/all',
    { schema: { summary: '退出所有设备：结束本账号的全部登录（包括当前这一个）', tags, response: { 200: AjaxOk } } },
    async (request) => {
      await revokeSessions(deps.database.db, requireUser(request).id)
      return ok()
    },
  )
}
