import { localGateway } from '../../../server/modules/payments'
import type { createTestApp } from './app'

type TestApp = ReturnType<typeof createTestApp>

/** A TRADE_SUCCESS notice for `outTradeNo`, signed by the local Alipay's key (or a stranger's). */
export function paidNotice(app: TestApp, outTradeNo: string, amount: number, options: { foreignKey?: boolean } = {}) {
  return localGateway(app.deps.payments, 'alipay').testNotice(outTradeNo, amount, options).rawBody
}

/** Posts a notice to our notify URL as Alipay does; returns what we answered (`success` / `fail`). */
export async function postNotice(app: TestApp, body: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    payload: body,
  })
  return response.body
}
