/**
 * The JS-SDK config of a page inside WeChat, so that a shared link shows as a card (title, picture,
 * description) rather than a bare address. It is signed with the official account's jsapi ticket, kept in
 * the KV store (every instance shares it) for as long as WeChat says, less five minutes.
 */
import { createHash } from 'node:crypto'
import type { WechatJsConfig } from '../../../src/contract/payments'
import { AppError } from '../../lib/envelope'
import type { KvStore } from '../../lib/kv'
import { sameOriginUrl } from '../../lib/network'
import { randomToken } from './formats'
import type { PaymentGateways } from './gateway'

export async function jsConfig(
  deps: { payments: PaymentGateways; kv: KvStore },
  url: string,
  origins: string[],
): Promise<WechatJsConfig> {
  const oauth = deps.payments.wechat?.oauth
  if (!oauth?.jsapiTicket) throw new AppError(404, '未配置微信公众号')
  const page = sameOriginUrl(url, origins, 'url')
  page.hash = ''
  const key = `wechat-jsapi-ticket:${oauth.appId}`
  let ticket = await deps.kv.get(key)
  if (!ticket) {
    const fresh = await oauth.jsapiTicket()
    ticket = fresh.ticket
    await deps.kv.set(key, ticket, Math.max(60, fresh.expiresIn - 300))
  }
  const nonceStr = randomToken(16)
  const timestamp = Math.floor(Date.now() / 1000)
  const signed = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page.toString()}`
  return { appId: oauth.appId, timestamp, nonceStr, signature: createHash('sha1').update(signed).digest('hex') }
}
