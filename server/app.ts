import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import websocket from '@fastify/websocket'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify from 'fastify'
import helmet from 'helmet'
import type { WebSocketServer } from 'ws'
import { version } from '../package.json'
import { adminConsole } from './admin'
import type { AppDeps } from './deps'
import { h5Routes, isPageUrl, loadH5Build, redirectPage } from './h5'
import { BEARER, guardRoute } from './lib/access'
import { installAuth } from './lib/auth'
import { editableListRoutes } from './lib/editableList'
import { AppError, ErrorReply } from './lib/envelope'
import { installDrain, sayGoingAway } from './lib/drain'
import { BODY_LIMIT_BYTES, installErrorHandler, sendNotFound } from './lib/errors'
import { installMetrics } from './lib/metrics'
import { isLoopback } from './lib/network'
import { checkRouteSchemas } from './lib/validation'
import { appraisalRoutes } from './modules/appraisals/routes'
import { dealRoomRoutes } from './modules/dealRoom/routes'
import { aftersaleRoutes } from './modules/aftersale/routes'
import { rentalRoutes } from './modules/rentals/routes'
import { escrowTicketRoutes } from './modules/escrowTickets/routes'
import { claimRoutes } from './modules/claims/routes'
import { reviewRoutes } from './modules/reviews/routes'
import { accountRoutes } from './modules/account/routes'
import { adminAuditRoutes } from './modules/audit/routes'
import { adminDashboardRoutes } from './modules/dashboard/routes'
import { authRoutes } from './modules/auth/routes'
import { adminCatalogueRoutes, catalogueRoutes } from './modules/catalogue/routes'
import { adminConsignmentRoutes, consignmentRoutes } from './modules/consignment/routes'
import { contentLists } from './modules/content/lists'
import { adminContentRoutes, contentRoutes } from './modules/content/routes'
import { devRoutes } from './modules/dev/routes'
import { adminFeedbackRoutes, feedbackRoutes } from './modules/feedback/routes'
import { healthRoutes } from './modules/health/routes'
import { adminLedgerRoutes } from './modules/ledger/routes'
import { adminMerchantRoutes, merchantRoutes } from './modules/merchants/routes'
import { messageRoutes } from './modules/messages/routes'
import { adminOrderRoutes, orderRoutes } from './modules/orders/routes'
import { priceIndexRoutes } from './modules/priceIndex/routes'
import { paymentDevRoutes } from './modules/payments/local/devRoutes'
import { BRIDGE_PATH, localGateways } from './modules/payments/local/support'
import { adminPayoutRoutes, paymentRoutes } from './modules/payments/routes'
import { recyclingRoutes } from './modules/recycling/routes'
import { adminSettingsRoutes } from './modules/settings/routes'
import { staffDevRoutes, staffRoutes } from './modules/staff/routes'
import { trustLists } from './modules/trust/lists'
import { adminTrustRoutes, trustRoutes } from './modules/trust/routes'
import { uploadFiles, uploadRoutes } from './modules/upload/routes'
import { adminUserRoutes, userRoutes } from './modules/user/routes'

/**
 * The whole HTTP surface, without listening: main.ts listens, tests call `inject()`. The instance is
 * returned before `ready()`, so a test may add a route of its own. A domain module is a plugin in
 * `modules/<domain>/routes.ts` registered below under the `/api` prefix with the dependencies it needs.
 */
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/

