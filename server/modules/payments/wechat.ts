/**
 * WeChat Pay APIv3 with node:crypto and fetch (notes/backend-recipe.md §4.4), no SDK:
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 …`, an RSA-SHA256 signature by the merchant
 *   key over `METHOD\nURL\ntimestamp\nnonce\nbody\n`;
 * - every answer and notice is verified over `timestamp\nnonce\nbody\n` with the platform public key
 *   named by `Wechatpay-Serial`, and refused when its timestamp is more than 5 minutes off;
 * - a notice's `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key (last 16 bytes: the tag).
 * H5 (`h5_url`, with our return address as `redirect_url`) for phone browsers, JSAPI (a prepay id the page
 * hands to WeChat's own bridge, for the payer's openid from web authorisation) inside WeChat, the same H5
 * trade made through QQ's proxy (which forwards the order and the notice untouched) for the QQ
 * mini-program's qq.requestWxPayment, Native
 * (`code_url` drawn as a PNG QR code: mini-programs do not render SVG) for desktops. The local gateway (./localWechat.ts) is driven
 * by this same adapter.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto'
import QRCode from 'qrcode'
import type { Config } from '../../config'
import { parseRfc3339, randomToken, rfc3339China, rsaSign, rsaVerify } from './formats'
import type { JsapiPayParams, NotifyRequest, PaymentGateway, TradeState, PayerIdentity, WebOauth } from './gateway'

export type WechatPayOptions = NonNullable<Config['wechatPay']> & {
  /** Default https://api.mch.weixin.qq.com. */
  baseUrl?: string
  /** Where the web authorisation's code is exchanged; default https://api.weixin.qq.com. */
  snsBaseUrl?: string
  /** QQ's mini-program API (its token, its WeChat Pay proxy); default https://api.q.qq.com. */
  qqBaseUrl?: string
}

/** Where QQ's proxy wants WeChat Pay to send the notice; QQ forwards it to our `real_notify_url`. */
export const QQ_NOTIFY_PATH = '/wxpay/notify'

/** The JSAPI pay parameters for a prepay id, signed with the merchant key as WeChat's bridge checks them. */
export function jsapiParams(
  merchant: Pick<WechatPayOptions, 'appId' | 'privateKey'>,
  prepayId: string,
): JsapiPayParams {
  const timeStamp = String(Math.floor(Date.now() / 1000))
  const nonceStr = randomToken(32)
  const pkg = `prepay_id=${prepayId}`
  const paySign = rsaSign(`${merchant.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, merchant.privateKey)
  return { appId: merchant.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign }
}

/** The production web authorisation: WeChat's own page, silent (snsapi_base) for a follower or not. */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'

export function authorizeUrl(base: string, appId: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  })
  return `${base}?${query}#wechat_redirect`
}

export const SIGNATURE_SCHEME = 'WECHATPAY2-SHA256-RSA2048'
/** Answers and notices older or newer than this are refused (replays). */
const MAX_SKEW_SECONDS = 300

export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  associated_data?: string
  nonce: string
  original_type?: string
}

/** The `Authorization` header of a merchant request. `url` is the path with its query. */
export function wechatAuthorization(
  merchant: Pick<WechatPayOptions, 'mchId' | 'serialNo' | 'privateKey'>,
  method: string,
  url: string,
  body: string,
): string {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomToken(32)
  const signature = rsaSign(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`, merchant.privateKey)
  return `${SIGNATURE_SCHEME} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
}

/** The headers WeChat Pay signs its answers and notices with, for `body`. */
export function wechatpaySignatureHeaders(platform: { serial: string; privateKey: string }, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = randomToken(32)
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': platform.serial,
    'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, platform.privateKey),
    'wechatpay-signature-type': SIGNATURE_SCHEME,
  }
}

/** True when the timestamp is fresh and the signature is the named platform key's over `body`. */
export function verifyWechatpaySignature(
  header: (name: string) => string | undefined,
  body: string,
  platformKeys: Record<string, string>,
): boolean {
  const timestamp = header('wechatpay-timestamp') ?? ''
  const nonce = header('wechatpay-nonce') ?? ''
  const key = Object.hasOwn(platformKeys, header('wechatpay-serial') ?? '')
    ? platformKeys[header('wechatpay-serial')!]
    : undefined
  if (!key || !/^\d{1,12}$/.test(timestamp) || !nonce) return false
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false
  return rsaVerify(`${timestamp}\n${nonce}\n${body}\n`, header('wechatpay-signature'), key)
}

