import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'
import { tradePayResult, type InAppResult } from './tradePay'

/** Where the gateway sends the browser back: the order page at its absolute URL on this site (H5). */
export function returnUrl(): string {
  return `${window.location.origin}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/**
 * Sends the browser to the payment page: its URL, in place of the page that opened it (so back from the
 * cashier goes to the page before — the order — not to a page that would start the payment again), or
 * the auto-submitting form when the gateway needs a POST. Returns false when there is nothing to open.
 */
export function openGateway(start: Pick<PayStart, 'payUrl' | 'form'>): boolean {
  if (start.payUrl) {
    window.location.replace(start.payUrl)
    return true
  }
  if (start.form) {
    const holder = document.createElement('div')
    holder.style.display = 'none'
    holder.innerHTML = start.form
    document.body.appendChild(holder)
    const form = holder.querySelector('form')
    if (!form) return false
    form.submit()
    return true
  }
  return false
}

type JsapiParams = NonNullable<PayStart['jsapi']>

interface WeixinJSBridge {
  invoke(name: string, params: JsapiParams, callback: (answer: { err_msg?: string }) => void): void
}
interface AlipayJSBridge {
  call(name: string, params: { tradeNO: string }, callback: (answer: { resultCode?: string }) => void): void
}

/** An app's in-browser bridge, once it is there (it may announce itself after the page has started). */
function bridge<T>(name: 'WeixinJSBridge' | 'AlipayJSBridge', label: string): Promise<T> {
  const present = (window as unknown as Record<string, T | undefined>)[name]
  if (present) return Promise.resolve(present)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}组件未就绪，请稍后重试`)), 5_000)
    document.addEventListener(
      `${name}Ready`,
      () => {
        clearTimeout(timer)
        resolve((window as unknown as Record<string, T>)[name])
      },
      { once: true },
    )
  })
}

/**
 * Pays a trade in the cashier of the app around the page, over the page: inside WeChat the JSAPI trade by
 * WeixinJSBridge, inside Alipay the trade number by AlipayJSBridge's tradePay. The notice decides, not this.
 */
export async function payInApp(start: PayStart): Promise<InAppResult> {
  const params = start.jsapi
  if (params) {
    const weixin = await bridge<WeixinJSBridge>('WeixinJSBridge', '微信支付')
    return new Promise((resolve) =>
      weixin.invoke('getBrandWCPayRequest', params, ({ err_msg: message = '' }) =>
        resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail'),
      ),
    )
  }
  const tradeNO = start.tradeNo
  if (!tradeNO) return 'fail'
  const alipay = await bridge<AlipayJSBridge>('AlipayJSBridge', '支付宝')
  return new Promise((resolve) =>
    alipay.call('tradePay', { tradeNO }, ({ resultCode = '' }) => resolve(tradePayResult(resultCode))),
  )
}

/** This page's own address: what the open-in-browser guide copies, and where WeChat's authorisation returns. */
export const pageAddress = () => window.location.href
