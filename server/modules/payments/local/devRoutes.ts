/**
 * The local gateways' cashier pages (`/dev/alipay`, `/dev/wechat`) and their stylesheet. Register under
 * `/dev` (CASHIER_PREFIX) and only when `config.devTools`: a production adapter has no cashier, so with
 * real merchant keys this plugin adds nothing but the stylesheet.
 */
import type { FastifyPluginAsync } from 'fastify'
import { CASHIER_CSS } from './cashierPage'
import type { PaymentGateways } from '../gateway'
import { isLocalGateway } from './support'

export const paymentDevRoutes: FastifyPluginAsync<{ payments: PaymentGateways }> = async (app, { payments }) => {
  // The cashier's buttons are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.get('/cashier.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CASHIER_CSS),
  )
  for (const channel of ['alipay', 'wechat'] as const) {
    const gateway = payments[channel]
    if (gateway && isLocalGateway(gateway)) await app.register(gateway.cashier)
  }
}
