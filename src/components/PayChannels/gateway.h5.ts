import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'

/** Where the gateway sends the browser back: the order page at its absolute URL on this site (H5). */
export function returnUrl(): string {
  return `${window.location.origin}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/**
 * Sends the browser to the payment page: its URL, or the auto-submitting form when the gateway needs a
 * POST. Returns false when there is nothing to open.
 */
export function openGateway(start: Pick<PayStart, 'payUrl' | 'form'>): boolean {
  if (start.payUrl) {
    window.location.href = start.payUrl
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
export type InAppResult = 'ok' | 'cancel' | 'fail'

interface WeixinJSBridge {
  invoke(name: string, params: JsapiParams, callback: (answer: { err_msg?: string }) => void): void
}

/** WeChat's in-browser bridge, once it is there (it may announce itself after the page has started). */
function weixinBridge(): Promise<WeixinJSBridge> {
  const present = (window as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge
  if (present) return Promise.resolve(present)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('微信支付组件未就绪，请稍后重试')), 5_000)
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer)
        resolve((window as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge!)
      },
      { once: true },
    )
  })
}

/**
 * Pays a trade in the cashier of the app around the page: inside WeChat, the JSAPI trade by its bridge,
 * over the page. The notice decides, not this.
 */
export async function payInApp(start: PayStart): Promise<InAppResult> {
  const params = start.jsapi
  if (!params) return 'fail'
  const bridge = await weixinBridge()
  return new Promise((resolve) =>
    bridge.invoke('getBrandWCPayRequest', params, ({ err_msg: message = '' }) =>
      resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail'),
    ),
  )
}

/** This page's own address: what the open-in-browser guide copies, and where WeChat's authorisation returns. */
export const pageAddress = () => window.location.href
