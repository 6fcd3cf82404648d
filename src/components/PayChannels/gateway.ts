import Taro from '@tarojs/taro'
import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'

/** Mini-programs: the return page on the site the API lives on (the gateway needs an absolute URL). */
export function returnUrl(): string {
  return `${API_BASE}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/** A mini-program cannot open a web cashier: the link is copied so the buyer can finish in a browser. */
export function openGateway(start: Pick<PayStart, 'payUrl'>): boolean {
  if (start.payUrl) {
    void Taro.setClipboardData({ data: start.payUrl }).then(() =>
      Taro.showToast({ title: '支付链接已复制，请在浏览器中打开', icon: 'none' }),
    )
  }
  return false
}

export type JsapiParams = NonNullable<PayStart['jsapi']>
export type JsapiResult = 'ok' | 'cancel' | 'fail'

/** Pays a JSAPI trade in a mini-program: the same signed parameters go to the app's own cashier. */
export function payInWechat(params: JsapiParams): Promise<JsapiResult> {
  const { appId: _appId, ...request } = params
  return Taro.requestPayment(request).then(
    () => 'ok' as const,
    (error: { errMsg?: string }) => (/cancel/.test(error.errMsg ?? '') ? 'cancel' : 'fail'),
  )
}

/** This page's address on the web site, for a browser. */
export function pageAddress(): string {
  const router = Taro.getCurrentInstance().router
  const query = new URLSearchParams(router?.params as Record<string, string>).toString()
  return `${API_BASE}${router?.path ?? ''}${query ? `?${query}` : ''}`
}
