/**
 * A local Alipay for laptops and tests (never in production): its own RSA2 key pairs (the app's and the
 * gateway's, in DATA_DIR/keys/local-alipay.json), a `gateway.do` on 127.0.0.1 that checks the merchant's
 * signature and signs its answers the way Alipay does (over the exact JSON text of the `*_response`
 * node), and a cashier page at `/dev/alipay` whose 支付 posts a signed notice to the trade's notify_url
 * and sends the browser back with Alipay's signed return parameters. The production adapter
 * (./alipay.ts) talks to it unchanged, so every signature check that guards real money runs here too.
 *
 * Like Alipay, the gateway learns a trade from the signed pay request: when the adapter makes the pay
 * URL (in process) and again when the page is opened, whichever comes first.
 *
 * For pages inside Alipay's own browser it also stands in for Alipay's silent web authorisation
 * (`/dev/alipay/oauth2/publicAppAuthorize.htm` sends the browser straight back with a one-time auth_code,
 * which alipay.system.oauth.token exchanges) and for AlipayJSBridge (part of `/dev/jsbridge.js`, loaded by
 * the H5 page in local mode; it acts under Alipay's user agent only): its tradePay opens `/dev/alipay/trade` over the
 * page, whose 支付 posts the same signed notice as the wap cashier. Trades are kept in
 * DATA_DIR/keys/local-alipay-trades/, so a pay page, a notice retry and a query survive a restart.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { alipayAuthorizeUrl, alipayReply, createAlipayGateway } from '../alipay'
import { bridgeScript, sendCashier, sendCashierMessage, sendTransfers, type CashierView } from './cashierPage'
import {
  chinaTime,
  formatYuan,
  parseChinaTime,
  parseYuan,
  randomToken,
  rsaKeyPair,
  rsaSign,
  rsaVerify,
} from '../formats'
import type { NotifyRequest, PaymentGateway } from '../gateway'
import {
  CASHIER_PREFIX,
  field,
  forwardTo,
  urlField,
  keyFile,
  noticeCourier,
  serveLocalApi,
  TradeBook,
  type LocalGateway,
  type LocalResponse,
  type LocalTransfer,
} from './support'

export interface LocalAlipayKeys {
  appId: string
  appPrivateKey: string
  appPublicKey: string
  gatewayPrivateKey: string
  gatewayPublicKey: string
  /** The merchant's Alipay user id (seller_id). */
  sellerId: string
  /** The Alipay mini-program, signing with the app's keys (absent in key files made before it). */
  miniAppId?: string
}

interface Trade {
  outTradeNo: string
  tradeNo: string
  amount: number
  subject: string
  notifyUrl: string
  returnUrl: string
  /** Where 取消 goes (the wap request's quit_url; else returnUrl). */
  quitUrl?: string
  /** ISO times. */
  expiresAt: string
  createdAt: string
  paidAt: string | null
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
  /** out_request_no → refunded fen. */
  refunds: Record<string, number>
}

const FORM = 'application/x-www-form-urlencoded;charset=utf-8'

/** Alipay's string to sign: sorted `k=v` of every non-empty parameter except those excluded. */
export function alipaySignContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

/** Parameters signed as Alipay signs notices and returns: everything but `sign` and `sign_type`. */
export const signAlipayParams = (params: Record<string, string>, privateKey: string) => ({
  ...params,
  sign: rsaSign(alipaySignContent(params, ['sign', 'sign_type']), privateKey),
})

const businessFailure = (subCode: string, subMsg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
})
const TRADE_NOT_EXIST = businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在')

const AUTH_CODE_TTL_MS = 5 * 60_000

/** AlipayJSBridge's stand-in: tradePay opens the trade's cashier; 9000 paid, 6001 cancelled, 4000 failed. */
const BRIDGE_JS = bridgeScript({
  userAgent: /AlipayClient/i,
  global: 'AlipayJSBridge',
  entry: 'call',
  payCall: 'tradePay',
  cashier: `'alipay/trade?trade_no=' + encodeURIComponent(params.tradeNO || '')`,
  done: 'alipay/trade/done',
  result: 'resultCode',
  answer: `{ resultCode: result || '4000' }`,
  brand: 'alipay',
  extra: `    callback({ error: 1, errorMessage: name + ' 本地模式不支持' })`,
})
const TRADE_STATUS_ERROR = businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')

