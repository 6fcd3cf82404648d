/**
 * The payment channels against the local gateways: the production adapters (alipay-sdk for Alipay,
 * node:crypto + fetch for WeChat Pay) talk over real HTTP to the stand-ins, every signature is real,
 * and the cashier pages deliver their notices to a merchant server listening on 127.0.0.1.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import { ConfigError, loadConfig } from '../../server/config'
import { createAlipayGateway } from '../../server/modules/payments/alipay'
import { formatYuan, parseYuan, rsaKeyPair, rsaSign, rsaVerify } from '../../server/modules/payments/formats'
import type { NotifyRequest, TradeRequest, VerifiedNotice } from '../../server/modules/payments/gateway'
import {
  createPaymentGateways,
  localGateway,
  paymentDevRoutes,
  type PaymentChannels,
} from '../../server/modules/payments'
import { alipaySignContent, signAlipayParams, type LocalAlipayKeys } from '../../server/modules/payments/local/alipay'
import type { LocalWechatKeys } from '../../server/modules/payments/local/wechat'
import { createWechatGateway, qrDataUrl, wechatpaySignatureHeaders } from '../../server/modules/payments/wechat'

let dataDir: string
let payments: PaymentChannels
let alipay: ReturnType<typeof localGateway>
let wechat: ReturnType<typeof localGateway>
/** The shop: cashier pages under /dev (driven with inject) and notify routes (called by the gateways over HTTP). */
let shop: FastifyInstance
let origin: string
const received: Record<'alipay' | 'wechat', VerifiedNotice[]> = { alipay: [], wechat: [] }

const readKeys = <T>(name: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'keys', `${name}.json`), 'utf8')) as T

let tradeSeq = 0
function trade(overrides: Partial<TradeRequest> = {}): TradeRequest {
  tradeSeq += 1
  return {
    outTradeNo: `P${Date.now()}${String(tradeSeq).padStart(4, '0')}`,
    amount: 9900,
    subject: '号安心-王者荣耀 V10 全皮肤',
    notifyUrl: `${origin}/api/pay/notify/alipay`,
    returnUrl: `${origin}/pages/pay/result?orderId=7`,
    quitUrl: `${origin}/pages/pay/result?orderId=7&payment=quit`,
    expiresAt: new Date(Date.now() + 15 * 60_000),
    client: 'h5',
    clientIp: '203.0.113.9',
    ...overrides,
  }
}

/** A cashier button: a form post. */
const post = (url: string, fields: Record<string, string>) =>
  shop.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })

/** Opens a pay URL of the shop's origin in the "browser" (inject). */
const open = (payUrl: string) => shop.inject({ method: 'GET', url: payUrl.slice(origin.length) })

/**
 * An app's silent authorisation (WeChat's snsapi_base, Alipay's auth_base), as a page inside the app goes
 * through it: back on the page, with our state and the code under the app's own name for it.
 */
