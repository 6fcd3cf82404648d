import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { Rental } from '@/contract/rentals'
import { saveToken, setState } from '@/store'
import { answerDialog, clickButton, findOnPage, typeInto, typePrompt, visiblePage } from './utils/dom'
import { order } from './utils/fixtures'
import { badgeApi, callsTo, mockApi, queryOf } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const location = () => window.location.pathname + window.location.search
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

const rental = (over: Partial<Rental> = {}): Rental => ({
  id: 4,
  goodsId: 7,
  title: '王者荣耀 V8 全英雄',
  coverImage: '/uploads/cover.jpg',
  gameName: '王者荣耀',
  role: 'renter',
  status: 'active',
  hours: 2,
  maxHours: 8,
  hourly: 500,
  daily: 6_000,
  rentAmount: 1_000,
  depositAmount: 20_000,
  damageAmount: 0,
  ownerAmount: 950,
  payouts: [],
  rules: ['logout_on_time', 'no_ranked'],
  orderId: 31,
  renewal: null,
  closeAt: inHours(0.25),
  startAt: inHours(-0.1),
  endAt: inHours(1.9),
  returnedAt: null,
  checkUntil: null,
  settledAt: null,
  fullRefundUntil: inHours(0.15),
  complaint: null,
  decision: null,
  createdAt: inHours(-0.2),
  actions: ['credentials', 'renew', 'return', 'complain'],
  ...over,
})

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('租号详情', () => {
  it('the renter counts down the hours, reads the account, and returns it early', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rental/4': () => ({ code: 200, data: rental() }),
      'GET /need/rental/4/credentials': () => ({
        code: 200,
        data: { account: 'wz_8848', password: 'S3cret!pw', notes: '' },
      }),
      'POST /need/rental/4/return': () => ({
        code: 200,
        data: rental({ status: 'returned', returnedAt: inHours(0), checkUntil: inHours(2), actions: [] }),
      }),
    })
    renderApp('/index/other/rental?id=4')
    await waitFor(() => expect(text('.rental__status-label')).toBe('租用中'))
    expect(text('.rental__countdown')).toMatch(/剩余时长 01:5\d:\d\d/)
    expect([...page().querySelectorAll('.actions-bar__button')].map((el) => el.textContent)).toEqual([
      '投诉',
      '提前归还',
      '续租',
    ])
    await clickButton('查看账号')
    await findOnPage('.credentials-sheet')
    expect(text('.credentials-sheet')).toContain('wz_8848')
    expect(text('.credentials-sheet')).toContain('S3cret!pw')
    expect(text('.credentials-sheet__warning')).toContain('租期内请勿修改密码')
    fireEvent.click(page().querySelector('.sheet__close')!)

    await clickButton('提前归还')
    expect(await answerDialog(true)).toContain('剩余时长不退租金')
    await waitFor(() => expect(callsTo(api, 'POST /need/rental/4/return')).toHaveLength(1))
    await waitFor(() => expect(text('.rental__status-label')).toBe('已归还'))
    expect(text('.rental')).not.toContain('查看账号')
    expect(text('.rental__countdown')).toMatch(/验号剩余/)
  })

  it('renews by the hour within the longest, then pays the renewal', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rental/4': () => ({ code: 200, data: rental() }),
      'POST /need/rental/4/renew': () => ({ code: 200, data: { id: 4, orderId: 32, totalAmount: 1_500 } }),
      // the cashier it ends on
      'GET /need/myOrder/32': () => ({
        code: 200,
        data: order({ id: 32, kind: 'renewal', rentalId: 4, guaranteeType: 'none', totalAmount: 1_500 }),
      }),
    })
    renderApp('/index/other/rental?id=4')
    await clickButton('续租')
    const sheet = await findOnPage('.rental__sheet')
    expect(sheet.textContent).toContain('最多还能续 6小时')
    // 5 and 8 hours are past what is left of the longest rental (8 hours, 2 taken).
    expect([...sheet.querySelectorAll('[role=radio]')].map((el) => el.textContent)).toEqual([
      '1小时',
      '2小时',
      '3小时',
      '5小时',
    ])
    fireEvent.click([...sheet.querySelectorAll('[role=radio]')].find((el) => el.textContent === '3小时')!)
    await clickButton('支付 ¥15.00')
    await waitFor(() => expect(callsTo(api, 'POST /need/rental/4/renew')[0]?.data).toEqual({ hours: 3 }))
    await waitFor(() => expect(location()).toBe('/index/pay?id=32&kind=full'))
  })

  it('a complaint within the first minutes says it refunds in full; the renter picks a renter’s reason', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rental/4': () => ({ code: 200, data: rental() }),
      'POST /need/rental/4/complain': () => ({
        code: 200,
        data: rental({ status: 'settled', actions: [], decision: { outcome: 'refund', reason: '开始 15 分钟内反馈' } }),
      }),
    })
    renderApp('/index/other/rental?id=4')
    await clickButton('投诉')
    const sheet = await findOnPage('.rental__sheet')
    expect(sheet.textContent).toContain('立即全额退款')
    expect([...sheet.querySelectorAll('[role=radio]')].map((el) => el.textContent)).toEqual([
      '账号与描述不符',
      '密码错误登不上',
      '被顶号或找回',
      '其他',
    ])
    fireEvent.click([...sheet.querySelectorAll('[role=radio]')].find((el) => el.textContent === '密码错误登不上')!)
    await typeInto('问题描述', '登录提示密码错误')
    await clickButton('提交投诉')
    await waitFor(() =>
      expect(callsTo(api, 'POST /need/rental/4/complain')[0]?.data).toEqual({
        reason: 'wrong_password',
        description: '登录提示密码错误',
        images: [],
      }),
    )
    await waitFor(() => expect(text('.rental__status-label')).toBe('已结算'))
    expect(text('.rental')).toContain('已全额退还')
  })

  it('the owner is reminded to change the password, and confirms the return', async () => {
    const returned = rental({
      role: 'owner',
      status: 'returned',
      returnedAt: inHours(-0.1),
      checkUntil: inHours(1.9),
      actions: ['complain', 'confirmReturn'],
    })
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: { ...profile, userName: 'seller' } }),
      'GET /need/rental/4': () => ({ code: 200, data: returned }),
      'POST /need/rental/4/confirm-return': () => ({
        code: 200,
        data: { ...returned, status: 'settled', settledAt: inHours(0), checkUntil: null, actions: [] },
      }),
    })
    renderApp('/index/other/rental?id=4')
    await waitFor(() => expect(text('.rental__reminder')).toContain('换密提醒'))
    expect(text('.rental')).toContain('号主到手¥9.50（已扣佣金）')
    await clickButton('确认归还')
    await answerDialog(true)
    await waitFor(() => expect(callsTo(api, 'POST /need/rental/4/confirm-return')).toHaveLength(1))
    await waitFor(() => expect(text('.rental__status-label')).toBe('已结算'))
    expect(page().querySelector('.rental__reminder')).toBeNull()
    expect(text('.rental')).toContain('已退还 ¥200.00')
  })
})

