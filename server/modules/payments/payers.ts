/**
 * Who pays, where a trade must name its payer. Inside WeChat's browser a JSAPI trade names them by openid,
 * which only WeChat's web authorisation tells: the page asks for `authorizeUrl` (with a one-time state
 * bound to the signed-in user), WeChat sends it back with a code, and `bindOpenid` exchanges the code and
 * keeps the openid for that user and app (the state makes a code usable only by the user whose page asked
 * for it). A mini-program gives its own login code instead (`bindMiniCode`): WeChat's code2session, or
 * Alipay's alipay.system.oauth.token.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { MiniCode, PayChannel, WechatAuthorize, WechatCode } from '../../../src/contract/payments'
import type { Db } from '../../db'
import { payerIdentities } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import { AppError } from '../../lib/envelope'
import type { KvStore } from '../../lib/kv'
import { sameOriginUrl } from '../../lib/network'
import type { PaymentGateway, PaymentGateways, PayerIdentity } from './gateway'

const STATE_TTL_SECONDS = 600
const stateKey = (state: string) => `wechat-oauth:${state}`

export const OPEN_IN_BROWSER = '微信内暂不能使用微信支付，请点右上角「···」选择在浏览器打开'

function oauthOf(payments: PaymentGateways) {
  const oauth = payments.wechat?.oauth
  if (!oauth) throw new AppError(409, OPEN_IN_BROWSER, { need: 'browser' })
  return oauth
}

/**
 * The payer of a JSAPI trade (inside WeChat's browser, or in the mini-program): this user's openid for
 * that app, or a 409 that asks for it.
 */
export async function payerOpenidOf(
  deps: { db: Db },
  gateway: PaymentGateway,
  userId: number,
  scene: 'jsapi' | 'mini',
): Promise<string> {
  if (scene === 'jsapi' && gateway.channel !== 'wechat') throw new AppError(400, '微信内只能使用微信支付')
  const identity = scene === 'mini' ? gateway.mini : gateway.oauth
  if (!identity) {
    throw scene === 'mini'
      ? new AppError(409, '小程序暂未开通该支付方式', { need: 'browser' })
      : new AppError(409, OPEN_IN_BROWSER, { need: 'browser' })
  }
  const known = await knownOpenid(deps.db, userId, identity.appId)
  if (!known) {
    throw scene === 'mini'
      ? new AppError(409, '需要小程序登录后才能支付', { need: 'miniLogin' })
      : new AppError(409, '需要微信授权后才能支付', { need: 'wechatAuth' })
  }
  return known
}

async function knownOpenid(db: Db, userId: number, appId: string): Promise<string | undefined> {
  const [known] = await db
    .select({ openid: payerIdentities.openid })
    .from(payerIdentities)
    .where(and(eq(payerIdentities.userId, userId), eq(payerIdentities.appId, appId)))
  return known?.openid
}

/**
 * Where to send the page: WeChat's authorisation, coming back to `redirect` (a page of this site); no
 * address when WeChat has already told us who this user is.
 */
export async function authorizeUrl(
  deps: { db: Db; payments: PaymentGateways; kv: KvStore },
  viewer: Viewer,
  redirect: string,
  origins: string[],
): Promise<WechatAuthorize> {
  const oauth = oauthOf(deps.payments)
  const back = sameOriginUrl(redirect, origins, 'redirect')
  if (await knownOpenid(deps.db, viewer.userId, oauth.appId)) return {}
  back.searchParams.delete('code')
  back.searchParams.delete('state')
  const state = randomBytes(16).toString('hex')
  await deps.kv.set(stateKey(state), String(viewer.userId), STATE_TTL_SECONDS)
  return { authorizeUrl: oauth.authorizeUrl(back.toString(), state) }
}

/** Exchanges the code WeChat sent back (once, for the user whose page asked) and keeps the openid. */
export async function bindOpenid(
  deps: { db: Db; payments: PaymentGateways; kv: KvStore },
  viewer: Viewer,
  body: WechatCode,
): Promise<void> {
  const oauth = oauthOf(deps.payments)
  // Looked at before it is used up, so a stranger's try with someone's state does not spend it.
  const expired = new AppError(400, '微信授权已过期，请重新发起支付')
  if ((await deps.kv.get(stateKey(body.state))) !== String(viewer.userId)) throw expired
  if ((await deps.kv.take(stateKey(body.state))) !== String(viewer.userId)) throw expired
  await keepOpenid(deps.db, viewer.userId, oauth, body.code)
}

/** A mini-program's login code: its gateway names the payer, kept for this user and the mini app. */
export async function bindMiniCode(
  deps: { db: Db; payments: PaymentGateways },
  viewer: Viewer,
  channel: PayChannel,
  body: MiniCode,
): Promise<void> {
  const mini = deps.payments[channel]?.mini
  if (!mini) throw new AppError(409, '小程序暂未开通该支付方式', { need: 'browser' })
  await keepOpenid(deps.db, viewer.userId, mini, body.code)
}

async function keepOpenid(db: Db, userId: number, identity: PayerIdentity, code: string): Promise<void> {
  const openid = await identity.openidOf(code)
  if (!openid) throw new AppError(400, '微信授权失败，请重新发起支付')
  await db
    .insert(payerIdentities)
    .values({ userId, appId: identity.appId, openid })
    .onConflictDoUpdate({
      target: [payerIdentities.userId, payerIdentities.appId],
      set: { openid, updatedAt: new Date() },
    })
}