export function buildApp(deps: AppDeps) {
  const { config, database, kv, vault, lookupKey, sms, idVerifier, payments, logger = false } = deps
  // In local mode a page opened with WeChat's or Alipay's user agent gets the local stand-in for its bridge.
  const h5 = loadH5Build(config.h5Dir, localGateways(payments).length > 0 ? [BRIDGE_PATH] : [])
  const app = Fastify({
    logger,
    // The proxy's request id (nginx: $request_id) when it sent a well-formed one, so both logs name one request.
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A request that comes while the server closes is answered (with Connection: close), not refused with 503:
    // it may be a POST the proxy would not send again (lib/drain.ts).
    return503OnClosing: false,
    // Fastify's default drops unknown fields silently; the API refuses them instead (400 不支持的字段：x).
    ajv: { customOptions: { removeAdditional: false, discriminator: true } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.addHook('onRoute', (route) => {
    guardRoute(route)
    checkRouteSchemas(route)
    if (route.schema && !route.schema.hide) {
      // Documents the error envelope on every operation of the OpenAPI document.
      const response = { '4xx': ErrorReply, '5xx': ErrorReply, ...(route.schema.response as object | undefined) }
      route.schema = { ...route.schema, response }
    }
  })
  installErrorHandler(app)
  installMetrics(app, database.pool, config.metricsToken)
  // The request id in every answer: what a user reports, and what the logs are searched by.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  installAuth(app, database.db, { ttlDays: config.sessionTtlDays, maxDays: config.sessionMaxDays })
  app.setNotFoundHandler((request, reply) =>
    (request.method === 'GET' || request.method === 'HEAD') && isPageUrl(request.url)
      ? redirectPage(request, reply)
      : sendNotFound(request, reply),
  )

  // Helmet's middleware built once: @fastify/helmet builds it again for every request (parsing the CSP each
  // time), 3–4 % of the server's time on a page of cards.
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'", ...(h5?.scriptHashes ?? [])],
        // Taro's runtime and NutUI set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Taro's H5 uploadFile reads the picked file back from its blob: URL before sending it.
        connectSrc: ["'self'", 'blob:'],
        // A phone testing the server over the LAN speaks plain HTTP; upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  })
  app.addHook('onRequest', (request, reply, done) => secureHeaders(request.raw, reply.raw, () => done()))
  // Below 2 KB a response arrives in the same round trip compressed or not (the first congestion window is
  // ~14 KB), so compressing it costs CPU for nothing: goods detail (1.7 KB) ran 13 % more requests a second.
  // Above it, answers up to 64 KB (a page of cards is 10–40 KB of JSON) are compressed in one synchronous call:
  // the stream pipeline @fastify/compress uses above its default 8 KB took a sixth of the server's busy time on
  // the goods list. Brotli at quality 1 does a page in a third of quality 4's time (its default) for a fifth
  // more bytes — 2.0 KB instead of 1.6 KB, one round trip either way (bench/RESULTS.md, "Findings").
  // The H5 bundles and the console's assets are compressed at the highest quality by the build (server/h5.ts).
  app.register(compress, {
    threshold: 2048,
    syncThreshold: 64 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  })
  app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // Closing tells every socket still open 1001 (drain() has told those open before); the clients fetch what
    // they missed with `after` once they are back.
    preClose(this: { websocketServer: WebSocketServer }, done: () => void) {
      sayGoingAway(this.websocketServer)
      this.websocketServer.close(() => done())
    },
  })
  // After the socket plugin's hooks: an upgrade refused while draining is one the plugin knows, and closes.
  app.after(() => installDrain(app))
  app.register(swagger, {
    openapi: {
      info: {
        title: '号安心 API',
        version,
        description:
          'Envelope `{code, msg, data}`; paged lists `{code, msg, rows, total}`; HTTP status = code. ' +
          'Errors: 400 (msg names the field, data.errors lists {field, message}), 401, 403, 404, 409, 429, 500. ' +
          'Each operation names who may call it: no security (anyone), a bearer token (a signed-in user), both ' +
          '(anyone; a session adds to the answer), and for /api/admin the staff roles in its description.',
      },
      servers: [{ url: config.publicUrl ?? `http://localhost:${config.port}`, description: '本服务' }],
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', description: '登录得到的令牌：Authorization: Bearer <token>' },
        },
      },
    },
  })
  // Personal answers (orders, profile, credentials…) must not sit in a shared or browser cache; a route
  // that wants caching says so itself.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
  // The API's own description is for developers: not served in production.
  if (config.devTools)
    app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI sets inline styles at run time, which its own hash-only style-src blocks.
      transformStaticCSP: (header) =>
        header
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    })

  const api = { prefix: '/api' }
  app.register(healthRoutes, { ...api, database, kv })
  app.register(authRoutes, { ...api, config, database, kv, sms })
  app.register(staffRoutes, { ...api, database, kv, vault })
  app.register(userRoutes, { ...api, database, kv, vault, lookupKey, idVerifier })
  app.register(adminUserRoutes, { ...api, database })
  app.register(accountRoutes, { ...api, database, vault })
  app.register(catalogueRoutes, { ...api, database })
  app.register(adminCatalogueRoutes, { ...api, database, config })
  app.register(consignmentRoutes, { ...api, config, database, kv, vault, lookupKey, payments })
  app.register(adminConsignmentRoutes, { ...api, config, database, vault, lookupKey })
  app.register(orderRoutes, { ...api, database, kv, vault, payments })
  app.register(paymentRoutes, { ...api, config, database, payments, kv })
  app.register(adminOrderRoutes, { ...api, database, kv, vault, payments })
  app.register(adminLedgerRoutes, { ...api, database })
  app.register(adminPayoutRoutes, { ...api, database, payments, vault })
  app.register(adminSettingsRoutes, { ...api, database })
  app.register(adminAuditRoutes, { ...api, database })
  app.register(adminDashboardRoutes, { ...api, database })
  app.register(contentRoutes, { ...api, database })
  app.register(adminContentRoutes, { ...api, database, config })
  app.register(trustRoutes, { ...api, database, kv, lookupKey })
  app.register(adminTrustRoutes, { ...api, database, lookupKey })
  app.register(editableListRoutes, {
    ...api,
    db: database.db,
    lists: [...contentLists(config.dataDir), ...trustLists(config.dataDir)],
    roles: ['editor'],
  })
  app.register(messageRoutes, { ...api, database })
  app.register(feedbackRoutes, { ...api, database, config, kv })
  app.register(adminFeedbackRoutes, { ...api, database })
  app.register(merchantRoutes, { ...api, database, kv })
  app.register(recyclingRoutes, { ...api, config, database, kv, vault, lookupKey })
  app.register(adminMerchantRoutes, { ...api, database })
  app.register(appraisalRoutes, { ...api, config, database })
  app.register(priceIndexRoutes, { ...api, database })
  app.register(dealRoomRoutes, { ...api, config, database, kv })
  app.register(aftersaleRoutes, { ...api, config, database, payments })
  app.register(claimRoutes, { ...api, config, database, payments, vault })
  app.register(rentalRoutes, { ...api, config, database, payments, vault, kv })
  app.register(escrowTicketRoutes, { ...api, config, database, vault, kv, lookupKey })
  app.register(reviewRoutes, { ...api, database })
  app.register(uploadRoutes, { ...api, config, kv })
  app.register(uploadFiles, { config })
  if (config.devTools) {
    app.register(
      async (dev) => {
        // The outbox shows anyone's sign-in code and the cashier marks trades paid: this machine only,
        // judged by the socket (a header could say anything), whatever address the server listens on.
        dev.addHook('onRequest', async (request) => {
          if (!isLoopback(request.socket.remoteAddress)) throw new AppError(403, '开发工具仅限本机访问')
        })
        await dev.register(devRoutes, { kv, sms })
        await dev.register(staffDevRoutes, { database, vault })
        await dev.register(paymentDevRoutes, { payments })
      },
      { prefix: '/dev' },
    )
  }
  app.register(h5Routes, { build: h5 })
  app.register(adminConsole, { dir: config.adminDir })
  return app
}

export type App = ReturnType<typeof buildApp>
