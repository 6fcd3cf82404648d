/**
 * The local api.q.qq.com, as far as the QQ mini-program's WeChat Pay needs it (never in production):
 * `/api/getToken` hands out access tokens for the QQ app id and secret, and `/wxpay/v3/pay/transactions/h5`
 * is QQ's proxy in front of WeChat Pay — it checks the app and the token, keeps `real_notify_url`, and passes
 * the merchant's signed order on to WeChat unchanged (the local WeChat serves both from one port). QQ then
 * forwards WeChat's notice to `real_notify_url`; the local WeChat posts it there directly.
 */
import { randomBytes } from 'node:crypto'
import type { LocalRequest, LocalResponse } from './support'
import { QQ_NOTIFY_PATH } from '../wechat'

export const QQ_PROXY_PATH = '/wxpay/v3/pay/transactions/h5'

export function createLocalQq(app: { appId: string; appSecret: string }) {
  const tokens = new Set<string>()
  const answer = (data: Record<string, unknown>): LocalResponse => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  })

  /** GET /api/getToken?grant_type=client_credential&appid=…&secret=… */
  function getToken(url: URL): LocalResponse {
    const query = url.searchParams
    if (query.get('appid') !== app.appId || query.get('secret') !== app.appSecret) {
      return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
    }
    const token = randomBytes(24).toString('hex')
    tokens.add(token)
    return answer({ access_token: token, expires_in: 7200 })
  }

  /**
   * An order through the proxy: the real notify address when the app, the token and the order's notify_url
   * (QQ's own) check out, else QQ's refusal.
   */
  function admit(url: URL, request: LocalRequest): { realNotifyUrl: string } | LocalResponse {
    const query = url.searchParams
    if (query.get('appid') !== app.appId || !tokens.has(query.get('access_token') ?? '')) {
      return answer({ errcode: 40001, errmsg: 'invalid access_token' })
    }
    let real: URL
    let notify: URL
    try {
      real = new URL(query.get('real_notify_url') ?? '')
      notify = new URL(String((JSON.parse(request.body) as { notify_url?: unknown }).notify_url))
    } catch {
      return answer({ errcode: 40097, errmsg: 'invalid real_notify_url or notify_url' })
    }
    if (notify.pathname !== QQ_NOTIFY_PATH)
      return answer({ errcode: 40097, errmsg: `notify_url must be ${QQ_NOTIFY_PATH}` })
    return { realNotifyUrl: real.toString() }
  }

  return { getToken, admit }
}
