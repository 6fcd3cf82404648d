import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'
import { saveToken, setState } from '@/store'
import { clickButton, typeInto, visiblePage } from './utils/dom'
import { callsTo, mockApi } from './utils/mockApi'
import { claim } from './utils/fixtures'
import { renderApp } from './utils/renderApp'

jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const location = () => window.location.pathname + window.location.search

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('包赔', () => {
  it('files the kind, the words and the payee, then shows the claim in review', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/claims': () => ({ code: 200, data: [] }),
      'POST /need/myOrder/7/claim': () => ({ code: 200, data: claim() }),
      'GET /need/claims/3': () => ({ code: 200, data: claim() }),
    })
    renderApp('/index/other/claim?orderId=7')
    await waitFor(() => expect(text('.page-title')).toBe('申请包赔'))
    await typeInto('问题描述', '账号在成交后第三天被原号主找回了')
    await typeInto('收款支付宝账号', 'not-an-account')
    await waitFor(() => expect(text('.claim')).toContain('收款支付宝账号须为手机号或邮箱'))
    await typeInto('收款支付宝账号', '13900001234')
    await typeInto('收款人姓名', '张三')
    await clickButton('提交包赔申请')
    await waitFor(() => expect(callsTo(api, 'POST /need/myOrder/7/claim')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/myOrder/7/claim')[0].data).toEqual({
      kind: 'recovered',
      description: '账号在成交后第三天被原号主找回了',
      images: [],
      payee: { alipayAccount: '13900001234', name: '张三' },
    })
    await waitFor(() => expect(location()).toBe('/index/other/claim?id=3'))
    await waitFor(() => expect(text('.claim__status')).toContain('审核中'))
    expect(text('.claim')).toContain('收款 139****1234（张*）')
    expect(text('.page-title')).toBe('包赔详情')
  })

  it('an order whose claim is in hand opens that claim, not a second form', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/claims': () => ({ code: 200, data: [claim({ id: 2, status: 'rejected' }), claim()] }),
      'GET /need/claims/3': () => ({ code: 200, data: claim() }),
    })
    renderApp('/index/other/claim?orderId=7')
    await waitFor(() => expect(location()).toBe('/index/other/claim?id=3'))
    await waitFor(() => expect(text('.claim__status')).toContain('审核中'))
  })

  it('asks for what staff want and sends it; a paid claim shows its transfer', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/claims/3': () => ({
        code: 200,
        data: claim({ status: 'needs_info', infoRequest: '请补充找回通知截图', actions: ['addInfo'] }),
      }),
      'POST /need/claims/3/info': () => ({
        code: 200,
        data: claim({
          status: 'paid',
          amount: 30_000,
          transferNo: '20261126110070001506',
          additions: [{ text: '这是游戏发来的找回通知截图', images: [], at: '2026-11-26T03:00:00Z' }],
        }),
      }),
    })
    renderApp('/index/other/claim?id=3')
    await waitFor(() => expect(text('.claim__status')).toContain('客服需要补充：请补充找回通知截图'))
    await typeInto('补充说明', '这是游戏发来的找回通知截图')
    await clickButton('提交补充')
    await waitFor(() => expect(callsTo(api, 'POST /need/claims/3/info')).toHaveLength(1))
    await waitFor(() => expect(text('.claim__status')).toContain('已赔付 ¥300.00，转账单号 20261126110070001506'))
    expect(text('.claim')).toContain('补充材料 1')
  })

  it('zhaohui shows the public figures, window by window, and what the fund holds', async () => {
    const window = (days: number, filed: number) => ({
      days,
      filed,
      approved: filed - 1,
      paid: filed - 2,
      paidRatioBps: 8_000,
      medianDaysToPay: 1.5,
      totalPaid: 1_234_500,
    })
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/claims/stats': () => ({
        code: 200,
        data: {
          windows: [window(30, 12), { ...window(90, 30), medianDaysToPay: 0 }, window(365, 80)],
          fund: 5_012_300,
        },
      }),
      'GET /web/notice/list': () => ({ code: 200, rows: [], total: 0 }),
    })
    renderApp('/index/other/zhaohui')
    await waitFor(() => expect(text('.claim-figures')).toContain('申请'))
    expect(page().querySelector('[aria-label="申请 12"]')).not.toBeNull()
    expect(page().querySelector('[aria-label="赔付率 80.0%"]')).not.toBeNull()
    expect(page().querySelector('[aria-label="累计赔付 ¥12,345.00"]')).not.toBeNull()
    expect(page().querySelector('[aria-label="包赔基金余额 ¥50,123.00"]')).not.toBeNull()
    expect(page().querySelector('[aria-label="申请到赔付 1.5 天"]')).not.toBeNull()
    const ninety = [...page().querySelectorAll('[role="radio"]')].find((n) => n.textContent === '近 90 天')
    ninety!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await waitFor(() => expect(page().querySelector('[aria-label="申请 30"]')).not.toBeNull())
    expect(page().querySelector('[aria-label="申请到赔付 当天"]')).not.toBeNull()
  })
})
