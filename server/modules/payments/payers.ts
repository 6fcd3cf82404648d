/**
 * Who pays, where a trade must name its payer. Inside WeChat's or Alipay's own browser a trade names them by
 * the id that app's silent web authorisation tells: the page asks for `authorizeUrl` (with a one-time state
 * bound to the signed-in user), the app sends it back with a code, and `bindOpenid` exchanges the code and
 * keeps the id for that user and app (the state makes a code usable only by the user whose page asked for
 * it). A mini-program gives its own login code instead (`bindMiniCode`): WeChat's code2session, or Alipay's
 * alipay.system.oauth.token.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { PAY_CHANNEL_LABELS } from '../../../src/contract/constants'
import type { MiniCode, PayChannel, PayerAuthorize, PayerCode } from '../../../src/contract/payments'
import type { Db } from '../../db'
import { payerIdentities } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import { AppError } from '../../lib/envelope'
import type { KvStore } from '../../lib/kv'
import { sameOriginUrl } from '../../lib/network'
import type { PaymentGateway, PaymentGateways, PayerIdentity } from './gateway'

const STATE_TTL_SECONDS = 600
const stateKey = (channel: PayChannel, state: string) => `${channel}-oauth:${state}`

const APP_NAMES: Record<PayChannel, string> = { wechat: '微信', alipay: '支付宝' }

const openInBrowser = (channel: PayChannel) =>
  new AppError(
    409,
    `${APP_NAMES[channel]}内暂不能使用${PAY_CHANNEL_LABELS[channel]}，请点右上角「···」选择在浏览器打开`,
    {
      need: 'browser',
    },
  )

function oauthOf(payments: PaymentGateways, channel: PayChannel) {
  const oauth = payments[channel]?.oauth
  if (!oauth) throw openInBrowser(channel)
  return oauth
}

export async function payerOpenidOf(
  deps: { db: Db },
  gateway: PaymentGateway,
  userId: number,
  scene: 'jsapi' | 'mini',
): Promise<string> {
  const identity = scene === 'mini' ? gateway.mini : gateway.oauth
  if (!identity) {
    throw scene === 'mini'
      ? new AppError(409, '小程序暂未开通该支付方式', { need: 'browser' })
      : openInBrowser(gateway.channel)
  }
  const known = await knownOpenid(deps.db, userId, identity.appId)
  if (!known) {
    throw scene === 'mini'
      ? new AppError(409, '需要小程序登录后才能支付', { need: 'miniLogin' })
      : new AppError(409, `需要${APP_NAMES[gateway.channel]}授权后才能支付`, { need: 'payerAuth' })
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

/** What an app's authorisation adds to the page it comes back to (WeChat's `code`, Alipay's `auth_code`). */
const RETURN_PARAMS = ['code', 'auth_code', 'state', 'app_id', 'source', 'scope']

/**
 * Where to send the page: the app's authorisation, coming back to `redirect` (a page of this site); no
 * address when the app has already told us who this user is.
 */
export async function authorizeUrl(
  deps: { db: Db; payments: PaymentGateways; kv: KvStore },
  viewer: Viewer,
  channel: PayChannel,
  redirect: string,
  origins: string[],
): Promise<PayerAuthorize> {
  const oauth = oauthOf(deps.payments, channel)
  const back = sameOriginUrl(redirect, origins, 'redirect')
  if (await knownOpenid(deps.db, viewer.userId, oauth.appId)) return {}
  for (const name of RETURN_PARAMS) back.searchParams.delete(name)
  const state = randomBytes(16).toString('hex')
  await deps.kv.set(stateKey(channel, state), String(viewer.userId), STATE_TTL_SECONDS)
  return { authorizeUrl: oauth.authorizeUrl(back.toString(), state) }
}

/** Exchanges the code the app sent back (once, for the user whose page asked) and keeps the payer's id. */
export async function bindOpenid(
  deps: { db: Db; payments: PaymentGateways; kv: KvStore },
  viewer: Viewer,
  channel: PayChannel,
  body: PayerCode,
): Promise<void> {
  const oauth = oauthOf(deps.payments, channel)
  // Looked at before it is used up, so a stranger's try with someone's state does not spend it.
  const expired = new AppError(400, `${APP_NAMES[channel]}授权已过期，请重新发起支付`)
  const key = stateKey(channel, body.state)
  if ((await deps.kv.get(key)) !== String(viewer.userId)) throw expired
  if ((await deps.kv.take(key)) !== String(viewer.userId)) throw expired
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
  if (!openid) throw new AppError(400, '授权失败，请重新发起支付')
  await db
    .insert(payerIdentities)
    .values({ userId, appId: identity.appId, openid })
    .onConflictDoUpdate({
      target: [payerIdentities.userId, payerIdentities.appId],
      set: { openid, updatedAt: new Date() },
    })
}