export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string): EncryptedResource {
  const nonce = randomToken(12, 'abcdefghijklmnopqrstuvwxyz0123456789')
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    associated_data: associatedData,
    nonce,
  }
}

/** Throws when the resource was not encrypted with this key or was altered. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unexpected algorithm ${resource.algorithm}`)
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length < 17) throw new Error('ciphertext too short')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'))
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

/** WeChat Pay takes 200/204 with no body as accepted; anything else is retried. */
export const wechatReply: PaymentGateway['notifyReply'] = (accepted) =>
  accepted
    ? { status: 204, contentType: 'text/plain', body: '' }
    : {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: '通知未通过校验' }),
      }

/** A QR code as a PNG data URL: mini-programs and every browser show it in an <img>. */
export const qrDataUrl = (text: string) => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280 })

const firstHeader = (headers: NotifyRequest['headers']) => (name: string) => {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Transaction states where the buyer's money was taken (REFUND: taken, then given back by us). */
const PAID_STATES = ['SUCCESS', 'REFUND']
const CLOSED_STATES = ['CLOSED', 'REVOKED', 'PAYERROR']

export function createWechatGateway(options: WechatPayOptions, mode: PaymentGateway['mode']): PaymentGateway {
  const baseUrl = (options.baseUrl ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '')
  const platformKeys = { [options.platformSerial]: options.platformPublicKey }

  /**
   * One signed call; the answer's signature is checked before anything in it is read. `via` sends it through
   * a proxy that passes it on to `url` unchanged (QQ's), so the signature still covers `url`.
   */
  async function call(
    method: 'GET' | 'POST',
    url: string,
    payload?: Json,
    via = `${baseUrl}${url}`,
  ): Promise<{ status: number; data: Json }> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const response = await fetch(via, {
      method,
      headers: {
        authorization: wechatAuthorization(options, method, url, body),
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'haoanxin-server',
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(10_000),
    })
    const text = await response.text()
    if (!verifyWechatpaySignature((name) => response.headers.get(name) ?? undefined, text, platformKeys)) {
      throw new Error(`wechatpay ${method} ${url}: answer signature invalid (HTTP ${response.status})`)
    }
    const data: unknown = text ? JSON.parse(text) : {}
    return { status: response.status, data: isRecord(data) ? data : {} }
  }

  const failure = (what: string, { status, data }: { status: number; data: Json }) =>
    new Error(`wechatpay ${what}: HTTP ${status} ${String(data.code ?? '')} ${String(data.message ?? '')}`)

  const tradePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`

  /** The transaction as WeChat Pay has it; null when it does not know the trade. */
  async function transaction(outTradeNo: string): Promise<Json | null> {
    const answer = await call('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(options.mchId)}`)
    if (answer.status === 404 && answer.data.code === 'ORDER_NOT_EXIST') return null
    if (answer.status !== 200) throw failure('query', answer)
    if (answer.data.mchid !== options.mchId || answer.data.out_trade_no !== outTradeNo) {
      throw new Error('wechatpay query: answer for another merchant or trade')
    }
    return answer.data
  }

  const totalOf = (data: Json) => (isRecord(data.amount) ? data.amount.total : undefined)

  const snsBaseUrl = (options.snsBaseUrl ?? 'https://api.weixin.qq.com').replace(/\/+$/, '')
  /** A GET of api.weixin.qq.com; an error answers {errcode, errmsg}. */
  async function snsJson(path: string, query: Record<string, string>): Promise<Json> {
    const response = await fetch(`${snsBaseUrl}${path}?${new URLSearchParams(query)}`, {
      signal: AbortSignal.timeout(10_000),
    })
    const data: unknown = await response.json().catch(() => ({}))
    return isRecord(data) ? data : {}
  }
  /** An openid (a used, expired or foreign code: null). */
  async function snsOpenid(path: string, query: Record<string, string>): Promise<string | null> {
    const data = await snsJson(path, query)
    return typeof data.openid === 'string' && data.openid ? data.openid : null
  }
  const appSecret = options.appSecret
  const oauth: Required<WebOauth> | undefined = appSecret
    ? {
        appId: options.appId,
        authorizeUrl: (redirectUri, state) => authorizeUrl(WECHAT_AUTHORIZE_URL, options.appId, redirectUri, state),
        openidOf: (code) =>
          snsOpenid('/sns/oauth2/access_token', {
            appid: options.appId,
            secret: appSecret,
            code,
            grant_type: 'authorization_code',
          }),
        async jsapiTicket() {
          const token = await snsJson('/cgi-bin/token', {
            grant_type: 'client_credential',
            appid: options.appId,
            secret: appSecret,
          })
          if (typeof token.access_token !== 'string') throw new Error(`wechat token: ${String(token.errmsg)}`)
          const answer = await snsJson('/cgi-bin/ticket/getticket', { access_token: token.access_token, type: 'jsapi' })
          if (typeof answer.ticket !== 'string') throw new Error(`wechat jsapi ticket: ${String(answer.errmsg)}`)
          return { ticket: answer.ticket, expiresIn: Number(answer.expires_in) || 7200 }
        },
      }
    : undefined
  const mini = options.mini
  const miniIdentity: PayerIdentity | undefined = mini && {
    appId: mini.appId,
    openidOf: (code) =>
      snsOpenid('/sns/jscode2session', {
        appid: mini.appId,
        secret: mini.appSecret,
        js_code: code,
        grant_type: 'authorization_code',
      }),
  }

  const qqMini = options.qqMini
  const qqBaseUrl = (options.qqBaseUrl ?? 'https://api.q.qq.com').replace(/\/+$/, '')
  let qqToken: { value: string; until: number } | undefined
  /** The QQ mini-program's access token, kept until five minutes before it ends. */
  async function qqAccessToken(): Promise<string> {
    if (qqToken && qqToken.until > Date.now()) return qqToken.value
    const response = await fetch(
      `${qqBaseUrl}/api/getToken?${new URLSearchParams({ grant_type: 'client_credential', appid: qqMini!.appId, secret: qqMini!.appSecret })}`,
      { signal: AbortSignal.timeout(10_000) },
    )
    const data: unknown = await response.json().catch(() => ({}))
    if (!isRecord(data) || typeof data.access_token !== 'string') {
      throw new Error(`qq getToken: ${isRecord(data) ? String(data.errmsg ?? data.errcode) : 'no answer'}`)
    }
    const seconds = Number(data.expires_in) || 7200
    qqToken = { value: data.access_token, until: Date.now() + Math.max(60, seconds - 300) * 1000 }
    return qqToken.value
  }

  return {
    channel: 'wechat',
    mode,
    ...(oauth ? { oauth } : {}),
    ...(miniIdentity ? { mini: miniIdentity } : {}),
    ...(qqMini ? { qqMini: true } : {}),
    async createTrade(request) {
      const order = {
        appid: options.appId,
        mchid: options.mchId,
        description: request.subject,
        out_trade_no: request.outTradeNo,
        time_expire: rfc3339China(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amount, currency: 'CNY' },
      }
      if (request.client === 'jsapi' || request.client === 'mini') {
        // The same JSAPI trade, under the official account's app or the mini-program's.
        const appId = request.client === 'mini' ? options.mini?.appId : options.appId
        if (!appId || !request.payerOpenid) throw new Error(`wechatpay ${request.client} order: no app or payer`)
        const answer = await call('POST', '/v3/pay/transactions/jsapi', {
          ...order,
          appid: appId,
          payer: { openid: request.payerOpenid },
        })
        if (answer.status !== 200 || typeof answer.data.prepay_id !== 'string') throw failure('jsapi order', answer)
        return { jsapi: jsapiParams({ appId, privateKey: options.privateKey }, answer.data.prepay_id) }
      }
      if (request.client === 'desktop') {
        const answer = await call('POST', '/v3/pay/transactions/native', order)
        if (answer.status !== 200 || typeof answer.data.code_url !== 'string') throw failure('native order', answer)
        return { qrCode: await qrDataUrl(answer.data.code_url) }
      }
      const h5 = { ...order, scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } } }
      if (request.client === 'qq-mini') {
        // QQ's proxy forwards the order and, to real_notify_url, the notice; qq.requestWxPayment opens h5_url.
        if (!qqMini) throw new Error('wechatpay qq-mini order: no QQ mini-program')
        const proxy = `${qqBaseUrl}/wxpay/v3/pay/transactions/h5?${new URLSearchParams({
          appid: qqMini.appId,
          access_token: await qqAccessToken(),
          real_notify_url: request.notifyUrl,
        })}`
        const answer = await call(
          'POST',
          '/v3/pay/transactions/h5',
          { ...h5, notify_url: `${qqBaseUrl}${QQ_NOTIFY_PATH}` },
          proxy,
        )
        if (answer.status !== 200 || typeof answer.data.h5_url !== 'string') throw failure('qq h5 order', answer)
        return { payUrl: answer.data.h5_url }
      }
      const answer = await call('POST', '/v3/pay/transactions/h5', h5)
      if (answer.status !== 200 || typeof answer.data.h5_url !== 'string') throw failure('h5 order', answer)
      // WeChat sends the buyer to redirect_url after the payment (or its cancellation).
      const payUrl = new URL(answer.data.h5_url)
      payUrl.searchParams.set('redirect_url', request.returnUrl)
      return { payUrl: payUrl.toString() }
    },

    async verifyNotify({ headers, rawBody }) {
      if (!verifyWechatpaySignature(firstHeader(headers), rawBody, platformKeys)) return null
      let notice: unknown
      let resource: unknown
      try {
        notice = JSON.parse(rawBody)
        if (!isRecord(notice) || !isRecord(notice.resource)) return null
        resource = JSON.parse(decryptResource(notice.resource as unknown as EncryptedResource, options.apiV3Key))
      } catch {
        return null
      }
      if (!isRecord(resource) || typeof notice.id !== 'string' || resource.mchid !== options.mchId) return null
      const transaction = notice.resource.original_type === 'transaction'
      // A trade of ours is under the official account's app or the mini-program's.
      if (transaction && resource.appid !== options.appId && resource.appid !== options.mini?.appId) return null
      const amount = totalOf(resource)
      if (typeof resource.out_trade_no !== 'string' || !Number.isSafeInteger(amount)) return null
      return {
        noticeId: notice.id,
        outTradeNo: resource.out_trade_no,
        gatewayTradeNo: String(resource.transaction_id ?? ''),
        amount: amount as number,
        paid: transaction && resource.trade_state === 'SUCCESS',
        paidAt: parseRfc3339(resource.success_time),
        raw: resource,
      }
    },

    notifyReply: wechatReply,

    async queryTrade(outTradeNo): Promise<TradeState> {
      const data = await transaction(outTradeNo)
      if (!data) return { state: 'not_found' }
      const state = String(data.trade_state)
      if (PAID_STATES.includes(state)) {
        const amount = totalOf(data)
        if (!Number.isSafeInteger(amount)) throw new Error('wechatpay query: answer without a valid amount')
        return {
          state: 'paid',
          amount: amount as number,
          gatewayTradeNo: String(data.transaction_id),
          paidAt: parseRfc3339(data.success_time),
          raw: data,
        }
      }
      return { state: CLOSED_STATES.includes(state) ? 'closed' : 'pending' }
    },

    async closeTrade(outTradeNo) {
      const answer = await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: options.mchId })
      if (answer.status === 204 || ['ORDER_NOT_EXIST', 'ORDER_CLOSED'].includes(String(answer.data.code))) return
      throw failure('close', answer)
    },

    async refund(outTradeNo, amount, refundNo) {
      // The refund API wants the trade's total beside the refunded amount.
      const data = await transaction(outTradeNo)
      const total = data ? totalOf(data) : undefined
      if (!data || !Number.isSafeInteger(total)) throw new Error(`wechatpay refund: no paid trade ${outTradeNo}`)
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: outTradeNo,
        out_refund_no: refundNo,
        amount: { refund: amount, total, currency: 'CNY' },
      })
      // PROCESSING: accepted, the money arrives later (its own notice); both are final for us.
      if (answer.status === 200 && ['SUCCESS', 'PROCESSING'].includes(String(answer.data.status))) return
      throw failure('refund', answer)
    },
  }
}
