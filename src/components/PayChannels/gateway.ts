import Taro from '@tarojs/taro'
import type { PayStart } from '@/contract/payments'
import { routes } from '@/routes'

/** Mini-programs: the return page on the site the API lives on (the gateway needs an absolute URL). */
export function returnUrl(): string {
  return `${API_BASE}${routes.find((r) => r.name === 'orderDetail')?.url ?? ''}`
}

/** A mini-program cannot open a web cashier: the link is copied so the buyer can finish in a browser. */
export function openGateway(start: PayStart): boolean {
  if (start.payUrl) {
    void Taro.setClipboardData({ data: start.payUrl }).then(() =>
      Taro.showToast({ title: '支付链接已复制，请在浏览器中打开', icon: 'none' }),
    )
  }
  return false
}
