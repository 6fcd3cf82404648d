import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { EscrowTicket } from '@/contract/escrowTickets'
import { saveToken, setState } from '@/store'
import { answerDialog, clickButton, visiblePage } from './utils/dom'
import { callsTo, mockApi, queryOf } from './utils/mockApi'
import { order } from './utils/fixtures'
import { renderApp } from './utils/renderApp'

jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const location = () => window.location.pathname + window.location.search
const buttons = () => [...page().querySelectorAll('.actions-bar__button')].map((el) => el.textContent)

const ticket = (over: Partial<EscrowTicket> = {}): EscrowTicket => ({
  id: 4,
  code: 'K7QW2M9X',
  gameId: 1,
  gameName: '王者荣耀',
  description: '群里谈好的号',
  agreedPrice: 50_000,
  feeAmount: 2_500,
  status: 'awaiting_party',
  role: 'buyer',
  counterparty: { contact: '139****0002', name: null },
  listing: null,
  orderId: null,
  rejectReason: '',
  closedReason: '',
  createdAt: '2026-11-26T02:00:00Z',
  completedAt: null,
  actions: ['close'],
  ...over,
})

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('担保单', () => {
  it('the opener sees the code and the link to send, and who alone may join', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/escrow-ticket/4': () => ({ code: 200, data: ticket() }),
    })
    renderApp('/index/other/escrowTicket?id=4')
    await waitFor(() => expect(text('.escrow-ticket__status-label')).toBe('待对方加入'))
    expect(text('.escrow-ticket__code-value')).toBe('K7QW2M9X')
    expect(text('.escrow-ticket__link')).toBe(`${window.location.origin}/index/other/escrowTicket?code=K7QW2M9X`)
    expect(text('.escrow-ticket')).toContain('只有手机号 139****0002 的用户能加入')
    expect(buttons()).toEqual(['关闭'])
  })

  it('the link asks its holder to join, on the other side', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/escrow-ticket/byCode': () => ({
        code: 200,
        data: {
          id: 4,
          gameName: '王者荣耀',
          description: '群里谈好的号',
          agreedPrice: 50_000,
          feeAmount: 2_500,
          role: 'seller',
          status: 'awaiting_party',
        },
      }),
      'POST /need/escrow-ticket/join': () => ({
        code: 200,
        data: ticket({ status: 'awaiting_listing', role: 'seller', actions: ['list', 'close'] }),
      }),
      'GET /need/escrow-ticket/4': () => ({
        code: 200,
        data: ticket({ status: 'awaiting_listing', role: 'seller', actions: ['list', 'close'] }),
      }),
    })
    renderApp('/index/other/escrowTicket?code=K7QW2M9X')
    await waitFor(() => expect(text('.escrow-ticket')).toContain('你的身份卖方'))
    expect(queryOf(callsTo(api, 'GET /need/escrow-ticket/byCode')[0])).toEqual({ code: 'K7QW2M9X' })
    await clickButton('加入担保单')
    await waitFor(() => expect(location()).toBe('/index/other/escrowTicket?id=4'))
    await waitFor(() => expect(buttons()).toEqual(['关闭', '录入账号']))
    fireEvent.click([...page().querySelectorAll('.actions-bar__button')][1])
    await waitFor(() => expect(location()).toBe('/index/BasicInformation?mode=escrow&ticketId=4&gameId=1'))
  })

  it('the buyer sends the account back with a reason, or approves it and goes to pay', async () => {
    const waiting = ticket({
      status: 'awaiting_approval',
      listing: { id: 70, title: '王者 全英雄', coverImage: '/uploads/c.jpg' },
      actions: ['approve', 'reject', 'close'],
    })
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/escrow-ticket/4': () => ({ code: 200, data: waiting }),
      'GET /need/myOrder/31': () => ({ code: 200, data: order({ source: 'escrow' }) }),
      'POST /need/escrow-ticket/4/reject': () => ({
        code: 200,
        data: ticket({ status: 'awaiting_listing', rejectReason: '皮肤数量不对', actions: ['close'] }),
      }),
      'POST /need/escrow-ticket/4/approve': () => ({
        code: 200,
        data: ticket({ status: 'in_trade', orderId: 31, listing: waiting.listing, actions: [] }),
      }),
    })
    renderApp('/index/other/escrowTicket?id=4')
    await waitFor(() => expect(buttons()).toEqual(['关闭', '退回修改', '确认并付款']))
    expect(text('.escrow-ticket__listing-title')).toBe('王者 全英雄')
    await clickButton('确认并付款')
    expect(await answerDialog(true)).toContain('需支付 ¥525.00（含担保服务费 ¥25.00）')
    await waitFor(() => expect(callsTo(api, 'POST /need/escrow-ticket/4/approve')).toHaveLength(1))
    await waitFor(() => expect(location()).toBe('/index/pay?id=31&kind=full'))
  })
})