async function authorizeIn(gateway: ReturnType<typeof localGateway>, codeName: 'code' | 'auth_code') {
  const redirect = `${origin}/index/pay?id=7`
  const sent = new URL(gateway.oauth!.authorizeUrl(redirect, 'st4te'))
  const back = await open(`${sent.origin}${sent.pathname}${sent.search}`)
  expect(back.statusCode).toBe(302)
  const location = new URL(back.headers.location as string)
  expect(`${location.origin}${location.pathname}`).toBe(`${origin}/index/pay`)
  expect(location.searchParams.get('state')).toBe('st4te')
  return location.searchParams.get(codeName)!
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-payments-'))
  payments = createPaymentGateways({ devTools: true, dataDir })
  alipay = localGateway(payments, 'alipay')
  wechat = localGateway(payments, 'wechat')
  shop = Fastify()
  await shop.register(paymentDevRoutes, { prefix: '/dev', payments })
  await shop.register(async (notify) => {
    notify.removeAllContentTypeParsers()
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    for (const channel of ['alipay', 'wechat'] as const) {
      notify.post(`/api/pay/notify/${channel}`, async (request, reply) => {
        const gateway = payments[channel]!
        const notice = await gateway.verifyNotify({ headers: request.headers, rawBody: String(request.body) })
        if (notice) received[channel].push(notice)
        const answer = gateway.notifyReply(notice !== null)
        return reply.code(answer.status).type(answer.contentType).send(answer.body)
      })
    }
  })
  await shop.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await shop.close()
  await payments.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A one-route HTTP server answering whatever `answer` returns: a gateway that is not ours. */
async function impostor(answer: () => { headers: Record<string, string>; body: string }) {
  const server = http.createServer((_request, response) => {
    const { headers, body } = answer()
    response.writeHead(200, { 'content-type': 'application/json', ...headers })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('amounts', () => {
  test('yuan text ↔ fen exactly, without float drift', () => {
    expect(parseYuan('0.01')).toBe(1)
    expect(parseYuan('30000.00')).toBe(3_000_000)
    expect(parseYuan('99.9')).toBe(9990)
    expect(parseYuan('0.29')).toBe(29) // 0.29 * 100 = 28.999999999999996 in floating point
    for (const bad of ['', '-1.00', '1e3', '0.001', '1,000.00', ' 1.00', '１.00', undefined, 1]) {
      expect(parseYuan(bad)).toBeNull()
    }
    expect(formatYuan(1)).toBe('0.01')
    expect(formatYuan(3_000_000)).toBe('30000.00')
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (fen) => parseYuan(formatYuan(fen)) === fen))
  })
})

describe('Alipay through the local gateway', () => {
  const keys = () => readKeys<LocalAlipayKeys>('local-alipay')

  test('the pay URL is our cashier with the SDK’s signed alipay.trade.wap.pay request', async () => {
    const request = trade({ expiresAt: new Date('2026-11-23T02:30:00Z') })
    const { payUrl } = await alipay.createTrade(request)
    expect(payUrl!.startsWith(`${origin}/dev/alipay?`)).toBe(true)
    const params = Object.fromEntries(new URL(payUrl!).searchParams)
    expect(params).toMatchObject({
      app_id: keys().appId,
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
    })
    expect(JSON.parse(params.biz_content)).toEqual({
      out_trade_no: request.outTradeNo,
      total_amount: '99.00',
      subject: request.subject,
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-11-23 10:30:00',
      quit_url: request.quitUrl,
    })
    expect(rsaVerify(alipaySignContent(params, ['sign']), params.sign, keys().appPublicKey)).toBe(true)
    // Altered by anyone on the way, the request no longer verifies: the cashier refuses it.
    const tampered = new URL(payUrl!)
    tampered.searchParams.set('biz_content', params.biz_content.replace('"99.00"', '"0.01"'))
    const refused = await open(tampered.toString())
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('订单信息签名无效')
  })

  test('cashier: 支付 posts a signed notice that verifies, then returns with signed parameters', async () => {
    const request = trade()
    const { payUrl } = await alipay.createTrade(request)
    const page = await open(payUrl!)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain(request.subject)
    expect(page.body).toContain('¥99.00')
    expect(page.body).toContain('确认支付')
    expect(page.body).toContain('取消支付')
    expect(page.body).not.toContain('<script')
    expect(page.body).toContain('href="/dev/cashier.css"')
    const css = await shop.inject({ method: 'GET', url: '/dev/cashier.css' })
    expect(css.headers['content-type']).toContain('text/css')

    const paid = await post('/dev/alipay/pay', { out_trade_no: request.outTradeNo })
    expect(paid.statusCode).toBe(302)
    const back = new URL(paid.headers.location!)
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/pages/pay/result`)
    const returned = Object.fromEntries(back.searchParams)
    expect(returned).toMatchObject({ orderId: '7', out_trade_no: request.outTradeNo, total_amount: '99.00' })
    const { orderId, ...signedReturn } = returned
    expect(orderId).toBe('7')
    expect(
      rsaVerify(alipaySignContent(signedReturn, ['sign', 'sign_type']), signedReturn.sign, keys().gatewayPublicKey),
    ).toBe(true)

    const notice = received.alipay.find((n) => n.outTradeNo === request.outTradeNo)
    expect(notice).toMatchObject({ amount: 9900, paid: true, gatewayTradeNo: returned.trade_no })
    expect(notice!.raw).toMatchObject({ notify_type: 'trade_status_sync', trade_status: 'TRADE_SUCCESS' })
    expect(await alipay.queryTrade(request.outTradeNo)).toMatchObject({
      state: 'paid',
      amount: 9900,
      gatewayTradeNo: returned.trade_no,
    })
    // A trade is paid once.
    const again = await post('/dev/alipay/pay', { out_trade_no: request.outTradeNo })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain('该交易已支付')
  })

  test('cashier: 取消 goes to the quit_url without paying; an expired trade refuses payment (交易已关闭)', async () => {
    const request = trade()
    await open((await alipay.createTrade(request)).payUrl!)
    const cancelled = await post('/dev/alipay/cancel', { out_trade_no: request.outTradeNo })
    expect(cancelled.statusCode).toBe(302)
    expect(cancelled.headers.location).toBe(request.quitUrl)
    expect(await alipay.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })

    const late = trade({ expiresAt: new Date(Date.now() - 1000) })
    const page = await open((await alipay.createTrade(late)).payUrl!)
    expect(page.body).toContain('交易已关闭')
    expect(page.body).not.toContain('确认支付')
    const refused = await post('/dev/alipay/pay', { out_trade_no: late.outTradeNo })
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('交易已关闭')
  })

  test('a subject with “%” (trap 2 of the recipe) is signed, shown and verified', async () => {
    const request = trade({ subject: '100% 满级账号 & <b>全皮肤</b>' })
    const page = await open((await alipay.createTrade(request)).payUrl!)
    expect(page.body).toContain('100% 满级账号 &amp; &lt;b&gt;全皮肤&lt;/b&gt;')
    await post('/dev/alipay/pay', { out_trade_no: request.outTradeNo })
    const notice = received.alipay.find((n) => n.outTradeNo === request.outTradeNo)
    expect(notice?.raw.subject).toBe(request.subject)
  })

  test('verifyNotify refuses tampered amounts, other app ids, bad signatures and foreign keys', async () => {
    const request = trade({ amount: 3_000_000 })
    await alipay.createTrade(request)
    const genuine = alipay.testNotice(request.outTradeNo, 3_000_000)
    expect(await alipay.verifyNotify(genuine)).toMatchObject({ amount: 3_000_000, paid: true })
    const small = alipay.testNotice('P-unknown-1', 1)
    expect(await alipay.verifyNotify(small)).toMatchObject({ amount: 1, outTradeNo: 'P-unknown-1' })

    const params = Object.fromEntries(new URLSearchParams(genuine.rawBody))
    const variant = (changes: Record<string, string>, resign: boolean): NotifyRequest => {
      const changed = { ...params, ...changes }
      const body = resign ? signAlipayParams(changed, keys().gatewayPrivateKey) : changed
      return { headers: genuine.headers, rawBody: new URLSearchParams(body).toString() }
    }
    expect(await alipay.verifyNotify(variant({ total_amount: '0.01' }, false))).toBeNull()
    expect(await alipay.verifyNotify(variant({ app_id: '2021009999999999' }, true))).toBeNull()
    expect(
      await alipay.verifyNotify(variant({ sign: params.sign.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }, false)),
    ).toBeNull()
    expect(await alipay.verifyNotify(variant({ sign: 'not base64 at all' }, false))).toBeNull()
    expect(await alipay.verifyNotify(alipay.testNotice(request.outTradeNo, 3_000_000, { foreignKey: true }))).toBeNull()
    // Unsigned fields cannot be slipped in either.
    expect(await alipay.verifyNotify(variant({ extra_field: 'x' }, false))).toBeNull()
  })

  test('query, close and refund round-trip with signed answers', async () => {
    expect(await alipay.queryTrade('P-never-made')).toEqual({ state: 'not_found' })
    await expect(alipay.closeTrade('P-never-made')).resolves.toBeUndefined()

    const unpaid = trade()
    await alipay.createTrade(unpaid)
    expect(await alipay.queryTrade(unpaid.outTradeNo)).toEqual({ state: 'pending' })
    await alipay.closeTrade(unpaid.outTradeNo)
    await alipay.closeTrade(unpaid.outTradeNo)
    expect(await alipay.queryTrade(unpaid.outTradeNo)).toEqual({ state: 'closed' })
    const page = await open((await alipay.createTrade(unpaid)).payUrl!)
    expect(page.body).toContain('交易已关闭')

    const paid = trade({ amount: 12_345 })
    await alipay.createTrade(paid)
    await alipay.verifyNotify(alipay.testNotice(paid.outTradeNo, 12_345))
    expect(await alipay.queryTrade(paid.outTradeNo)).toMatchObject({ state: 'paid', amount: 12_345 })
    await expect(alipay.refund(paid.outTradeNo, 12_346, 'R-too-much')).rejects.toThrow(/alipay.trade.refund: 40004/)
    await alipay.refund(paid.outTradeNo, 12_345, `R${paid.outTradeNo}`)
    // A retry with the same refund number is safe.
    await alipay.refund(paid.outTradeNo, 12_345, `R${paid.outTradeNo}`)
    expect(await alipay.queryTrade(paid.outTradeNo)).toEqual({ state: 'closed' })
    await expect(alipay.refund(unpaid.outTradeNo, 100, 'R-unpaid')).rejects.toThrow(/TRADE_STATUS_ERROR/)
  })

  test('mini-program: oauth.token names the buyer; alipay.trade.create makes the trade my.tradePay pays', async () => {
    const mini = alipay.mini!
    expect(mini.appId).toBe(readKeys<LocalAlipayKeys>('local-alipay').miniAppId)
    const openId = (await mini.openidOf('auth-code-1'))!
    expect(openId).toMatch(/^0[\w-]{42}$/)
    expect(await mini.openidOf('auth-code-1')).toBe(openId)
    expect(await mini.openidOf('bad code!')).toBeNull()
    const request = trade({ amount: 4, client: 'mini', payerOpenid: openId })
    const { tradeNo, payUrl } = await alipay.createTrade(request)
    expect(payUrl).toBeUndefined()
    expect(tradeNo).toMatch(/^\d{8}22001\d{19}$/)
    expect(await alipay.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })
    const notice = await alipay.verifyNotify({
      headers: {},
      rawBody: alipay.testNotice(request.outTradeNo, 4).rawBody,
    })
    expect(notice).toMatchObject({ outTradeNo: request.outTradeNo, gatewayTradeNo: tradeNo, amount: 4, paid: true })
  })

  test('inside Alipay: auth_base names the buyer once per code; tradePay’s cashier pays the trade made for them', async () => {
    const code = await authorizeIn(alipay, 'auth_code')
    const buyer = (await alipay.oauth!.openidOf(code))!
    expect(buyer).toMatch(/^0[\w-]{42}$/)
    // A code is good once; one the authorisation never issued is refused (the mini-program's rule is not the page's).
    expect(await alipay.oauth!.openidOf(code)).toBeNull()
    expect(await alipay.oauth!.openidOf('made-up-code')).toBeNull()
    // Production sends the page to Alipay's own authorisation.
    const production = createAlipayGateway(
      {
        appId: '2021000000000001',
        privateKey: readKeys<LocalAlipayKeys>('local-alipay').appPrivateKey,
        alipayPublicKey: readKeys<LocalAlipayKeys>('local-alipay').gatewayPublicKey,
      },
      'production',
    )
    const url = new URL(production.oauth!.authorizeUrl(`${origin}/index/pay`, 'x'))
    expect(`${url.origin}${url.pathname}`).toBe('https://openauth.alipay.com/oauth2/publicAppAuthorize.htm')
    expect(url.searchParams.get('app_id')).toBe('2021000000000001')
    expect(url.searchParams.get('scope')).toBe('auth_base')

    const request = trade({ amount: 5, client: 'jsapi', payerOpenid: buyer })
    const { tradeNo, payUrl } = await alipay.createTrade(request)
    expect(payUrl).toBeUndefined()
    const page = await open(`${origin}/dev/alipay/trade?trade_no=${tradeNo}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('¥0.05')
    expect((await post('/dev/alipay/trade/cancel', { trade_no: tradeNo! })).headers.location).toBe(
      '/dev/alipay/trade/done?resultCode=6001',
    )
    expect(await alipay.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })
    const paid = await post('/dev/alipay/trade/pay', { trade_no: tradeNo! })
    expect(paid.headers.location).toBe('/dev/alipay/trade/done?resultCode=9000')
    expect(received.alipay.find((n) => n.outTradeNo === request.outTradeNo)).toMatchObject({ amount: 5, paid: true })
    // Paid once: tradePay again fails; a number Alipay never issued is not a trade.
    expect((await post('/dev/alipay/trade/pay', { trade_no: tradeNo! })).headers.location).toBe(
      '/dev/alipay/trade/done?resultCode=4000',
    )
    expect((await open(`${origin}/dev/alipay/trade?trade_no=1`)).statusCode).toBe(404)
    // The bridge is Alipay's, for Alipay's user agent only.
    const script = await open(`${origin}/dev/jsbridge.js`)
    expect(script.body).toContain('if (!/AlipayClient/i.test(navigator.userAgent) || window.AlipayJSBridge) return')
    expect(script.body).toContain("if (name !== 'tradePay') return other(name, params, callback)")
  })

  test('transfers to a seller: paid once per out_biz_no, a refusal is final for its number, all listed at /dev', async () => {
    const request = {
      outBizNo: 'PO-1-1',
      amount: 84_360,
      payeeAccount: '13800138000',
      payeeName: '张三',
      title: '号安心货款',
    }
    const paid = await alipay.transfer!(request)
    expect(paid).toMatchObject({ state: 'paid', transferNo: expect.stringMatching(/^\d{20,}$/) })
    // The same number again is the same transfer (a retry after a lost answer pays nothing more).
    expect(await alipay.transfer!(request)).toEqual(paid)

    alipay.failNextTransfer!('收款人姓名与支付宝账号不一致')
    const refused = await alipay.transfer!({ ...request, outBizNo: 'PO-2-1' })
    expect(refused).toEqual({ state: 'failed', reason: '收款人姓名与支付宝账号不一致' })
    expect(await alipay.transfer!({ ...request, outBizNo: 'PO-2-1' })).toEqual(refused)
    expect(await alipay.transfer!({ ...request, outBizNo: 'PO-2-2' })).toMatchObject({ state: 'paid' })

    const page = await open(`${origin}/dev/alipay/transfers`)
    expect(page.body).toContain('PO-1-1')
    expect(page.body).toContain('¥843.60')
    expect(page.body).toContain('失败：收款人姓名与支付宝账号不一致')
  })

  test('the gateway verifies the merchant’s signature on every call', async () => {
    const stranger = rsaKeyPair()
    const impersonator = createAlipayGateway(
      {
        appId: keys().appId,
        privateKey: stranger.privateKey,
        alipayPublicKey: keys().gatewayPublicKey,
        gateway: `${await alipay.apiOrigin()}/gateway.do`,
      },
      'production',
    )
    await expect(impersonator.queryTrade('P-any')).rejects.toThrow(/40002 isv.invalid-signature/)
  })

  test('an answer signed by a foreign key is rejected (validateSign)', async () => {
    const foreign = rsaKeyPair()
    const node = JSON.stringify({
      code: '10000',
      msg: 'Success',
      out_trade_no: 'P1',
      trade_no: 'T1',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '99.00',
    })
    const server = await impostor(() => ({
      headers: {},
      body: `{"alipay_trade_query_response":${node},"sign":"${rsaSign(node, foreign.privateKey)}"}`,
    }))
    try {
      const adapter = createAlipayGateway(
        {
          appId: keys().appId,
          privateKey: keys().appPrivateKey,
          alipayPublicKey: keys().gatewayPublicKey,
          gateway: `${server.url}/gateway.do`,
        },
        'production',
      )
      await expect(adapter.queryTrade('P1')).rejects.toThrow(/验签失败/)
    } finally {
      await server.close()
    }
  })

  test('keys and trades survive a restart of the process', async () => {
    const request = trade()
    await alipay.createTrade(request)
    const again = createPaymentGateways({ devTools: true, dataDir })
    try {
      expect(await again.alipay!.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })
      expect(await again.alipay!.verifyNotify(alipay.testNotice('P-restart', 100))).toMatchObject({ amount: 100 })
    } finally {
      await again.close()
    }
  })
})

