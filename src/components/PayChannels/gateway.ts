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

export type InAppResult = 'ok' | 'cancel' | 'fail'

/**
 * Pays a trade in the mini-program's own cashier: WeChat's requestPayment takes the signed JSAPI
 * parameters, Alipay's tradePay the trade number. The notice decides, not this.
 */
export async function payInApp(start: PayStart): Promise<InAppResult> {
  if (start.jsapi) {
    const { appId: _appId, ...request } = start.jsapi
    return Taro.requestPayment(request).then(
      () => 'ok' as const,
      (error: { errMsg?: string }) => (/cancel/.test(error.errMsg ?? '') ? 'cancel' : 'fail'),
    )
  }
  if (!start.tradeNo) return 'fail'
  // 9000 paid, 6001 cancelled; 8000 and 6004 mean "not known yet", which the order page waits out.
  const { resultCode } = (await Taro.tradePay({ tradeNO: start.tradeNo })).response as unknown as {
    resultCode: string
  }
  return ['9000', '8000', '6004'].includes(String(resultCode))
    ? 'ok'
    : String(resultCode) === '6001'
      ? 'cancel'
      : 'fail'
}

/** This page's address on the web site, for a browser. */
export function pageAddress(): string {
  const router = Taro.getCurrentInstance().router
  const query = new URLSearchParams(router?.params as Record<string, string>).toString()
  return `${API_BASE}${router?.path ?? ''}${query ? `?${query}` : ''}`
}