export function createLocalAlipay(dataDir: string, log: (message: string) => void = () => undefined): LocalGateway {
  const keys = keyFile<LocalAlipayKeys>(dataDir, 'local-alipay', () => {
    const app = rsaKeyPair()
    const gateway = rsaKeyPair()
    return {
      appId: `2021${randomToken(12, '0123456789')}`,
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      gatewayPrivateKey: gateway.privateKey,
      gatewayPublicKey: gateway.publicKey,
      sellerId: `2088${randomToken(12, '0123456789')}`,
      miniAppId: `2021${randomToken(12, '0123456789')}`,
    }
  })
  const miniAppId =
    keys.miniAppId ?? `2021${createHash('sha256').update(keys.appId).digest('hex').replace(/\D/g, '').slice(0, 12)}`
  const trades = new TradeBook<Trade>(dataDir, 'local-alipay-trades', (trade) => trade.outTradeNo)
  const transfers = new TradeBook<LocalTransfer>(dataDir, 'local-alipay-transfers', (transfer) => transfer.outBizNo)
  /** The refusal the next new transfer gets (tests and the dev page arm it); null: it is paid. */
  let nextTransferFailure: string | null = null
  const courier = noticeCourier(log)
  const strangerKey = rsaKeyPair().privateKey

  // ------------------------------------------------------------------ gateway.do

  const success = (trade: Trade, fields: Record<string, string>) => ({
    code: '10000',
    msg: 'Success',
    out_trade_no: trade.outTradeNo,
    trade_no: trade.tradeNo,
    ...fields,
  })

  /** The trade calls, for a trade the gateway knows (else ACQ.TRADE_NOT_EXIST). */
  const api: Record<string, (trade: Trade, biz: Record<string, unknown>) => Record<string, unknown>> = {
    'alipay.trade.query': (trade) =>
      success(trade, {
        trade_status: trade.status,
        total_amount: formatYuan(trade.amount),
        ...(trade.paidAt
          ? { send_pay_date: chinaTime(new Date(trade.paidAt)), buyer_pay_amount: formatYuan(trade.amount) }
          : {}),
      }),
    'alipay.trade.close': (trade) => {
      if (trade.status !== 'WAIT_BUYER_PAY') return TRADE_STATUS_ERROR
      trades.save({ ...trade, status: 'TRADE_CLOSED' })
      return success(trade, {})
    },
    'alipay.trade.refund': (trade, biz) => {
      const requestNo = String(biz.out_request_no ?? trade.outTradeNo)
      const amount = parseYuan(biz.refund_amount)
      const repeated = trade.refunds[requestNo]
      if (repeated === undefined) {
        const refunded = Object.values(trade.refunds).reduce((sum, fen) => sum + fen, 0)
        if (trade.paidAt === null) return TRADE_STATUS_ERROR
        if (amount === null || amount <= 0 || refunded + amount > trade.amount) {
          return businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
        }
        const refunds = { ...trade.refunds, [requestNo]: amount }
        // A fully refunded trade is closed, as at Alipay.
        const status = refunded + amount === trade.amount ? 'TRADE_CLOSED' : trade.status
        trades.save({ ...trade, refunds, status })
      } else if (repeated !== amount) {
        return businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '同一退款请求号的金额不一致')
      }
      return success(trade, {
        refund_fee: formatYuan(amount ?? 0),
        fund_change: repeated === undefined ? 'Y' : 'N',
        gmt_refund_pay: chinaTime(new Date()),
      })
    },
  }

  /** alipay.fund.trans.uni.transfer: pays at once, or refuses as armed; a repeated out_biz_no pays nothing more. */
  function transfer(biz: Record<string, unknown>): Record<string, unknown> {
    const outBizNo = String(biz.out_biz_no ?? '')
    const payee = (biz.payee_info ?? {}) as { identity?: string; name?: string }
    const amount = parseYuan(biz.trans_amount)
    let record = transfers.get(outBizNo)
    if (!record) {
      if (!outBizNo || amount === null || amount < 10 || !payee.identity || !payee.name) {
        return businessFailure('INVALID_PARAMETER', '参数有误')
      }
      record = transfers.save({
        outBizNo,
        amount,
        payeeAccount: payee.identity,
        payeeName: payee.name,
        title: String(biz.order_title ?? ''),
        orderId: `${chinaTime(new Date()).replace(/\D/g, '')}${randomToken(10, '0123456789')}`,
        failure: nextTransferFailure ?? '',
        createdAt: new Date().toISOString(),
      })
      nextTransferFailure = null
    }
    if (record.failure) return businessFailure('PAYEE_USER_INFO_ERROR', record.failure)
    return {
      code: '10000',
      msg: 'Success',
      out_biz_no: record.outBizNo,
      order_id: record.orderId,
      pay_fund_order_id: record.orderId,
      status: 'SUCCESS',
      trans_date: chinaTime(new Date(record.createdAt)),
    }
  }

  /** `{"<method>_response":{…},"sign":"…"}`, signed over the exact text of the node. */
  function answer(method: string, node: Record<string, unknown>): LocalResponse {
    const json = JSON.stringify(node)
    const key = `${method.replaceAll('.', '_')}_response`
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: `{"${key}":${json},"sign":"${rsaSign(json, keys.gatewayPrivateKey)}"}`,
    }
  }

  const signedByMerchant = (params: Record<string, string>) =>
    (params.app_id === keys.appId || params.app_id === miniAppId) &&
    rsaVerify(alipaySignContent(params, ['sign']), params.sign, keys.appPublicKey)

  /** One-time codes of the local web authorisation → the buyer's open_id under the web app. */
  const authCodes = new Map<string, { openId: string; expiresAt: number }>()
  const openIdOf = (appId: string, seed: string) =>
    `0${createHash('sha256').update(`${appId}:${seed}`).digest('base64url').slice(0, 42)}`

  /**
   * alipay.system.oauth.token: the web app's codes are the authorize page's (once each, five minutes); a
   * local my.getAuthCode code is not Alipay's, so any code of the mini-program names one local user (the
   * same code, the same open_id).
   */
  function oauthToken(params: Record<string, string>): Record<string, unknown> {
    const code = params.code ?? ''
    const invalid = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' }
    if (params.grant_type !== 'authorization_code' || !/^[\w-]{1,128}$/.test(code)) return invalid
    let openId: string
    if (params.app_id === miniAppId) openId = openIdOf(miniAppId, code)
    else {
      const issued = authCodes.get(code)
      authCodes.delete(code)
      if (!issued || issued.expiresAt < Date.now()) return invalid
      openId = issued.openId
    }
    return {
      open_id: openId,
      access_token: randomBytes(16).toString('hex'),
      expires_in: 1296000,
      re_expires_in: 2592000,
    }
  }

  /** alipay.trade.create: a trade for its buyer, paid in Alipay's browser or mini-program by tradePay. */
  function createForBuyer(params: Record<string, string>, biz: Record<string, unknown>): Record<string, unknown> {
    if (!biz.buyer_open_id) return businessFailure('ACQ.INVALID_PARAMETER', '参数无效')
    const trade = openTrade(biz, params.notify_url, '')
    return typeof trade === 'string' ? businessFailure('ACQ.INVALID_PARAMETER', trade) : success(trade, {})
  }

  const server = serveLocalApi(
    (request) => {
      const url = new URL(request.url, 'http://127.0.0.1')
      const params = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(request.body)),
      }
      const method = params.method ?? ''
      if (!signedByMerchant(params)) {
        return answer(method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
        })
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>
      if (method === 'alipay.system.oauth.token') return answer(method, oauthToken(params))
      if (method === 'alipay.trade.create') return answer(method, createForBuyer(params, biz))
      if (method === 'alipay.fund.trans.uni.transfer') return answer(method, transfer(biz))
      const run = api[method]
      if (!run) return answer(method, businessFailure('isv.invalid-method', '不存在的方法名'))
      const trade = trades.get(String(biz.out_trade_no))
      return answer(method, trade ? run(trade, biz) : TRADE_NOT_EXIST)
    },
    (origin) =>
      createAlipayGateway(
        {
          appId: keys.appId,
          privateKey: keys.appPrivateKey,
          alipayPublicKey: keys.gatewayPublicKey,
          gateway: `${origin}/gateway.do`,
          miniAppId,
        },
        'local',
      ),
  )

  // ------------------------------------------------------------------ trades and notices

  /** A trade from a signed `alipay.trade.wap.pay` request; an error text when it does not check out. */
  function acceptPayRequest(params: Record<string, string>): Trade | string {
    if (!signedByMerchant(params) || params.method !== 'alipay.trade.wap.pay') return '订单信息签名无效，无法支付'
    let biz: Record<string, unknown>
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>
    } catch {
      return '订单信息格式错误'
    }
    if (!params.return_url) return '订单信息不完整'
    return openTrade(biz, params.notify_url, params.return_url)
  }

  /**
   * The trade a pay request (wap page or mini-program) names: new, or the same one again — the same number
   * with another amount or subject is refused, as at Alipay. An error text when it does not check out.
   */
  function openTrade(biz: Record<string, unknown>, notifyUrl: string | undefined, returnUrl: string): Trade | string {
    const amount = parseYuan(biz.total_amount)
    const outTradeNo = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : ''
    if (!outTradeNo || amount === null || amount <= 0 || !notifyUrl) return '订单信息不完整'
    const subject = String(biz.subject ?? '')
    const known = trades.get(outTradeNo)
    if (known) return known.amount === amount && known.subject === subject ? known : '交易信息被篡改'
    const now = new Date()
    return trades.save({
      outTradeNo,
      tradeNo: `${chinaTime(now).replace(/\D/g, '').slice(0, 8)}22001${randomToken(19, '0123456789')}`,
      amount,
      subject,
      notifyUrl,
      returnUrl,
      ...(typeof biz.quit_url === 'string' && biz.quit_url ? { quitUrl: biz.quit_url } : {}),
      expiresAt: (parseChinaTime(biz.time_expire) ?? new Date(now.getTime() + 15 * 60_000)).toISOString(),
      createdAt: now.toISOString(),
      paidAt: null,
      status: 'WAIT_BUYER_PAY',
      refunds: {},
    })
  }

  const closedReason = (trade: Trade) =>
    trade.status === 'TRADE_SUCCESS'
      ? '该交易已支付'
      : trade.status === 'TRADE_CLOSED' || new Date(trade.expiresAt) <= new Date()
        ? '交易已关闭'
        : undefined

  const markPaid = (trade: Trade) =>
    trades.save({ ...trade, status: 'TRADE_SUCCESS', paidAt: new Date().toISOString() })

  function notice(trade: Trade, overrides: { amount?: number; status?: string } = {}): Record<string, string> {
    const amount = formatYuan(overrides.amount ?? trade.amount)
    const paidAt = chinaTime(trade.paidAt ? new Date(trade.paidAt) : new Date())
    return {
      notify_time: chinaTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: keys.appId,
      auth_app_id: keys.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: '2088102177846880',
      buyer_logon_id: '159****0000',
      seller_id: keys.sellerId,
      trade_status: overrides.status ?? 'TRADE_SUCCESS',
      total_amount: amount,
      receipt_amount: amount,
      invoice_amount: amount,
      buyer_pay_amount: amount,
      point_amount: '0.00',
      subject: trade.subject,
      gmt_create: chinaTime(new Date(trade.createdAt)),
      gmt_payment: paidAt,
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
    }
  }

  /** Where the browser goes after paying: return_url plus Alipay's signed return parameters. */
  function returnUrl(trade: Trade): string {
    const back = new URL(trade.returnUrl)
    const params = signAlipayParams(
      {
        app_id: keys.appId,
        auth_app_id: keys.appId,
        charset: 'utf-8',
        method: 'alipay.trade.wap.pay.return',
        out_trade_no: trade.outTradeNo,
        seller_id: keys.sellerId,
        sign_type: 'RSA2',
        timestamp: chinaTime(new Date()),
        total_amount: formatYuan(trade.amount),
        trade_no: trade.tradeNo,
        version: '1.0',
      },
      keys.gatewayPrivateKey,
    )
    for (const [key, value] of Object.entries(params)) back.searchParams.set(key, value)
    return back.toString()
  }

  /** The buyer pays: the trade is marked paid and its signed notice posted to the merchant. */
  async function payAndNotify(trade: Trade): Promise<Trade> {
    const paid = markPaid(trade)
    await courier.deliver(
      paid.notifyUrl,
      {
        headers: { 'content-type': FORM },
        body: new URLSearchParams(signAlipayParams(notice(paid), keys.gatewayPrivateKey)).toString(),
      },
      (_status, body) => body === 'success',
    )
    return paid
  }

  const tradeByNumber = (tradeNo: string | undefined) => trades.all().find((t) => t.tradeNo === tradeNo)

  /** The cashier for `trade`: what its buttons post (`fields`) and where. */
  const sendTrade = (reply: FastifyReply, trade: Trade, form: Pick<CashierView, 'fields' | 'actions'>) =>
    sendCashier(reply, {
      brand: 'alipay',
      subject: trade.subject,
      amount: trade.amount,
      outTradeNo: trade.outTradeNo,
      closedReason: closedReason(trade),
      ...form,
    })

  // ------------------------------------------------------------------ cashier

  const cashier: FastifyPluginAsync = async (app) => {
    const hide = { schema: { hide: true } }
    app.get('/alipay', hide, async (request, reply) => {
      const params = Object.fromEntries(
        Object.entries(request.query as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>
      const trade = acceptPayRequest(params)
      if (typeof trade === 'string') return sendCashierMessage(reply, 'alipay', 400, trade)
      return sendTrade(reply, trade, { fields: {} })
    })

    app.post('/alipay/pay', hide, async (request, reply) => {
      const trade = trades.get(field(request.body, 'out_trade_no') ?? '')
      if (!trade) return sendCashierMessage(reply, 'alipay', 404, '交易不存在')
      const closed = closedReason(trade)
      if (closed) return sendCashierMessage(reply, 'alipay', 409, `${closed}，无法支付`)
      return reply.redirect(returnUrl(await payAndNotify(trade)))
    })

    app.get('/alipay/oauth2/publicAppAuthorize.htm', hide, async (request, reply) => {
      const back = urlField(request.query, 'redirect_uri')
      if (!back) return sendCashierMessage(reply, 'alipay', 400, 'redirect_uri 参数错误')
      if (field(request.query, 'app_id') !== keys.appId || field(request.query, 'scope') !== 'auth_base') {
        return sendCashierMessage(reply, 'alipay', 400, 'app_id 或 scope 参数错误')
      }
      const code = randomBytes(16).toString('hex')
      authCodes.set(code, { openId: openIdOf(keys.appId, code), expiresAt: Date.now() + AUTH_CODE_TTL_MS })
      back.searchParams.set('app_id', keys.appId)
      back.searchParams.set('source', 'alipay_wallet')
      back.searchParams.set('scope', 'auth_base')
      back.searchParams.set('auth_code', code)
      back.searchParams.set('state', field(request.query, 'state') ?? '')
      return reply.redirect(back.toString())
    })

    /** tradePay's cashier over the page: the trade made by alipay.trade.create, by its number. */
    app.get('/alipay/trade', hide, async (request, reply) => {
      const trade = tradeByNumber(field(request.query, 'trade_no'))
      if (!trade) return sendCashierMessage(reply, 'alipay', 404, '交易不存在')
      return sendTrade(reply, trade, {
        fields: { trade_no: trade.tradeNo },
        actions: { pay: 'alipay/trade/pay', cancel: 'alipay/trade/cancel' },
      })
    })

    const done = (resultCode: string) => `${CASHIER_PREFIX}/alipay/trade/done?resultCode=${resultCode}`

    app.post('/alipay/trade/pay', hide, async (request, reply) => {
      const trade = tradeByNumber(field(request.body, 'trade_no'))
      if (!trade || closedReason(trade)) return reply.redirect(done('4000'))
      await payAndNotify(trade)
      return reply.redirect(done('9000'))
    })

    app.post('/alipay/trade/cancel', hide, async (_request, reply) => reply.redirect(done('6001')))

    app.get('/alipay/trade/done', hide, async (_request, reply) =>
      sendCashierMessage(reply, 'alipay', 200, '正在返回商户…'),
    )

    app.get('/alipay/transfers', hide, async (_request, reply) => sendTransfers(reply, transfers.all()))

    app.post('/alipay/cancel', hide, async (request, reply) => {
      const trade = trades.get(field(request.body, 'out_trade_no') ?? '')
      if (!trade) return sendCashierMessage(reply, 'alipay', 404, '交易不存在')
      return reply.redirect(trade.quitUrl ?? trade.returnUrl)
    })
  }

  const gateway: PaymentGateway = {
    channel: 'alipay',
    mode: 'local',
    // The pay page is this gateway's cashier, on the site the buyer is using (the return URL's origin).
    mini: { appId: miniAppId, openidOf: async (code) => (await server.gateway).mini!.openidOf(code) },
    // The authorisation page is this gateway's own, on the site the page is on.
    oauth: {
      appId: keys.appId,
      authorizeUrl: (redirectUri, state) =>
        alipayAuthorizeUrl(
          `${new URL(redirectUri).origin}${CASHIER_PREFIX}/alipay/oauth2/publicAppAuthorize.htm`,
          keys.appId,
          redirectUri,
          state,
        ),
      openidOf: async (code) => (await server.gateway).oauth!.openidOf(code),
    },
    async createTrade(request) {
      if (request.client === 'jsapi' || request.client === 'mini') return (await server.gateway).createTrade(request)
      const { payUrl } = await (await server.gateway).createTrade(request)
      const signed = new URL(payUrl!)
      const trade = acceptPayRequest(Object.fromEntries(signed.searchParams))
      if (typeof trade === 'string') throw new Error(`local alipay refused its own pay request: ${trade}`)
      return { payUrl: `${new URL(request.returnUrl).origin}${CASHIER_PREFIX}/alipay${signed.search}` }
    },
    ...forwardTo(server.gateway),
    notifyReply: alipayReply,
  }

  return {
    ...gateway,
    mode: 'local',
    cashier,
    bridge: BRIDGE_JS,
    testNotice(outTradeNo, amount, options = {}): NotifyRequest {
      const known = trades.get(outTradeNo)
      const now = new Date().toISOString()
      const payment = !options.foreignKey && (options.status ?? 'TRADE_SUCCESS') === 'TRADE_SUCCESS'
      // The buyer paid at the gateway (possibly just before a close or the expiry: a race tests need).
      const trade =
        known && payment && known.amount === amount && !known.paidAt
          ? markPaid(known)
          : (known ?? {
              outTradeNo,
              tradeNo: `T${outTradeNo}`,
              amount,
              subject: '号安心',
              notifyUrl: '',
              returnUrl: '',
              expiresAt: now,
              createdAt: now,
              paidAt: now,
              status: 'TRADE_SUCCESS',
              refunds: {},
            })
      const params = notice(trade, { amount, status: options.status })
      return {
        headers: { 'content-type': FORM },
        rawBody: new URLSearchParams(
          signAlipayParams(params, options.foreignKey ? strangerKey : keys.gatewayPrivateKey),
        ).toString(),
      }
    },
    apiOrigin: () => server.origin,
    failNextTransfer(reason: string) {
      nextTransferFailure = reason
    },
    async close() {
      courier.close()
      await server.close()
    },
  }
}
