/**
 * Where the buyer pays from, which decides what can pay there. Inside WeChat's browser only WeChat Pay
 * works (by JSAPI: WeChat refuses its H5 pay there and blocks Alipay's page); QQ's browser blocks both
 * gateways' apps; Alipay's own browser takes Alipay's page in-app but not WeChat Pay. Mini-programs are
 * told by the build (TARO_ENV), pages by the user agent.
 */
import type { PayChannel, PayScene } from '@/contract/payments'

export type PayPlace = 'browser' | 'wechat' | 'qq' | 'alipay' | 'weapp' | 'qq-mini' | 'alipay-mini'

const MINI_PLACES: Record<string, PayPlace> = { weapp: 'weapp', qq: 'qq-mini', alipay: 'alipay-mini' }

export function payPlaceOf(taroEnv: string | undefined, userAgent: string): PayPlace {
  const mini = taroEnv && MINI_PLACES[taroEnv]
  if (mini) return mini
  if (/MicroMessenger/i.test(userAgent)) return 'wechat'
  // The QQ app's browser says " QQ/8.9…"; the QQ Browser app ("MQQBrowser/…" alone) is a real browser.
  if (/\sQQ\/\d/.test(userAgent)) return 'qq'
  if (/AlipayClient/i.test(userAgent)) return 'alipay'
  return 'browser'
}

export const currentPayPlace = (): PayPlace =>
  payPlaceOf(process.env.TARO_ENV, typeof navigator === 'undefined' ? '' : navigator.userAgent)

const APP_NAMES: Partial<Record<PayPlace, string>> = { wechat: '微信', qq: 'QQ', alipay: '支付宝' }
const CHANNEL_NAMES: Record<PayChannel, string> = { alipay: '支付宝', wechat: '微信支付' }

const BLOCKED: Partial<Record<PayPlace, PayChannel[]>> = {
  wechat: ['alipay'],
  qq: ['alipay', 'wechat'],
  alipay: ['wechat'],
}

/** Why `channel` cannot pay at `place` (a sentence for the open-in-browser guide), or '' when it can. */
export function blockedReason(place: PayPlace, channel: PayChannel): string {
  if (!BLOCKED[place]?.includes(channel)) return ''
  return `${APP_NAMES[place]}内无法打开${CHANNEL_NAMES[channel]}，请在浏览器中打开本页后付款`
}

/** The channel a payment starts on: the app's own where the buyer is inside it, else Alipay. */
export const defaultChannel = (place: PayPlace): PayChannel =>
  place === 'wechat' || place === 'weapp' ? 'wechat' : 'alipay'

/**
 * How `channel` pays here: JSAPI inside WeChat's browser, the app's own cashier in its mini-program
 * (WeChat's for WeChat Pay, Alipay's for Alipay), else the gateway's web page.
 */
export function payScene(place: PayPlace, channel: PayChannel): PayScene {
  if (channel === 'wechat' && place === 'wechat') return 'jsapi'
  if ((channel === 'wechat' && place === 'weapp') || (channel === 'alipay' && place === 'alipay-mini')) return 'mini'
  return 'web'
}