describe('the owner’s money', () => {
  const settled = (payouts: Rental['payouts']) =>
    rental({
      role: 'owner',
      status: 'settled',
      returnedAt: inHours(-0.5),
      settledAt: inHours(-0.4),
      fullRefundUntil: null,
      actions: [],
      payouts,
    })
  const refused: Rental['payouts'][number] = {
    kind: 'rental',
    status: 'failed',
    amount: 950,
    dueAt: inHours(-0.4),
    reason: '收款账户已冻结',
    actions: ['payee'],
  }

  it('shows each payout; a refused one is sent again to the listing’s new account', async () => {
    let answer = settled([refused, { ...refused, kind: 'renewal', amount: 475 }])
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: { ...profile, userName: 'seller' } }),
      'GET /need/rental/4': () => ({ code: 200, data: answer }),
      'PUT /need/myConsignment/7/payee': () => {
        answer = settled([
          { ...refused, status: 'paid', reason: undefined, paidAt: inHours(0), transferNo: 'T1', actions: [] },
          { ...refused, kind: 'renewal', amount: 475, status: 'pending', reason: undefined, actions: [] },
        ])
        return { code: 200, data: {} }
      },
    })
    renderApp('/index/other/rental?id=4')
    await waitFor(() => expect(page().querySelectorAll('.settlement-strip')).toHaveLength(2))
    const strips = () => [...page().querySelectorAll('.settlement-strip')].map((el) => el.textContent)
    expect(strips()).toEqual([
      '租金打款失败 ¥9.50收款账户已冻结，请修改收款账户后重新打款',
      '续租租金打款失败 ¥4.75收款账户已冻结，请修改收款账户后重新打款',
    ])
    // The dialog is 我的代售's (selling.test.tsx checks what it refuses); the account is the listing's.
    await clickButton('修改收款账户')
    await typePrompt(' owner@example.com ')
    await clickButton('修改并打款')
    await waitFor(() =>
      expect(callsTo(api, 'PUT /need/myConsignment/7/payee')[0]?.data).toEqual({ alipayAccount: 'owner@example.com' }),
    )
    await waitFor(() => expect(strips()[0]).toMatch(/^租金已打款 ¥9\.50.*转账单号 T1$/))
    expect(strips()[1]).toMatch(/^续租租金待打款 ¥4\.75预计/)
    expect(Taro.showToast).toHaveBeenLastCalledWith({ title: '已提交打款，请稍后查看', icon: 'none' })
    expect(text('.rental')).not.toContain('修改收款账户')
  })

  it('the renter sees none of the owner’s payouts', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rental/4': () => ({ code: 200, data: { ...settled([]), role: 'renter' } }),
    })
    renderApp('/index/other/rental?id=4')
    await waitFor(() => expect(text('.rental__status-label')).toBe('已结算'))
    expect(page().querySelector('.settlement-strip')).toBeNull()
    expect(text('.rental')).not.toContain('修改收款账户')
  })
})

