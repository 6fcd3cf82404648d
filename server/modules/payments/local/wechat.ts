/**
 * A local WeChat Pay (APIv3) for laptops and tests (never in production): its own merchant and platform
 * RSA key pairs and APIv3 key (DATA_DIR/keys/local-wechat.json), an API on 127.0.0.1 that checks the
 * merchant's `Authorization` signature and signs every answer with the platform key, and a cashier page
 * at `/dev/wechat?out_trade_no=…` whose 支付 posts an encrypted, signed notice to the trade's notify_url.
 * The production adapter (./wechat.ts) talks to it unchanged.
 *
 * `h5_url` and the Native `code_url` are both the absolute cashier URL on the origin of the trade's
 * notify_url (PUBLIC_URL, or the site the buyer is using), so a phone can open the QR code. Trades are
 * kept in DATA_DIR/keys/local-wechat-trades/ and survive a restart.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { sendCashier, sendCashierMessage } from './cashierPage'
import { parseRfc3339, randomToken, rfc3339China, rsaKeyPair, rsaVerify } from '../formats'
import type { NotifyRequest } from '../gateway'
import {
  CASHIER_PREFIX,
  field,
  forwardTo,
  keyFile,
  noticeCourier,
  serveLocalApi,
  TradeBook,
  type LocalGateway,
  type LocalRequest,
  type LocalResponse,
} from './support'
import { createLocalWechatWeb, derivedAppSecret } from './wechatWeb'
import { createLocalQq, QQ_PROXY_PATH } from './qq'
import {
  createWechatGateway,
  encryptResource,
  SIGNATURE_SCHEME,
  wechatpaySignatureHeaders,
  wechatReply,
} from '../wechat'

export interface LocalWechatKeys {
  mchId: string
  appId: string
  merchantSerial: string
  merchantPrivateKey: string
  merchantPublicKey: string
  platformSerial: string
  platformPrivateKey: string
  platformPublicKey: string
  apiV3Key: string
  /** The official account's AppSecret, for web authorisation (absent in key files made before it). */
  appSecret?: string
  /** The mini-program bound to the merchant (absent in key files made before it). */
  miniAppId?: string
  miniAppSecret?: string
  /** The QQ mini-program whose buyers pay through QQ's proxy (absent in key files made before it). */
  qqAppId?: string
  qqAppSecret?: string
}

interface Trade {
  outTradeNo: string
  /** The app the trade was made under (the official account's or the mini-program's). */
  appId?: string
  prepayId: string
  transactionId: string | null
  tradeType: 'MWEB' | 'NATIVE' | 'JSAPI'
  amount: number
  description: string
  notifyUrl: string
  /** Through QQ's proxy: where QQ forwards the notice (notifyUrl is QQ's own). */
  realNotifyUrl?: string
  /** ISO times. */
  expiresAt: string
  createdAt: string
  paidAt: string | null
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  /** out_refund_no → refund. */
  refunds: Record<string, { refundId: string; amount: number; createdAt: string }>
}

const DIGITS = '0123456789'
const HEX = '0123456789ABCDEF'

