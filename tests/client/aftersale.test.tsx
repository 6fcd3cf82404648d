import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { AftersaleCase } from '@/contract/aftersale'
import { saveToken, setState } from '@/store'
import { clickButton, typeInto, visiblePage } from './utils/dom'
import { callsTo, mockApi } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const location = () => window.location.pathname + window.location.search
const HOUR = 3_600_000

const aftersaleCase = (over: Partial<AftersaleCase> = {}): AftersaleCase => ({
  id: 4,
  orderId: 7,
  orderNo: 'HA20261126100000123456',
  title: '王者荣耀 V8 全英雄',
  coverImage: '/uploads/cover.jpg',
  paidAmount: 52_000,
  maxPartialRefund: 47_499,
  ownStock: false,
  reason: 'recovered',
  description: '账号昨晚被原主人找回了',
  images: ['/uploads/shot.png'],
  status: 'awaiting_seller',
  sellerSilent: false,
  reply: null,
  dueAt: new Date(Date.now() + 47 * HOUR).toISOString(),
  outcome: null,
  refundAmount: 0,
  decisionReason: '',
  decidedAt: null,
  createdAt: '2026-11-26T02:00:00Z',
  role: 'buyer',
  actions: [],
  ...over,
})

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('申请售后', () => {
  it('files the reason, the words and the pictures, then shows the case with the seller’s deadline', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'POST /need/myOrder/7/aftersale': () => ({ code: 200, data: aftersaleCase() }),
      'GET /need/aftersale/4': () => ({ code: 200, data: aftersaleCase() }),
    })
    renderApp('/index/other/aftersale?orderId=7')
    await waitFor(() => expect(text('.aftersale')).toContain('卖家需在 48 小时内回复'))
    expect(text('.page-title')).toBe('申请售后')
    const submit = () => page().querySelector('.submit-bar__button') as HTMLElement
    // Too short to file: the button stays off.
    await typeInto('问题描述', '被找回')
    expect(submit().hasAttribute('disabled')).toBe(true)
    const chip = [...page().querySelectorAll('[role="radio"]')].find((node) => node.textContent === '账号被找回')
    fireEvent.click(chip!)
    await typeInto('问题描述', '账号昨晚被原主人找回了')
    await clickButton('提交售后申请')
    await waitFor(() => expect(callsTo(api, 'POST /need/myOrder/7/aftersale')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/myOrder/7/aftersale')[0].data).toEqual({
      reason: 'recovered',
      description: '账号昨晚被原主人找回了',
      images: [],
    })
    await waitFor(() => expect(location()).toBe('/index/other/aftersale?id=4'))
    await waitFor(() => expect(text('.aftersale__status')).toContain('待卖家回复'))
    expect(text('.aftersale__countdown')).toMatch(/卖家需在 1天2\d小时 内回复/)
    expect(text('.aftersale')).toContain('账号昨晚被原主人找回了')
    expect(text('.aftersale')).toContain('等待卖家回复')
    expect(text('.page-title')).toBe('售后详情')
  })

  it('gives the seller the answer form while the case waits for them', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: { ...profile, userId: 8 } }),
      'GET /need/aftersale/4': () => ({ code: 200, data: aftersaleCase({ role: 'seller', actions: ['reply'] }) }),
      'POST /need/aftersale/4/reply': () => ({
        code: 200,
        data: aftersaleCase({
          role: 'seller',
          status: 'awaiting_staff',
          reply: { text: '交付时账号正常，有登录记录', images: [], at: '2026-11-26T03:00:00Z' },
        }),
      }),
    })
    renderApp('/index/other/aftersale?id=4')
    await typeInto('你的说明', '交付时账号正常，有登录记录')
    await clickButton('提交回复')
    await waitFor(() => expect(callsTo(api, 'POST /need/aftersale/4/reply')).toHaveLength(1))
    await waitFor(() => expect(text('.aftersale__status')).toContain('待平台处理'))
    expect(text('.aftersale__countdown')).toContain('平台将在')
    expect(text('.aftersale')).toContain('交付时账号正常，有登录记录')
  })

  it('shows a decided case with its outcome and the refund, and no deadline', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/aftersale/4': () => ({
        code: 200,
        data: aftersaleCase({
          status: 'decided',
          outcome: 'refund_partial',
          refundAmount: 26_000,
          decisionReason: '核实账号被找回，退还一半',
          sellerSilent: true,
          dueAt: null,
        }),
      }),
    })
    renderApp('/index/other/aftersale?id=4')
    await waitFor(() => expect(text('.aftersale__status')).toContain('已处理 · 部分退款'))
    expect(text('.aftersale__status')).toContain('退款 ¥260.00 已原路退回。核实账号被找回，退还一半')
    expect(text('.aftersale__status')).toContain('卖家未在时限内回复')
    expect(page().querySelector('.aftersale__countdown')).toBeNull()
  })
})
