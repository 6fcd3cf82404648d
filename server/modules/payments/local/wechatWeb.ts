/**
 * The local WeChat's side for pages inside WeChat's own browser (never in production):
 * - web authorisation: `/dev/wechat/oauth2/authorize` stands for open.weixin.qq.com's silent snsapi_base
 *   page and sends the browser straight back with a one-time code; the local API's
 *   `/sns/oauth2/access_token` exchanges it for an openid, checking the app id and secret;
 * - the bridge (part of `/dev/jsbridge.js`, loaded by the H5 page in local mode) gives a page opened with
 *   WeChat's user agent a `WeixinJSBridge` whose `getBrandWCPayRequest` opens the JSAPI cashier
 *   (`/dev/wechat/jsapi`) over the page. The cashier checks `paySign` with the merchant's public key, as
 *   WeChat does, and its 支付 posts the same signed notice as every local WeChat payment.
 * The mini-program's code2session is the local API's too. Openids carry their own check (an HMAC under the
 * app secret), so they survive a restart with no store.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { CASHIER_PREFIX, field, urlField, type LocalRequest, type LocalResponse } from './support'
import { bridgeScript, sendCashier, sendCashierMessage } from './cashierPage'
import { rsaVerify } from '../formats'
import { authorizeUrl } from '../wechat'
import type { WebOauth } from '../gateway'

const CODE_TTL_MS = 5 * 60_000
const PAY_PARAMS = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const

export interface JsapiTrade {
  outTradeNo: string
  amount: number
  description: string
  closedReason?: string
}

export interface LocalWechatWebOptions {
  appId: string
  /** Kept with the local keys; older key files derive one from their APIv3 key. */
  appSecret: string
  /** The mini-program's app: its `wx.login` codes are exchanged by code2session. */
  mini: { appId: string; appSecret: string }
  merchantPublicKey: string
  tradeOfPrepayId(prepayId: string): JsapiTrade | undefined
  /** Marks the trade paid and posts its notice, as the H5 cashier's 支付 does. */
  pay(outTradeNo: string): Promise<void>
}

/**
 * The stand-in for WeChat's in-browser bridge, only under WeChat's user agent: getBrandWCPayRequest opens
 * the JSAPI cashier; the JS-SDK's config and share cards are accepted, the last card kept for a look at
 * window.__localWechatShare; anything else fails as unsupported.
 */
const BRIDGE_JS = bridgeScript({
  userAgent: /MicroMessenger/i,
  global: 'WeixinJSBridge',
  entry: 'invoke',
  payCall: 'getBrandWCPayRequest',
  cashier: `'wechat/jsapi?' + new URLSearchParams(params).toString()`,
  done: 'wechat/jsapi/done',
  result: 'result',
  answer: `{ err_msg: 'get_brand_wcpay_request:' + (result || 'fail') }`,
  brand: 'wechat',
  extra: `    var accepted = { preVerifyJSAPI: 1, updateAppMessageShareData: 1, updateTimelineShareData: 1 }
    if (!accepted[name]) return callback({ err_msg: name + ':fail 本地模式不支持' })
    if (name !== 'preVerifyJSAPI') window.__localWechatShare = Object.assign({ api: name }, params)
    callback({ err_msg: name + ':ok' })`,
})

