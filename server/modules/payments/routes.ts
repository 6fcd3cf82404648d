import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AdminPayoutsQuery,
  PayParams,
  PayRequest,
  PayStart,
  Payout,
  PayoutId,
  PayerAuthorize,
  PayerAuthorizeQuery,
  PayerCode,
  MiniCode,
  PayChannelParams,
  WechatJsConfig,
  WechatJsConfigQuery,
} from '../../../src/contract/payments'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { staffOf } from '../../lib/audit'
import { viewerOf } from '../../lib/auth'
import { paymentNotices } from '../../lib/metrics'
import { Ajax, AjaxOk, ok, page, Table } from '../../lib/envelope'
import { siteOrigins } from '../../lib/network'
import * as payouts from './payouts'
import * as payments from './service'
import * as payers from './payers'
import { jsConfig } from './wechatShare'
import { staffOnly } from '../../lib/staff'

/** Starting a payment, and the gateways' notices. */
export const paymentRoutes: FastifyPluginAsyncTypebox<
  Pick<AppDeps, 'config' | 'database' | 'payments' | 'kv'>
> = async (app, deps) => {
  const tags = ['orders']
  const paymentDeps: payments.PaymentDeps = { db: deps.database.db, payments: deps.payments, log: app.log }
  const authDeps = { db: deps.database.db, payments: deps.payments, kv: deps.kv }

  app.get(
    '/pay/:channel/authorize',
    {
      schema: {
        summary:
          '微信或支付宝内支付：取得该应用的网页授权地址（静默授权，回到 redirect 并带上 code/auth_code 与 state）',
        tags,
        params: PayChannelParams,
        querystring: PayerAuthorizeQuery,
        response: { 200: Ajax(PayerAuthorize) },
      },
    },
    async (request) =>
      ok(
        await payers.authorizeUrl(
          authDeps,
          viewerOf(request),
          request.params.channel,
          request.query.redirect,
          siteOrigins(request, deps.config.publicUrl, deps.config.port),
        ),
      ),
  )

  app.post(
    '/pay/:channel/openid',
    {
      schema: {
        summary: '微信或支付宝内支付：用授权回来的授权码换取并保存付款人的标识（state 只对发起授权的用户有效）',
        tags,
        params: PayChannelParams,
        body: PayerCode,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await payers.bindOpenid(authDeps, viewerOf(request), request.params.channel, request.body)
      return ok()
    },
  )

  app.get(
    '/wechat/js-config',
    {
      config: PUBLIC,
      schema: {
        summary: '微信内页面的 JS-SDK 配置（分享卡片）：以公众号 jsapi_ticket 签名本站页面地址',
        tags,
        querystring: WechatJsConfigQuery,
        response: { 200: Ajax(WechatJsConfig) },
      },
    },
    async (request) =>
      ok(await jsConfig(authDeps, request.query.url, siteOrigins(request, deps.config.publicUrl, deps.config.port))),
  )

  app.post(
    '/pay/:channel/mini-session',
    {
      schema: {
        summary: '小程序支付：用登录凭证（微信 wx.login / 支付宝 my.getAuthCode）换取并保存付款人在该小程序的标识',
        tags,
        params: PayChannelParams,
        body: MiniCode,
        response: { 200: AjaxOk },
      },
    },
    async (request) => {
      await payers.bindMiniCode(authDeps, viewerOf(request), request.params.channel, request.body)
      return ok()
    },
  )

  app.post(
    '/pay/:orderId',
    {
      schema: {
        summary: '发起支付：返回支付宝页面地址 / 微信 h5_url 或二维码；返回页不是付款凭证',
        tags,
        params: PayParams,
        body: PayRequest,
        response: { 200: Ajax(PayStart) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const userAgent = String(request.headers['user-agent'] ?? '')
      return ok(
        await payments.startPayment(paymentDeps, viewer, request.params.orderId, request.body, {
          origins: siteOrigins(request, deps.config.publicUrl, deps.config.port),
          ip: request.ip,
          desktop: !/Mobile|Android|iPhone|MicroMessenger/i.test(userAgent),
        }),
      )
    },
  )

  // Gateway notices: the raw body is what the signature covers, so these two routes read it as text.
  app.register(async (notify) => {
    notify.removeAllContentTypeParsers()
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    for (const channel of ['alipay', 'wechat'] as const) {
      const gateway = deps.payments[channel]
      if (!gateway) continue
      notify.post(
        `/pay/notify/${channel}`,
        { schema: { summary: `${channel} 异步通知（验签后处理，幂等）`, tags, hide: true } },
        async (request, reply) => {
          const notice = await gateway.verifyNotify({ headers: request.headers, rawBody: String(request.body ?? '') })
          const outcome = notice ? await payments.applyNotice(paymentDeps, channel, notice) : 'bad_signature'
          paymentNotices.inc({ channel, outcome })
          if (outcome !== 'applied' && outcome !== 'duplicate')
            request.log.warn({ channel, outcome }, 'payment notice not applied')
          const answer = gateway.notifyReply(!['bad_signature', 'unknown_trade', 'amount_mismatch'].includes(outcome))
          return reply.code(answer.status).type(answer.contentType).send(answer.body)
        },
      )
    }
  })
}

/** Staff watch the payouts and retry one the gateway refused (after the seller has fixed their account). */
export const adminPayoutRoutes: FastifyPluginAsyncTypebox<Pick<AppDeps, 'database' | 'payments' | 'vault'>> = async (
  app,
  deps,
) => {
  const payoutDeps: payouts.PayoutDeps = {
    db: deps.database.db,
    payments: deps.payments,
    vault: deps.vault,
    log: app.log,
  }
  app.get(
    '/admin/payouts',
    {
      config: staffOnly('finance'),
      schema: {
        summary: '打款记录：按状态（打款失败的附网关原因）、卖家、订单编号，新的在前',
        tags: ['admin'],
        querystring: AdminPayoutsQuery,
        response: { 200: Table(Payout) },
      },
    },
    async (request) => {
      const { rows, total } = await payouts.listPayouts(deps.database.db, request.query)
      return page(rows, total)
    },
  )

  app.post(
    '/admin/payouts/:id/retry',
    {
      config: staffOnly('finance'),
      schema: {
        summary: '重试打款失败的记录：换新的商户单号立即转账；写入审计',
        tags: ['admin'],
        params: PayoutId,
        response: { 200: Ajax(Payout) },
      },
    },
    async (request) => ok(await payouts.retryPayout(payoutDeps, staffOf(request), request.params.id)),
  )
}