export function createLocalWechat(dataDir: string, log: (message: string) => void = () => undefined): LocalGateway {
  const keys = keyFile<LocalWechatKeys>(dataDir, 'local-wechat', () => {
    const merchant = rsaKeyPair()
    const platform = rsaKeyPair()
    return {
      mchId: `19${randomToken(8, DIGITS)}`,
      appId: `wx${randomToken(16, '0123456789abcdef')}`,
      merchantSerial: randomToken(40, HEX),
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      platformSerial: `PUB_KEY_ID_0119${randomToken(28, DIGITS)}`,
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      apiV3Key: randomToken(32, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
      appSecret: randomToken(32, '0123456789abcdef'),
      miniAppId: `wx${randomToken(16, '0123456789abcdef')}`,
      miniAppSecret: randomToken(32, '0123456789abcdef'),
      qqAppId: `11${randomToken(8, DIGITS)}`,
      qqAppSecret: randomToken(16, '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    }
  })
  const appSecret = keys.appSecret ?? derivedAppSecret(keys.apiV3Key)
  const mini = {
    appId: keys.miniAppId ?? `wx${derivedAppSecret(`mini:${keys.apiV3Key}`).slice(0, 16)}`,
    appSecret: keys.miniAppSecret ?? derivedAppSecret(`mini-secret:${keys.apiV3Key}`),
  }
  const qqApp = {
    appId: keys.qqAppId ?? `11${derivedAppSecret(`qq:${keys.apiV3Key}`).replace(/\D/g, '').padEnd(8, '0').slice(0, 8)}`,
    appSecret: keys.qqAppSecret ?? derivedAppSecret(`qq-secret:${keys.apiV3Key}`).slice(0, 16),
  }
  const qq = createLocalQq(qqApp)
  const platform = { serial: keys.platformSerial, privateKey: keys.platformPrivateKey }
  const trades = new TradeBook<Trade>(dataDir, 'local-wechat-trades', (trade) => trade.outTradeNo)
  const courier = noticeCourier(log)
  const stranger = { serial: keys.platformSerial, privateKey: rsaKeyPair().privateKey }

  // ------------------------------------------------------------------ the API

  function respond(status: number, data?: Record<string, unknown>): LocalResponse {
    const body = data === undefined ? '' : JSON.stringify(data)
    return {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': randomUUID(),
        ...wechatpaySignatureHeaders(platform, body),
      },
      body,
    }
  }
  const error = (status: number, code: string, message: string) => respond(status, { code, message })

  /**
   * The merchant's signature: scheme, merchant id, certificate serial, fresh timestamp, RSA-SHA256, over
   * the request's own path (`url`, when a proxy passed it on from another).
   */
  function signedByMerchant(request: LocalRequest, url = request.url): boolean {
    const header = String(request.headers.authorization ?? '')
    if (!header.startsWith(`${SIGNATURE_SCHEME} `)) return false
    const parts = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]))
    if (parts.mchid !== keys.mchId || parts.serial_no !== keys.merchantSerial) return false
    if (Math.abs(Date.now() / 1000 - Number(parts.timestamp)) > 300) return false
    const message = `${request.method}\n${url}\n${parts.timestamp}\n${parts.nonce_str}\n${request.body}\n`
    return rsaVerify(message, parts.signature, keys.merchantPublicKey)
  }

  function transactionOf(trade: Trade, overrides: { amount?: number; state?: string } = {}) {
    const state = overrides.state ?? trade.state
    const paid = state === 'SUCCESS' || state === 'REFUND'
    const total = overrides.amount ?? trade.amount
    return {
      appid: trade.appId ?? keys.appId,
      mchid: keys.mchId,
      out_trade_no: trade.outTradeNo,
      ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
      trade_type: trade.tradeType,
      trade_state: state,
      trade_state_desc: paid ? '支付成功' : state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      attach: '',
      ...(paid
        ? {
            bank_type: 'OTHERS',
            success_time: rfc3339China(new Date(trade.paidAt ?? Date.now())),
            payer: { openid: `o${randomToken(27, '0123456789abcdefghijklmnopqrstuvwxyz')}` },
          }
        : {}),
      amount: { total, currency: 'CNY', ...(paid ? { payer_total: total, payer_currency: 'CNY' } : {}) },
    }
  }

  /** The merchant's site: where its notices end up (QQ's proxy forwards them there). */
  const siteOf = (trade: Trade) => new URL(trade.realNotifyUrl ?? trade.notifyUrl).origin

  const cashierUrl = (trade: Trade) =>
    `${siteOf(trade)}${CASHIER_PREFIX}/wechat?out_trade_no=${encodeURIComponent(trade.outTradeNo)}`

  function order(tradeType: Trade['tradeType'], body: Record<string, unknown>, realNotifyUrl?: string): LocalResponse {
    const apps = tradeType === 'JSAPI' ? [keys.appId, mini.appId] : [keys.appId]
    if (!apps.includes(String(body.appid)) || body.mchid !== keys.mchId) {
      return error(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配')
    }
    const amount = (body.amount as { total?: unknown } | undefined)?.total
    const outTradeNo = body.out_trade_no
    let notifyUrl: URL | null
    try {
      notifyUrl = new URL(String(body.notify_url))
    } catch {
      notifyUrl = null
    }
    if (typeof outTradeNo !== 'string' || !/^[\w*-]{6,32}$/.test(outTradeNo)) {
      return error(400, 'PARAM_ERROR', '商户订单号格式错误')
    }
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || !notifyUrl || !body.description) {
      return error(400, 'PARAM_ERROR', '参数错误')
    }
    const known = trades.get(outTradeNo)
    const description = String(body.description)
    if (known && (known.amount !== amount || known.description !== description || known.tradeType !== tradeType)) {
      return error(403, 'OUT_TRADE_NO_USED', '商户订单号重复')
    }
    const now = new Date()
    const trade =
      known ??
      trades.save({
        outTradeNo,
        appId: String(body.appid),
        prepayId: `wx${randomToken(34, '0123456789abcdef')}`,
        transactionId: null,
        tradeType,
        amount: amount as number,
        description,
        notifyUrl: notifyUrl.toString(),
        ...(realNotifyUrl ? { realNotifyUrl } : {}),
        expiresAt: (parseRfc3339(body.time_expire) ?? new Date(now.getTime() + 2 * 3_600_000)).toISOString(),
        createdAt: now.toISOString(),
        paidAt: null,
        state: 'NOTPAY',
        refunds: {},
      })
    if (tradeType === 'JSAPI') return respond(200, { prepay_id: trade.prepayId })
    return respond(200, tradeType === 'MWEB' ? { h5_url: cashierUrl(trade) } : { code_url: cashierUrl(trade) })
  }

  function refund(body: Record<string, unknown>): LocalResponse {
    const trade = trades.get(String(body.out_trade_no))
    if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在')
    const { refund: amount, total } = (body.amount ?? {}) as { refund?: unknown; total?: unknown }
    const refundNo = String(body.out_refund_no ?? '')
    if (!refundNo || !Number.isSafeInteger(amount) || (amount as number) <= 0 || total !== trade.amount) {
      return error(400, 'PARAM_ERROR', '退款参数错误')
    }
    let done = trade.refunds[refundNo]
    if (!done) {
      const refunded = Object.values(trade.refunds).reduce((sum, r) => sum + r.amount, 0)
      if (trade.paidAt === null) return error(403, 'TRADE_ERROR', '订单未支付')
      if (refunded + (amount as number) > trade.amount) return error(403, 'NOT_ENOUGH', '退款金额超过可退金额')
      done = { refundId: `50${randomToken(27, DIGITS)}`, amount: amount as number, createdAt: new Date().toISOString() }
      trades.save({ ...trade, state: 'REFUND', refunds: { ...trade.refunds, [refundNo]: done } })
    } else if (done.amount !== amount) {
      return error(400, 'INVALID_REQUEST', '同一退款单号的金额不一致')
    }
    return respond(200, {
      refund_id: done.refundId,
      out_refund_no: refundNo,
      transaction_id: trade.transactionId,
      out_trade_no: trade.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: rfc3339China(new Date(done.createdAt)),
      success_time: rfc3339China(new Date(done.createdAt)),
      status: 'SUCCESS',
      amount: {
        total: trade.amount,
        refund: done.amount,
        payer_total: trade.amount,
        payer_refund: done.amount,
        currency: 'CNY',
      },
    })
  }

  function handle(request: LocalRequest): LocalResponse {
    const url = new URL(request.url, 'http://127.0.0.1')
    // api.weixin.qq.com's web authorisation is not a merchant call: the app secret is its proof.
    if (request.method === 'GET' && url.pathname === '/sns/oauth2/access_token') return web.accessToken(request)
    if (request.method === 'GET' && url.pathname === '/sns/jscode2session') return web.codeToSession(request)
    if (request.method === 'GET' && url.pathname.startsWith('/cgi-bin/')) return web.jsTicket(request)
    if (request.method === 'GET' && url.pathname === '/api/getToken') return qq.getToken(url)
    if (request.method === 'POST' && url.pathname === QQ_PROXY_PATH) {
      // QQ's proxy: its own checks, then WeChat's, of the order signed for WeChat's path.
      const admitted = qq.admit(url, request)
      if (!('realNotifyUrl' in admitted)) return admitted
      if (!signedByMerchant(request, '/v3/pay/transactions/h5')) return error(401, 'SIGN_ERROR', '签名错误')
      return order('MWEB', JSON.parse(request.body) as Record<string, unknown>, admitted.realNotifyUrl)
    }
    if (!signedByMerchant(request)) return error(401, 'SIGN_ERROR', '签名错误')
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}
    const tradeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname)
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') return order('MWEB', body)
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') return order('NATIVE', body)
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') {
      const payer = body.payer as { openid?: unknown } | undefined
      if (!web.isOurOpenid(payer?.openid)) return error(400, 'PARAM_ERROR', 'openid 与 appid 不匹配')
      return order('JSAPI', body)
    }
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(body)
    if (!tradeMatch) return error(404, 'NOT_FOUND', '接口不存在')
    const trade = trades.get(decodeURIComponent(tradeMatch[1]))
    if (request.method === 'GET' && !tradeMatch[2]) {
      if (url.searchParams.get('mchid') !== keys.mchId) return error(400, 'MCH_NOT_EXISTS', '商户号不存在')
      return trade ? respond(200, transactionOf(trade)) : error(404, 'ORDER_NOT_EXIST', '订单不存在')
    }
    if (request.method === 'POST' && tradeMatch[2]) {
      if (body.mchid !== keys.mchId) return error(400, 'MCH_NOT_EXISTS', '商户号不存在')
      if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在')
      if (trade.state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭')
      if (trade.state !== 'NOTPAY') return error(403, 'TRADE_ERROR', '订单已支付，不能关闭')
      trades.save({ ...trade, state: 'CLOSED' })
      return respond(204)
    }
    return error(404, 'NOT_FOUND', '接口不存在')
  }

  const web = createLocalWechatWeb({
    appId: keys.appId,
    appSecret,
    mini,
    merchantPublicKey: keys.merchantPublicKey,
    tradeOfPrepayId(prepayId) {
      const trade = trades.all().find((t) => t.prepayId === prepayId && t.tradeType === 'JSAPI')
      return trade && { ...trade, closedReason: closedReason(trade) }
    },
    async pay(outTradeNo) {
      const trade = trades.get(outTradeNo)
      if (trade && !closedReason(trade)) await payAndNotify(trade)
    },
  })

  const server = serveLocalApi(handle, (origin) =>
    createWechatGateway(
      {
        mchId: keys.mchId,
        appId: keys.appId,
        serialNo: keys.merchantSerial,
        privateKey: keys.merchantPrivateKey,
        apiV3Key: keys.apiV3Key,
        platformPublicKey: keys.platformPublicKey,
        platformSerial: keys.platformSerial,
        appSecret,
        mini,
        qqMini: qqApp,
        baseUrl: origin,
        snsBaseUrl: origin,
        qqBaseUrl: origin,
      },
      'local',
    ),
  )

  // ------------------------------------------------------------------ notices and cashier

  /** The notice WeChat Pay posts: the transaction encrypted with the APIv3 key, the whole signed. */
  function notice(trade: Trade, overrides: { amount?: number; state?: string } = {}, signer = platform): NotifyRequest {
    const transaction = transactionOf(trade, overrides)
    const paid = transaction.trade_state === 'SUCCESS'
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: rfc3339China(new Date()),
      resource_type: 'encrypt-resource',
      event_type: paid ? 'TRANSACTION.SUCCESS' : `TRANSACTION.${transaction.trade_state}`,
      summary: paid ? '支付成功' : '交易状态变更',
      resource: {
        original_type: 'transaction',
        ...encryptResource(JSON.stringify(transaction), keys.apiV3Key, 'transaction'),
      },
    })
    return { headers: { 'content-type': 'application/json', ...wechatpaySignatureHeaders(signer, rawBody) }, rawBody }
  }

  const closedReason = (trade: Trade) =>
    trade.state === 'SUCCESS' || trade.state === 'REFUND'
      ? '该交易已支付'
      : trade.state === 'CLOSED' || new Date(trade.expiresAt) <= new Date()
        ? '交易已关闭'
        : undefined

  const markPaid = (trade: Trade) =>
    trades.save({
      ...trade,
      state: 'SUCCESS',
      paidAt: new Date().toISOString(),
      transactionId: `4200${randomToken(24, DIGITS)}`,
    })

  /** WeChat only returns to a page of the merchant's own site (its configured H5 domain). */
  function backTo(trade: Trade, redirectUrl: string | undefined): string | undefined {
    try {
      return redirectUrl && new URL(redirectUrl).origin === siteOf(trade) ? redirectUrl : undefined
    } catch {
      return undefined
    }
  }

  function tradeFor(source: unknown, reply: FastifyReply): Trade | undefined {
    const trade = trades.get(field(source, 'out_trade_no') ?? '')
    if (!trade) sendCashierMessage(reply, 'wechat', 404, '交易不存在')
    return trade
  }

  /** The buyer pays: the trade is marked paid and its signed notice posted to the merchant. */
  async function payAndNotify(trade: Trade): Promise<Trade> {
    const paid = markPaid(trade)
    const { headers, rawBody } = notice(paid)
    await courier.deliver(
      paid.realNotifyUrl ?? paid.notifyUrl,
      { headers: headers as Record<string, string>, body: rawBody },
      (status) => status === 200 || status === 204,
    )
    return paid
  }

  const cashier: FastifyPluginAsync = async (app) => {
    await app.register(web.routes)
    app.get('/wechat', { schema: { hide: true } }, async (request, reply) => {
      const trade = tradeFor(request.query, reply)
      if (!trade) return reply
      const back = backTo(trade, field(request.query, 'redirect_url'))
      return sendCashier(reply, {
        brand: 'wechat',
        subject: trade.description,
        amount: trade.amount,
        outTradeNo: trade.outTradeNo,
        closedReason: closedReason(trade),
        fields: back ? { redirect_url: back } : {},
      })
    })

    app.post('/wechat/pay', { schema: { hide: true } }, async (request, reply) => {
      const trade = tradeFor(request.body, reply)
      if (!trade) return reply
      const closed = closedReason(trade)
      if (closed) return sendCashierMessage(reply, 'wechat', 409, `${closed}，无法支付`)
      const paid = await payAndNotify(trade)
      const back = backTo(paid, field(request.body, 'redirect_url'))
      return back
        ? reply.redirect(back)
        : sendCashierMessage(reply, 'wechat', 200, '支付成功，请回到下单的页面查看订单。')
    })

    app.post('/wechat/cancel', { schema: { hide: true } }, async (request, reply) => {
      const trade = tradeFor(request.body, reply)
      if (!trade) return reply
      const back = backTo(trade, field(request.body, 'redirect_url'))
      return back ? reply.redirect(back) : sendCashierMessage(reply, 'wechat', 200, '已取消支付。')
    })
  }

  return {
    channel: 'wechat',
    mode: 'local',
    createTrade: async (request) => (await server.gateway).createTrade(request),
    ...forwardTo(server.gateway),
    notifyReply: wechatReply,
    oauth: web.oauth(
      async (code) => (await server.gateway).oauth!.openidOf(code),
      async () => (await server.gateway).oauth!.jsapiTicket!(),
    ),
    mini: { appId: mini.appId, openidOf: async (code) => (await server.gateway).mini!.openidOf(code) },
    qqMini: true,
    cashier,
    bridge: web.bridge,
    testNotice(outTradeNo, amount, options = {}) {
      const known = trades.get(outTradeNo)
      const now = new Date().toISOString()
      const state = options.status ?? 'SUCCESS'
      // The buyer paid at the gateway (possibly just before a close or the expiry: a race tests need).
      const trade =
        known && !options.foreignKey && state === 'SUCCESS' && known.amount === amount && !known.paidAt
          ? markPaid(known)
          : (known ?? {
              outTradeNo,
              prepayId: '',
              transactionId: `4200${randomToken(24, DIGITS)}`,
              tradeType: 'MWEB',
              amount,
              description: '号安心',
              notifyUrl: '',
              expiresAt: now,
              createdAt: now,
              paidAt: now,
              state: 'SUCCESS',
              refunds: {},
            })
      return notice(trade, { amount, state }, options.foreignKey ? stranger : platform)
    },
    apiOrigin: () => server.origin,
    async close() {
      courier.close()
      await server.close()
    },
  }
}
