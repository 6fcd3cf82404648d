/**
 * Alipay through `alipay-sdk` (notes/backend-recipe.md §4.1): the H5 pay page (`alipay.trade.wap.pay`) for
 * browsers; inside Alipay's own browser and its mini-program a trade made for the buyer (`alipay.trade.create`
 * with the id that Alipay's silent auth_base authorisation or my.getAuthCode named) which the app's tradePay pays;
 * notices verified with `checkNotifySignV2` (the body is already decoded; V1 would decode again and
 * throw on a `%`), then app id, trade number and amount; queries with `validateSign: true` (without it
 * the SDK trusts any answer). The local gateway (./localAlipay.ts) is driven by this same adapter.
 */
import { AlipaySdk } from 'alipay-sdk'
import type { Config } from '../../config'
import { chinaTime, formatYuan, parseChinaTime, parseYuan } from './formats'

/** A check that throws on malformed input (a bad base64 signature, say) refuses instead of failing the request. */
function signatureHolds(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    return false
  }
}
import type { PaymentGateway, TradeState, TransferResult } from './gateway'

export type AlipayOptions = NonNullable<Config['alipay']>

/** Alipay retries until it reads exactly `success`. */
export const alipayReply: PaymentGateway['notifyReply'] = (accepted) => ({
  status: 200,
  contentType: 'text/plain',
  body: accepted ? 'success' : 'fail',
})

const PAID_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED']

/** Alipay's silent web authorisation (auth_base): back to `redirect_uri` with `auth_code` and `state`. */
export const ALIPAY_AUTHORIZE_URL = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm'

export function alipayAuthorizeUrl(base: string, appId: string, redirectUri: string, state: string): string {
  return `${base}?${new URLSearchParams({ app_id: appId, scope: 'auth_base', redirect_uri: redirectUri, state })}`
}

/** The buyer's id in an alipay.system.oauth.token answer (open_id, or the older user_id); null on a refusal. */
function buyerIdOf(answer: Record<string, unknown>): string | null {
  if (answer.code !== undefined && answer.code !== '10000') return null
  const id = answer.openId ?? answer.userId
  return typeof id === 'string' && id ? id : null
}