/** A rental's first order as its detail answers it once paid: rent and deposit, nothing to do on it. */
const rentalOrder = order({
  kind: 'rental',
  rentalId: 4,
  status: 'paid',
  guaranteeType: 'none',
  goodsAmount: 21_000,
  guaranteeAmount: 0,
  serviceAmount: 0,
  totalAmount: 21_000,
  paidAmount: 21_000,
  paidAt: inHours(0),
  actions: [],
  deadline: null,
})

describe('租号 lists', () => {
  it('我的买单 → 租号 lists what I rented, each opening its rental', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rentals': () => ({ code: 200, data: [rental(), rental({ id: 3, status: 'settled', actions: [] })] }),
      'GET /need/rental/3': () => ({ code: 200, data: rental({ id: 3, status: 'settled', actions: [] }) }),
    })
    renderApp('/index/other/MyProducts?tab=rentals')
    await waitFor(() => expect(page().querySelectorAll('.rental-list__card')).toHaveLength(2))
    expect([...page().querySelectorAll('.status-card__status')].map((el) => el.textContent)).toEqual([
      '租用中',
      '已结算',
    ])
    expect(text('.rental-list__clock')).toMatch(/剩余时长/)
    // What was paid is rent and deposit together: the deposit is named beside the hours.
    expect(text('.order-goods__region')).toBe('王者荣耀 · 租 2 小时 · 含押金 ¥200.00')
    expect(text('.order-goods .price-tag')).toBe('¥210.00')
    fireEvent.click(page().querySelectorAll('.rental-list__card')[1])
    await waitFor(() => expect(location()).toBe('/index/other/rental?id=3'))
  })

  it('我的代售 → 租出中 asks for the owner’s side', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rentals': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/Mybrowsing?tab=rentals')
    await waitFor(() => expect(text('.empty-state')).toContain('暂无出租记录'))
    expect(queryOf(callsTo(api, 'GET /need/rentals')[0])).toEqual({ role: 'owner' })
  })

  it('opened on 租出中, the last tab, its row scrolls to bring it to the middle', async () => {
    // jsdom lays nothing out: the row is 50 px a tab, seen through a 375 px box.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const [, tab] = /^tabs-\d+-(\d+)$/.exec(this.id) ?? []
      const rect = (left: number, width: number) => ({ left, width }) as DOMRect
      if (tab) return rect(Number(tab) * 50, 50)
      if (/^tabs-\d+$/.test(this.id)) return rect(0, 375)
      return rect(0, /^tabs-\d+-row$/.test(this.id) ? 450 : 0)
    })
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/rentals': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/Mybrowsing?tab=rentals')
    const active = await findOnPage('[aria-selected="true"]')
    expect(active.textContent).toBe('租出中')
    const index = Number(/-(\d+)$/.exec(active.id)![1])
    expect(index).toBeGreaterThan(5)
    const row = visiblePage().querySelector<HTMLElement>('.tabs')!
    await waitFor(() => expect(row.scrollLeft).toBe(Math.round(index * 50 - (375 - 50) / 2)))
  })

  it('a rental’s order, once paid, hands over to its rental', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myOrder/31': () => ({ code: 200, data: rentalOrder }),
      'GET /need/rental/4': () => ({ code: 200, data: rental() }),
      ...badgeApi,
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(location()).toBe('/index/other/rental?id=4'))
  })
})