export function createLocalWechatWeb(options: LocalWechatWebOptions) {
  const codes = new Map<string, { openid: string; expiresAt: number }>()
  const mac = (nonce: string) => createHmac('sha256', options.appSecret).update(nonce).digest('hex').slice(0, 12)

  function issueOpenid(nonce = randomBytes(8).toString('hex')): string {
    return `o${nonce}${mac(nonce)}`
  }
  const isOurOpenid = (openid: unknown) =>
    typeof openid === 'string' && /^o[0-9a-f]{28}$/.test(openid) && mac(openid.slice(1, 17)) === openid.slice(17)

  const answer = (data: Record<string, unknown>): LocalResponse => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  })

  /**
   * GET /sns/jscode2session, as api.weixin.qq.com answers it. A local `wx.login` code is not WeChat's: any
   * code the mini-program sends names one local user (the same code, the same openid).
   */
  function codeToSession(request: LocalRequest): LocalResponse {
    const query = new URL(request.url, 'http://127.0.0.1').searchParams
    if (query.get('appid') !== options.mini.appId || query.get('secret') !== options.mini.appSecret) {
      return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
    }
    const code = query.get('js_code') ?? ''
    if (!/^[\w-]{1,128}$/.test(code) || query.get('grant_type') !== 'authorization_code') {
      return answer({ errcode: 40029, errmsg: 'invalid code' })
    }
    const nonce = createHmac('sha256', options.mini.appSecret).update(code).digest('hex').slice(0, 16)
    return answer({ openid: issueOpenid(nonce), session_key: randomBytes(16).toString('base64') })
  }

  const accessTokens = new Set<string>()

  /** GET /cgi-bin/token and /cgi-bin/ticket/getticket: the official account's JS-SDK ticket. */
  function jsTicket(request: LocalRequest): LocalResponse {
    const url = new URL(request.url, 'http://127.0.0.1')
    const query = url.searchParams
    if (url.pathname === '/cgi-bin/token') {
      if (query.get('appid') !== options.appId || query.get('secret') !== options.appSecret) {
        return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
      }
      const token = randomBytes(24).toString('hex')
      accessTokens.add(token)
      return answer({ access_token: token, expires_in: 7200 })
    }
    if (!accessTokens.has(query.get('access_token') ?? '') || query.get('type') !== 'jsapi') {
      return answer({ errcode: 40001, errmsg: 'invalid credential' })
    }
    return answer({ errcode: 0, errmsg: 'ok', ticket: randomBytes(32).toString('base64url'), expires_in: 7200 })
  }

  /** GET /sns/oauth2/access_token, as api.weixin.qq.com answers it. */
  function accessToken(request: LocalRequest): LocalResponse {
    const query = new URL(request.url, 'http://127.0.0.1').searchParams
    if (query.get('appid') !== options.appId || query.get('secret') !== options.appSecret) {
      return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
    }
    const code = query.get('code') ?? ''
    const issued = codes.get(code)
    codes.delete(code)
    if (!issued || issued.expiresAt < Date.now() || query.get('grant_type') !== 'authorization_code') {
      return answer({ errcode: 40029, errmsg: 'invalid code' })
    }
    return answer({
      access_token: randomBytes(32).toString('base64url'),
      expires_in: 7200,
      refresh_token: randomBytes(32).toString('base64url'),
      openid: issued.openid,
      scope: 'snsapi_base',
    })
  }

  /** The pay parameters a page handed to the bridge, when the merchant's signature over them holds. */
  function signedParams(source: unknown): Record<(typeof PAY_PARAMS)[number], string> | null {
    const params = Object.fromEntries(PAY_PARAMS.map((name) => [name, field(source, name) ?? '']))
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`
    if (params.appId !== options.appId || params.signType !== 'RSA') return null
    return rsaVerify(message, params.paySign, options.merchantPublicKey)
      ? (params as Record<(typeof PAY_PARAMS)[number], string>)
      : null
  }

  const routes: FastifyPluginAsync = async (app) => {
    const hide = { schema: { hide: true } }

    app.get('/wechat/oauth2/authorize', hide, async (request, reply) => {
      const back = urlField(request.query, 'redirect_uri')
      if (!back) return sendCashierMessage(reply, 'wechat', 400, 'redirect_uri 参数错误')
      if (field(request.query, 'appid') !== options.appId) {
        return sendCashierMessage(reply, 'wechat', 400, 'appid 参数错误')
      }
      const code = randomBytes(16).toString('hex')
      codes.set(code, { openid: issueOpenid(), expiresAt: Date.now() + CODE_TTL_MS })
      back.searchParams.set('code', code)
      back.searchParams.set('state', field(request.query, 'state') ?? '')
      return reply.redirect(back.toString())
    })

    app.get('/wechat/jsapi', hide, async (request, reply) => {
      const params = signedParams(request.query)
      if (!params) return sendCashierMessage(reply, 'wechat', 400, '支付验证签名失败')
      const trade = options.tradeOfPrepayId(params.package.replace(/^prepay_id=/, ''))
      if (!trade) return sendCashierMessage(reply, 'wechat', 404, '交易不存在')
      return sendCashier(reply, {
        brand: 'wechat',
        subject: trade.description,
        amount: trade.amount,
        outTradeNo: trade.outTradeNo,
        closedReason: trade.closedReason,
        fields: params,
        actions: { pay: 'wechat/jsapi/pay', cancel: 'wechat/jsapi/cancel' },
      })
    })

    const done = (result: 'ok' | 'cancel' | 'fail') => `${CASHIER_PREFIX}/wechat/jsapi/done?result=${result}`

    app.post('/wechat/jsapi/pay', hide, async (request, reply) => {
      const params = signedParams(request.body)
      const trade = params && options.tradeOfPrepayId(params.package.replace(/^prepay_id=/, ''))
      if (!trade || trade.closedReason) return reply.redirect(done('fail'))
      await options.pay(trade.outTradeNo)
      return reply.redirect(done('ok'))
    })

    app.post('/wechat/jsapi/cancel', hide, async (_request, reply) => reply.redirect(done('cancel')))

    app.get('/wechat/jsapi/done', hide, async (_request, reply) =>
      sendCashierMessage(reply, 'wechat', 200, '正在返回商户…'),
    )
  }

  /** The authorize page is this site's own `/dev/wechat/oauth2/authorize`, on the origin the page is on. */
  type WechatOauth = Required<WebOauth>
  const oauth = (openidOf: WechatOauth['openidOf'], jsapiTicket: WechatOauth['jsapiTicket']): WechatOauth => ({
    appId: options.appId,
    jsapiTicket,
    authorizeUrl: (redirectUri, state) =>
      authorizeUrl(
        `${new URL(redirectUri).origin}${CASHIER_PREFIX}/wechat/oauth2/authorize`,
        options.appId,
        redirectUri,
        state,
      ),
    openidOf,
  })

  return { accessToken, codeToSession, jsTicket, isOurOpenid, routes, oauth, bridge: BRIDGE_JS }
}

/** A key file written before the app secret existed gets one derived from its APIv3 key. */
export const derivedAppSecret = (apiV3Key: string) =>
  createHash('sha256').update(`app-secret:${apiV3Key}`).digest('hex').slice(0, 32)
