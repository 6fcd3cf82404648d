/**
 * Where the buyer pays from, which decides what can pay there. Inside WeChat's browser only WeChat Pay
 * works (by JSAPI: WeChat refuses its H5 pay there and blocks Alipay's page); QQ's browser blocks both
 * gateways' apps; Alipay's own browser pays Alipay through its bridge but blocks WeChat Pay. Each
 * mini-program pays only through its own app's cashier: WeChat's and QQ's by WeChat Pay, Alipay's by
 * Alipay. Mini-programs are told by the build (TARO_ENV), pages by the user agent.
 */
import { PAY_CHANNEL_LABELS } from '@/contract/constants'
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

const APP_NAMES: Record<Exclude<PayPlace, 'browser'>, string> = {
  wechat: '微信',
  qq: 'QQ',
  alipay: '支付宝',
  weapp: '微信小程序',
  'qq-mini': 'QQ小程序',
  'alipay-mini': '支付宝小程序',
}

const BLOCKED: Partial<Record<PayPlace, PayChannel[]>> = {
  wechat: ['alipay'],
  qq: ['alipay', 'wechat'],
  alipay: ['wechat'],
  weapp: ['alipay'],
  'qq-mini': ['alipay'],
  'alipay-mini': ['wechat'],
}

const isMini = (place: PayPlace) => place === 'weapp' || place === 'qq-mini' || place === 'alipay-mini'

/** Why `channel` cannot pay at `place` (a sentence for the open-in-browser guide), or '' when it can. */
export function blockedReason(place: PayPlace, channel: PayChannel): string {
  if (place === 'browser' || !BLOCKED[place]?.includes(channel)) return ''
  return `${APP_NAMES[place]}内无法打开${PAY_CHANNEL_LABELS[channel]}，请在浏览器中打开本页后付款`
}

/**
 * The channels the payment choice lists at `place`: a page inside an app lists both (the blocked one
 * leads to the open-in-browser guide); a mini-program, which has no browser to go to, only what pays there.
 */
export const offeredChannels = (place: PayPlace, channels: PayChannel[]): PayChannel[] =>
  isMini(place) ? channels.filter((channel) => !blockedReason(place, channel)) : channels

/** The channel a payment starts on: the app's own where the buyer is inside it, else Alipay. */
export const defaultChannel = (place: PayPlace): PayChannel =>
  place === 'wechat' || place === 'weapp' || place === 'qq-mini' ? 'wechat' : 'alipay'

/**
 * How `channel` pays here: through the bridge of the gateway's own app inside its browser (WeChat's JSAPI,
 * AlipayJSBridge), the app's own cashier in its mini-program (WeChat's requestPayment, Alipay's tradePay),
 * WeChat's H5 through QQ's proxy in the QQ mini-program, else the gateway's web page.
 */
export function payScene(place: PayPlace, channel: PayChannel): PayScene {
  if ((channel === 'wechat' && place === 'wechat') || (channel === 'alipay' && place === 'alipay')) return 'jsapi'
  if ((channel === 'wechat' && place === 'weapp') || (channel === 'alipay' && place === 'alipay-mini')) return 'mini'
  if (channel === 'wechat' && place === 'qq-mini') return 'qq-mini'
  return 'web'
}
