/**
 * The local gateways' cashier pages (`/dev/alipay`, `/dev/wechat`), their stylesheet, and the stand-ins for
 * the apps' in-browser bridges as one script (`/dev/jsbridge.js`, which the H5 page loads in local mode:
 * each part acts only under its app's user agent). Register under
 * `/dev` (CASHIER_PREFIX) and only when `config.devTools`: a production adapter has no cashier, so with
 * real merchant keys this plugin adds nothing but the stylesheet.
 */
import type { FastifyPluginAsync } from 'fastify'
import { CASHIER_CSS } from './cashierPage'
import type { PaymentGateways } from '../gateway'
import { BRIDGE_PATH, CASHIER_PREFIX, localGateways } from './support'

export const paymentDevRoutes: FastifyPluginAsync<{ payments: PaymentGateways }> = async (app, { payments }) => {
  // The cashier's buttons are plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
  app.get('/cashier.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CASHIER_CSS),
  )
  const local = localGateways(payments)
  for (const gateway of local) await app.register(gateway.cashier)
  const bridges = local.map((gateway) => gateway.bridge).join('\n')
  app.get(BRIDGE_PATH.slice(CASHIER_PREFIX.length), { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(bridges),
  )
}
