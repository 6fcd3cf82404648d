/**
 * Stand-ins for a laptop and for tests; `buildApp` registers them only when `devTools` is on, so they
 * do not exist with NODE_ENV=production.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { AppDeps } from '../../deps'
import { AppError, ok } from '../../lib/envelope'

export const devRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'kv' | 'sms'>> = async (app, { kv, sms }) => {
  const tags = ['dev']

  app.get(
    '/sms/outbox',
    {
      schema: {
        summary: '本地短信发件箱（最新在前，仅开发环境）',
        tags,
        querystring: Type.Object({ phone: Type.Optional(Type.String({ title: '手机号' })) }),
      },
    },
    async (request) => {
      if (sms.kind !== 'local') throw new AppError(404, '已配置真实短信通道，没有本地发件箱')
      return ok(sms.outbox(request.query.phone))
    },
  )

  app.get(
    '/captcha/:uuid',
    {
      schema: {
        summary: '图形验证码的答案（仅开发环境，不消耗验证码）',
        tags,
        params: Type.Object({ uuid: Type.String({ title: '图形验证码编号' }) }),
      },
    },
    async (request) => {
      const answer = await kv.get(`captcha:${request.params.uuid}`)
      if (answer === null) throw new AppError(404, '验证码不存在或已过期')
      return ok({ answer })
    },
  )
}
