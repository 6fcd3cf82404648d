import Taro from '@tarojs/taro'
import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'
import { tradePayResult, type InAppResult } from './tradePay'

/** Mini-programs: the return page on the site the API lives on (the gateway needs an absolute URL). */
export function returnUrl(): string {
  return `${API_BASE}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/** A mini-program opens no web page: every channel it offers pays in its own cashier (payInApp). */
export function openGateway(_start: Pick<PayStart, 'payUrl'>): boolean {
  return false
}

declare const qq: {
  requestWxPayment(options: {
    url: string
    referer: string
    success(): void
    fail(error: { errMsg?: string }): void
  }): void
}

/**
 * Pays a trade in the mini-program's own cashier: WeChat's requestPayment takes the signed JSAPI
 * parameters, Alipay's tradePay the trade number, and in QQ requestWxPayment opens WeChat's H5 page (its
 * success only means WeChat took over). The notice decides, not this.
 */
export async function payInApp(start: PayStart): Promise<InAppResult> {
  const failed = (error: { errMsg?: string }) => (/cancel/.test(error.errMsg ?? '') ? 'cancel' : 'fail') as InAppResult
  if (start.jsapi) {
    const { appId: _appId, ...request } = start.jsapi
    return Taro.requestPayment(request).then(() => 'ok' as const, failed)
  }
  if (process.env.TARO_ENV === 'qq' && start.payUrl) {
    const url = start.payUrl
    // The referer is the site registered for WeChat's H5 payments: the one the API lives on.
    return new Promise((resolve) =>
      qq.requestWxPayment({
        url,
        referer: `${API_BASE}/`,
        success: () => resolve('ok'),
        fail: (e) => resolve(failed(e)),
      }),
    )
  }
  if (!start.tradeNo) return 'fail'
  const { resultCode } = (await Taro.tradePay({ tradeNO: start.tradeNo })).response as unknown as {
    resultCode: string
  }
  return tradePayResult(String(resultCode))
}

/** This page's address on the web site, for a browser. */
export function pageAddress(): string {
  const router = Taro.getCurrentInstance().router
  const query = new URLSearchParams(router?.params as Record<string, string>).toString()
  return `${API_BASE}${router?.path ?? ''}${query ? `?${query}` : ''}`
}
