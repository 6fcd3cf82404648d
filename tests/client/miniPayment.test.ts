/**
 * The mini-programs' own cashiers (the module the mini builds use instead of the H5 one): WeChat's
 * requestPayment, QQ's requestWxPayment (WeChat's H5 page through QQ), Alipay's tradePay. What each
 * answers becomes ok / cancel / fail; the notice decides the payment, not this.
 */
import Taro from '@tarojs/taro'
import type { PayStart } from '@/contract/payments'

type MiniGateway = typeof import('@/components/PayChannels/gateway')
// The explicit file: jest, like the H5 build, would otherwise pick gateway.h5.ts.
const mini = jest.requireActual<MiniGateway>('../../src/components/PayChannels/gateway.ts')

const start = (extra: Partial<PayStart>): PayStart => ({ outTradeNo: 'P1', amount: 100, ...extra })
const jsapi = {
  appId: 'wxmini',
  timeStamp: '1',
  nonceStr: 'n',
  package: 'prepay_id=wx1',
  signType: 'RSA' as const,
  paySign: 's',
}

afterEach(() => {
  process.env.TARO_ENV = 'h5'
  delete (globalThis as { qq?: unknown }).qq
})

test('WeChat: requestPayment gets the signed parameters without the app id; a cancel is told apart', async () => {
  const requestPayment = jest.fn().mockResolvedValue({ errMsg: 'requestPayment:ok' })
  Object.assign(Taro, { requestPayment })
  process.env.TARO_ENV = 'weapp'
  expect(await mini.payInApp(start({ jsapi }))).toBe('ok')
  const { appId: _appId, ...signed } = jsapi
  expect(requestPayment).toHaveBeenCalledWith(signed)
  requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail cancel' })
  expect(await mini.payInApp(start({ jsapi }))).toBe('cancel')
  requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail system error' })
  expect(await mini.payInApp(start({ jsapi }))).toBe('fail')
})

test('QQ: requestWxPayment opens the h5_url with the site as referer; its success hands over to the notice', async () => {
  const requestWxPayment = jest.fn((options: { success(): void }) => options.success())
  Object.assign(globalThis, { qq: { requestWxPayment } })
  process.env.TARO_ENV = 'qq'
  expect(await mini.payInApp(start({ payUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?x=1' }))).toBe('ok')
  expect(requestWxPayment).toHaveBeenCalledWith(
    expect.objectContaining({ url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?x=1', referer: '/' }),
  )
  requestWxPayment.mockImplementationOnce((options: unknown) =>
    (options as { fail(error: { errMsg: string }): void }).fail({ errMsg: 'requestWxPayment:fail cancel' }),
  )
  expect(await mini.payInApp(start({ payUrl: 'https://wx.tenpay.com/x' }))).toBe('cancel')
  // Outside QQ a bare page address is nothing a mini-program can pay.
  process.env.TARO_ENV = 'weapp'
  expect(await mini.payInApp(start({ payUrl: 'https://wx.tenpay.com/x' }))).toBe('fail')
  expect(mini.openGateway({ payUrl: 'https://wx.tenpay.com/x' })).toBe(false)
})

test('Alipay: tradePay pays the trade number; 9000, 8000 and 6004 wait for the notice, 6001 is a cancel', async () => {
  const tradePay = jest.fn()
  Object.assign(Taro, { tradePay })
  process.env.TARO_ENV = 'alipay'
  const answers: [string, string][] = [
    ['9000', 'ok'],
    ['8000', 'ok'],
    ['6004', 'ok'],
    ['6001', 'cancel'],
    ['4000', 'fail'],
  ]
  for (const [resultCode, result] of answers) {
    tradePay.mockResolvedValueOnce({ response: { resultCode } })
    expect(await mini.payInApp(start({ tradeNo: '2026112522001' }))).toBe(result)
  }
  expect(tradePay).toHaveBeenCalledWith({ tradeNO: '2026112522001' })
})