export function createAlipayGateway(options: AlipayOptions, mode: PaymentGateway['mode']): PaymentGateway {
  const sdkFor = (appId: string) =>
    new AlipaySdk({
      appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      // The SDK reads PKCS#1 unless told; Alipay's key tool writes PKCS#8.
      keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      signType: 'RSA2',
      timeout: 10_000,
      ...(options.gateway ? { gateway: options.gateway } : {}),
    })
  const sdk = sdkFor(options.appId)
  // The mini-program is an app of its own (same keys): its users and its trades go through it.
  const miniAppId = options.miniAppId
  const miniSdk = miniAppId ? sdkFor(miniAppId) : undefined
  const run = async (via: AlipaySdk, method: string, params: Record<string, unknown>) =>
    (await via.exec(method, params, { validateSign: true })) as Record<string, unknown>

  const exec = (method: string, bizContent: Record<string, unknown>) => run(sdk, method, { bizContent })
  /** Alipay answers business failures with code ≠ 10000; `harmless` lists the ones that mean "nothing to do". */
  const succeeded = (method: string, answer: Record<string, unknown>, harmless: string[] = []) => {
    if (answer.code === '10000' || harmless.includes(String(answer.subCode))) return
    throw new Error(
      `${method}: ${String(answer.code)} ${String(answer.subCode ?? '')} ${String(answer.subMsg ?? answer.msg ?? '')}`,
    )
  }
  const buyerOf = async (via: AlipaySdk, code: string) =>
    buyerIdOf(await run(via, 'alipay.system.oauth.token', { grantType: 'authorization_code', code }))

  return {
    channel: 'alipay',
    mode,
    oauth: {
      appId: options.appId,
      authorizeUrl: (redirectUri, state) => alipayAuthorizeUrl(ALIPAY_AUTHORIZE_URL, options.appId, redirectUri, state),
      openidOf: (code) => buyerOf(sdk, code),
    },
    ...(miniSdk && { mini: { appId: miniAppId!, openidOf: (code: string) => buyerOf(miniSdk, code) } }),

    async createTrade(request) {
      if (request.client === 'jsapi' || request.client === 'mini') {
        // A trade made for its buyer, under the app the buyer is in, paid there by tradePay with its number.
        const [via, appId] = request.client === 'mini' ? [miniSdk, miniAppId] : [sdk, options.appId]
        if (!via || !request.payerOpenid) throw new Error(`alipay.trade.create: no app or buyer for ${request.client}`)
        const answer = await run(via, 'alipay.trade.create', {
          bizContent: {
            out_trade_no: request.outTradeNo,
            total_amount: formatYuan(request.amount),
            subject: request.subject,
            product_code: 'JSAPI_PAY',
            op_app_id: appId,
            buyer_open_id: request.payerOpenid,
            time_expire: chinaTime(request.expiresAt),
          },
          notifyUrl: request.notifyUrl,
        })
        succeeded('alipay.trade.create', answer)
        if (answer.outTradeNo !== request.outTradeNo) throw new Error('alipay.trade.create: answer for another trade')
        return { tradeNo: String(answer.tradeNo) }
      }
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: request.outTradeNo,
          total_amount: formatYuan(request.amount),
          subject: request.subject,
          product_code: 'QUICK_WAP_WAY',
          time_expire: chinaTime(request.expiresAt),
          quit_url: request.quitUrl,
        },
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
      })
      return { payUrl }
    },

    async verifyNotify({ rawBody }) {
      const body = Object.fromEntries(new URLSearchParams(rawBody))
      // We sign with RSA2 only; any other sign_type (the SDK throws on an unknown one) is a refused notice.
      if (body.sign_type !== 'RSA2' || !signatureHolds(() => sdk.checkNotifySignV2(body))) return null
      if (body.app_id !== options.appId && body.app_id !== miniAppId) return null
      const amount = parseYuan(body.total_amount)
      if (amount === null || !body.out_trade_no || !body.notify_id) return null
      return {
        noticeId: body.notify_id,
        outTradeNo: body.out_trade_no,
        gatewayTradeNo: body.trade_no ?? '',
        amount,
        paid: PAID_STATUSES.includes(body.trade_status),
        paidAt: parseChinaTime(body.gmt_payment),
        raw: body,
      }
    },

    notifyReply: alipayReply,

    async queryTrade(outTradeNo): Promise<TradeState> {
      const answer = await exec('alipay.trade.query', { out_trade_no: outTradeNo })
      if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_found' }
      succeeded('alipay.trade.query', answer)
      if (answer.outTradeNo !== outTradeNo) throw new Error(`alipay.trade.query: answer for another trade`)
      const status = String(answer.tradeStatus)
      if (PAID_STATUSES.includes(status)) {
        const amount = parseYuan(answer.totalAmount)
        if (amount === null) throw new Error('alipay.trade.query: answer without a valid amount')
        return {
          state: 'paid',
          amount,
          gatewayTradeNo: String(answer.tradeNo),
          paidAt: parseChinaTime(answer.sendPayDate),
          raw: answer,
        }
      }
      return { state: status === 'TRADE_CLOSED' ? 'closed' : 'pending' }
    },

    async closeTrade(outTradeNo) {
      // TRADE_STATUS_ERROR: already closed (or paid — its notice settles that).
      const answer = await exec('alipay.trade.close', { out_trade_no: outTradeNo })
      succeeded('alipay.trade.close', answer, ['ACQ.TRADE_NOT_EXIST', 'ACQ.TRADE_STATUS_ERROR'])
    },

    async refund(outTradeNo, amount, refundNo) {
      const answer = await exec('alipay.trade.refund', {
        out_trade_no: outTradeNo,
        refund_amount: formatYuan(amount),
        out_request_no: refundNo,
      })
      succeeded('alipay.trade.refund', answer)
    },

    async transfer(request): Promise<TransferResult> {
      const answer = await exec('alipay.fund.trans.uni.transfer', {
        out_biz_no: request.outBizNo,
        trans_amount: formatYuan(request.amount),
        product_code: 'TRANS_ACCOUNT_NO_PWD',
        biz_scene: 'DIRECT_TRANSFER',
        order_title: request.title,
        payee_info: { identity: request.payeeAccount, identity_type: 'ALIPAY_LOGON_ID', name: request.payeeName },
      })
      // 40004 is a business refusal: nothing was paid, and the same request would be refused again.
      if (answer.code === '40004') return { state: 'failed', reason: String(answer.subMsg ?? answer.msg ?? '转账失败') }
      succeeded('alipay.fund.trans.uni.transfer', answer)
      if (answer.outBizNo !== request.outBizNo)
        throw new Error('alipay.fund.trans.uni.transfer: answer for another transfer')
      if (answer.status !== 'SUCCESS')
        throw new Error(`alipay.fund.trans.uni.transfer: status ${String(answer.status)}`)
      return { state: 'paid', transferNo: String(answer.orderId), paidAt: parseChinaTime(answer.transDate) }
    },
  }
}