describe('WeChat Pay through the local gateway', () => {
  const keys = () => readKeys<LocalWechatKeys>('local-wechat')
  const adapterOptions = () => ({
    mchId: keys().mchId,
    appId: keys().appId,
    serialNo: keys().merchantSerial,
    privateKey: keys().merchantPrivateKey,
    apiV3Key: keys().apiV3Key,
    platformPublicKey: keys().platformPublicKey,
    platformSerial: keys().platformSerial,
  })
  const wechatTrade = (overrides: Partial<TradeRequest> = {}) =>
    trade({ notifyUrl: `${origin}/api/pay/notify/wechat`, ...overrides })

  test('H5: h5_url is the cashier; 支付 posts an encrypted, signed notice that verifies', async () => {
    const request = wechatTrade({ amount: 1 })
    const { payUrl } = await wechat.createTrade(request)
    const url = new URL(payUrl!)
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/dev/wechat`)
    expect(url.searchParams.get('out_trade_no')).toBe(request.outTradeNo)
    expect(url.searchParams.get('redirect_url')).toBe(request.returnUrl)

    const page = await open(payUrl!)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('微信支付')
    expect(page.body).toContain('¥0.01')
    expect(page.body).not.toContain('<script')
    expect(await wechat.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })

    const paid = await post('/dev/wechat/pay', { out_trade_no: request.outTradeNo, redirect_url: request.returnUrl })
    expect(paid.statusCode).toBe(302)
    expect(paid.headers.location).toBe(request.returnUrl)
    const notice = received.wechat.find((n) => n.outTradeNo === request.outTradeNo)
    expect(notice).toMatchObject({ amount: 1, paid: true })
    expect(notice!.gatewayTradeNo).toMatch(/^4200\d{24}$/)
    expect(notice!.paidAt).toBeInstanceOf(Date)
    expect(await wechat.queryTrade(request.outTradeNo)).toMatchObject({
      state: 'paid',
      amount: 1,
      gatewayTradeNo: notice!.gatewayTradeNo,
    })
  })

  const authorize = () => authorizeIn(wechat, 'code')

  test('authorisation: the code is exchanged once for an openid, by the production adapter, with the secret', async () => {
    const code = await authorize()
    const openid = await wechat.oauth!.openidOf(code)
    expect(openid).toMatch(/^o[0-9a-f]{28}$/)
    // A code is good once; a made-up one never.
    expect(await wechat.oauth!.openidOf(code)).toBeNull()
    expect(await wechat.oauth!.openidOf('0'.repeat(32))).toBeNull()
    // The wrong secret gets nothing, whatever the code.
    const wrongSecret = createWechatGateway(
      { ...adapterOptions(), appSecret: 'f'.repeat(32), snsBaseUrl: await wechat.apiOrigin() },
      'production',
    )
    expect(await wrongSecret.oauth!.openidOf(await authorize())).toBeNull()
    // Production sends the page to WeChat's own authorisation, silent (snsapi_base).
    const production = createWechatGateway({ ...adapterOptions(), appSecret: 's' }, 'production')
    const url = new URL(production.oauth!.authorizeUrl(`${origin}/index/pay`, 'x'))
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(url.searchParams.get('scope')).toBe('snsapi_base')
    expect(url.hash).toBe('#wechat_redirect')
    expect(createWechatGateway(adapterOptions(), 'production').oauth).toBeUndefined()
  })

  test('JSAPI: the prepay id signed for the bridge; the cashier checks paySign, and 支付 posts the notice', async () => {
    const openid = (await wechat.oauth!.openidOf(await authorize()))!
    const request = wechatTrade({ amount: 2, client: 'jsapi', payerOpenid: openid })
    const { jsapi } = await wechat.createTrade(request)
    expect(jsapi).toMatchObject({
      appId: keys().appId,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    })
    const signed = `${jsapi!.appId}\n${jsapi!.timeStamp}\n${jsapi!.nonceStr}\n${jsapi!.package}\n`
    expect(rsaVerify(signed, jsapi!.paySign, keys().merchantPublicKey)).toBe(true)

    const fields = jsapi as unknown as Record<string, string>
    const forged = { ...fields, paySign: rsaSign(signed, rsaKeyPair().privateKey) }
    expect((await open(`${origin}/dev/wechat/jsapi?${new URLSearchParams(forged)}`)).statusCode).toBe(400)
    const page = await open(`${origin}/dev/wechat/jsapi?${new URLSearchParams(fields)}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('¥0.02')
    // A forged post pays nothing.
    expect((await post('/dev/wechat/jsapi/pay', forged)).headers.location).toBe('/dev/wechat/jsapi/done?result=fail')
    expect(await wechat.queryTrade(request.outTradeNo)).toEqual({ state: 'pending' })
    const paid = await post('/dev/wechat/jsapi/pay', fields)
    expect(paid.headers.location).toBe('/dev/wechat/jsapi/done?result=ok')
    expect(received.wechat.find((n) => n.outTradeNo === request.outTradeNo)).toMatchObject({ amount: 2, paid: true })
    // Paid once: the same parameters again are refused.
    expect((await post('/dev/wechat/jsapi/pay', fields)).headers.location).toBe('/dev/wechat/jsapi/done?result=fail')
  })

  test('mini-program: code2session names the payer; the JSAPI trade is the mini app’s, and its notice verifies', async () => {
    const mini = wechat.mini!
    expect(mini.appId).toBe(keys().miniAppId)
    const openid = (await mini.openidOf('wx-login-code-1'))!
    expect(openid).toMatch(/^o[0-9a-f]{28}$/)
    expect(await mini.openidOf('wx-login-code-1')).toBe(openid)
    expect(await mini.openidOf('bad code!')).toBeNull()
    const wrongSecret = createWechatGateway(
      {
        ...adapterOptions(),
        mini: { appId: keys().miniAppId!, appSecret: 'f'.repeat(32) },
        snsBaseUrl: await wechat.apiOrigin(),
      },
      'production',
    )
    expect(await wrongSecret.mini!.openidOf('wx-login-code-1')).toBeNull()

    const request = wechatTrade({ amount: 3, client: 'mini', payerOpenid: openid })
    const { jsapi } = await wechat.createTrade(request)
    expect(jsapi!.appId).toBe(keys().miniAppId)
    const signed = `${jsapi!.appId}\n${jsapi!.timeStamp}\n${jsapi!.nonceStr}\n${jsapi!.package}\n`
    expect(rsaVerify(signed, jsapi!.paySign, keys().merchantPublicKey)).toBe(true)
    const notice = await wechat.verifyNotify(wechat.testNotice(request.outTradeNo, 3))
    expect(notice).toMatchObject({ outTradeNo: request.outTradeNo, amount: 3, paid: true })
  })

  test('JSAPI: an openid WeChat never issued for this app is refused; the bridge script is WeChat-only', async () => {
    await expect(
      wechat.createTrade(wechatTrade({ client: 'jsapi', payerOpenid: `o${'0'.repeat(28)}` })),
    ).rejects.toThrow(/HTTP 400 PARAM_ERROR/)
    const script = await open(`${origin}/dev/jsbridge.js`)
    expect(script.headers['content-type']).toMatch(/javascript/)
    expect(script.body).toContain('if (!/MicroMessenger/i.test(navigator.userAgent) || window.WeixinJSBridge) return')
    expect(script.body).toContain("if (name !== 'getBrandWCPayRequest') return other(name, params, callback)")
    // The bridges run one after the other in a browser that is neither app, doing nothing.
    const page = { navigator: { userAgent: 'Mozilla/5.0 Safari/604.1' }, window: {} }
    expect(() => vm.runInNewContext(script.body, page)).not.toThrow()
    expect(page.window).toEqual({})
  })

  test('QQ mini-program: the H5 trade goes through QQ’s proxy with its token; QQ forwards the notice', async () => {
    const request = wechatTrade({ amount: 6, client: 'qq-mini' })
    const { payUrl } = await wechat.createTrade(request)
    // requestWxPayment opens h5_url: the cashier on the merchant's site, with no way back of its own.
    const url = new URL(payUrl!)
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/dev/wechat`)
    expect(url.searchParams.get('redirect_url')).toBeNull()
    expect((await post('/dev/wechat/pay', { out_trade_no: request.outTradeNo })).body).toContain('支付成功')
    expect(received.wechat.find((n) => n.outTradeNo === request.outTradeNo)).toMatchObject({ amount: 6, paid: true })

    // QQ refuses a wrong app secret (no token, no order); the proxy refuses an order without QQ's notify_url.
    const qq = { appId: keys().qqAppId!, appSecret: keys().qqAppSecret! }
    const api = await wechat.apiOrigin()
    const wrongSecret = createWechatGateway(
      { ...adapterOptions(), qqMini: { ...qq, appSecret: 'x'.repeat(16) }, baseUrl: api, qqBaseUrl: api },
      'production',
    )
    await expect(wrongSecret.createTrade(wechatTrade({ client: 'qq-mini' }))).rejects.toThrow(
      /qq getToken: invalid appsecret/,
    )
    const token = (await (await fetch(`${api}/api/getToken?appid=${qq.appId}&secret=${qq.appSecret}`)).json()) as {
      access_token: string
    }
    const direct = await fetch(
      `${api}/wxpay/v3/pay/transactions/h5?appid=${qq.appId}&access_token=${token.access_token}&real_notify_url=${encodeURIComponent(`${origin}/x`)}`,
      { method: 'POST', body: JSON.stringify({ notify_url: `${origin}/api/pay/notify/wechat` }) },
    )
    expect(await direct.json()).toMatchObject({ errcode: 40097 })
    // Without the QQ app configured the adapter makes no such trade.
    await expect(
      createWechatGateway({ ...adapterOptions(), baseUrl: api }, 'production').createTrade(
        wechatTrade({ client: 'qq-mini' }),
      ),
    ).rejects.toThrow(/no QQ mini-program/)
  })

  test('Native (desktop): a PNG QR code of the absolute cashier URL', async () => {
    const request = wechatTrade({ client: 'desktop' })
    const { qrCode, payUrl } = await wechat.createTrade(request)
    expect(payUrl).toBeUndefined()
    expect(qrCode).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(qrCode!.split(',')[1], 'base64')
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    const cashier = `${origin}/dev/wechat?out_trade_no=${request.outTradeNo}`
    expect(qrCode).toBe(await qrDataUrl(cashier))
    // Paid from a phone without a way back, the cashier says so itself.
    const paid = await post('/dev/wechat/pay', { out_trade_no: request.outTradeNo })
    expect(paid.statusCode).toBe(200)
    expect(paid.body).toContain('支付成功')
  })

  test('the cashier returns only to the shop’s own site, and refuses expired trades', async () => {
    const request = wechatTrade()
    await wechat.createTrade(request)
    const away = await post('/dev/wechat/cancel', {
      out_trade_no: request.outTradeNo,
      redirect_url: 'https://evil.example/',
    })
    expect(away.statusCode).toBe(200)
    expect(away.body).toContain('已取消支付')
    const late = wechatTrade({ expiresAt: new Date(Date.now() - 1000) })
    await wechat.createTrade(late)
    const refused = await post('/dev/wechat/pay', { out_trade_no: late.outTradeNo })
    expect(refused.statusCode).toBe(409)
    expect(refused.body).toContain('交易已关闭')
    const unknown = await shop.inject({ method: 'GET', url: '/dev/wechat?out_trade_no=P-none' })
    expect(unknown.statusCode).toBe(404)
  })

  test('verifyNotify refuses tampered ciphertext, a wrong serial, a bad signature, a stale or foreign notice', async () => {
    const request = wechatTrade({ amount: 3_000_000 })
    await wechat.createTrade(request)
    const genuine = wechat.testNotice(request.outTradeNo, 3_000_000)
    expect(await wechat.verifyNotify(genuine)).toMatchObject({
      amount: 3_000_000,
      paid: true,
      outTradeNo: request.outTradeNo,
    })

    const platform = { serial: keys().platformSerial, privateKey: keys().platformPrivateKey }
    const resigned = (rawBody: string): NotifyRequest => ({
      headers: { 'content-type': 'application/json', ...wechatpaySignatureHeaders(platform, rawBody) },
      rawBody,
    })
    // Properly signed by the platform, but the ciphertext was altered: GCM's tag refuses it.
    const body = JSON.parse(genuine.rawBody) as { resource: { ciphertext: string } }
    const bytes = Buffer.from(body.resource.ciphertext, 'base64')
    bytes[5] ^= 1
    body.resource.ciphertext = bytes.toString('base64')
    expect(await wechat.verifyNotify(resigned(JSON.stringify(body)))).toBeNull()
    // The untouched notice re-signed verifies (the check above is about the ciphertext alone).
    expect(await wechat.verifyNotify(resigned(genuine.rawBody))).not.toBeNull()

    const headers = genuine.headers as Record<string, string>
    expect(
      await wechat.verifyNotify({ ...genuine, headers: { ...headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } }),
    ).toBeNull()
    expect(await wechat.verifyNotify({ ...genuine, headers: { ...headers, 'wechatpay-signature': 'AAAA' } })).toBeNull()
    expect(await wechat.verifyNotify({ ...genuine, rawBody: genuine.rawBody.replace('"id":"', '"id":"x') })).toBeNull()
    const stale = resigned(genuine.rawBody)
    const old = String(Math.floor(Date.now() / 1000) - 600)
    const staleHeaders = stale.headers as Record<string, string>
    staleHeaders['wechatpay-timestamp'] = old
    staleHeaders['wechatpay-signature'] = rsaSign(
      `${old}\n${staleHeaders['wechatpay-nonce']}\n${stale.rawBody}\n`,
      platform.privateKey,
    )
    expect(await wechat.verifyNotify(stale)).toBeNull()
    expect(await wechat.verifyNotify(wechat.testNotice(request.outTradeNo, 3_000_000, { foreignKey: true }))).toBeNull()
  })

  test('query, close and refund round-trip with signed answers', async () => {
    expect(await wechat.queryTrade('P-never-made')).toEqual({ state: 'not_found' })
    await expect(wechat.closeTrade('P-never-made')).resolves.toBeUndefined()
    const unpaid = wechatTrade()
    await wechat.createTrade(unpaid)
    await wechat.closeTrade(unpaid.outTradeNo)
    await wechat.closeTrade(unpaid.outTradeNo)
    expect(await wechat.queryTrade(unpaid.outTradeNo)).toEqual({ state: 'closed' })

    const paid = wechatTrade({ amount: 500 })
    await wechat.createTrade(paid)
    await wechat.verifyNotify(wechat.testNotice(paid.outTradeNo, 500))
    await expect(wechat.closeTrade(paid.outTradeNo)).rejects.toThrow(/TRADE_ERROR/)
    await expect(wechat.refund(paid.outTradeNo, 600, 'R-too-much')).rejects.toThrow(/NOT_ENOUGH/)
    await wechat.refund(paid.outTradeNo, 500, `R${paid.outTradeNo}`)
    await wechat.refund(paid.outTradeNo, 500, `R${paid.outTradeNo}`)
    await expect(wechat.refund(unpaid.outTradeNo, 100, 'R-unpaid')).rejects.toThrow(/TRADE_ERROR/)
  })

  test('the gateway verifies the merchant’s signature on every call', async () => {
    const impersonator = createWechatGateway(
      { ...adapterOptions(), privateKey: rsaKeyPair().privateKey, baseUrl: await wechat.apiOrigin() },
      'production',
    )
    await expect(impersonator.queryTrade('P-any')).rejects.toThrow(/HTTP 401 SIGN_ERROR/)
  })

  test('answers not signed by the platform key are rejected', async () => {
    const foreign = rsaKeyPair()
    const server = await impostor(() => {
      const body = JSON.stringify({
        mchid: keys().mchId,
        out_trade_no: 'P1',
        trade_state: 'SUCCESS',
        amount: { total: 1 },
      })
      return {
        headers: wechatpaySignatureHeaders({ serial: keys().platformSerial, privateKey: foreign.privateKey }, body),
        body,
      }
    })
    try {
      const adapter = createWechatGateway({ ...adapterOptions(), baseUrl: server.url }, 'production')
      await expect(adapter.queryTrade('P1')).rejects.toThrow(/answer signature invalid/)
    } finally {
      await server.close()
    }
  })
})

describe('production never gets a stand-in', () => {
  test('without merchant keys createPaymentGateways and loadConfig refuse', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-payments-prod-'))
    try {
      expect(() => createPaymentGateways({ devTools: false, dataDir: empty })).toThrow(ConfigError)
      expect(() => createPaymentGateways({ devTools: false, dataDir: empty })).toThrow(/ALIPAY_\*、WECHAT_PAY_\*/)
      expect(fs.existsSync(path.join(empty, 'keys'))).toBe(false)
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: empty })).toThrow(/ALIPAY_APP_ID[\s\S]*WECHAT_PAY_/)
    } finally {
      fs.rmSync(empty, { recursive: true, force: true })
    }
  })

  test('with keys, the production adapters are used and no cashier is mounted', async () => {
    const app = rsaKeyPair()
    const production = createPaymentGateways({
      devTools: false,
      dataDir: '/nonexistent',
      alipay: { appId: '2021000000000001', privateKey: app.privateKey, alipayPublicKey: app.publicKey },
      wechatPay: {
        mchId: '1900000001',
        appId: 'wx8888888888888888',
        serialNo: 'ABC',
        privateKey: app.privateKey,
        apiV3Key: 'a'.repeat(32),
        platformPublicKey: app.publicKey,
        platformSerial: 'PUB_KEY_ID_1',
      },
    })
    expect(production.alipay!.mode).toBe('production')
    expect(production.wechat!.mode).toBe('production')
    const site = Fastify()
    await site.register(paymentDevRoutes, { prefix: '/dev', payments: production })
    expect((await site.inject({ method: 'GET', url: '/dev/alipay' })).statusCode).toBe(404)
    expect((await site.inject({ method: 'GET', url: '/dev/wechat?out_trade_no=P1' })).statusCode).toBe(404)
    await site.close()
    await production.close()
  })
})
