import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { AccountDeletionState } from '@/contract/account'
import { getState, saveToken, setState } from '@/store'
import { answerDialog, byLabel, clickButton, signInWithPassword, visiblePage } from './utils/dom'
import { badgeApi, callsTo, emptyHomeApi, mockApi } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'], deletionEraseAt: null }
const text = () => visiblePage().textContent ?? ''
const buttons = () => [...visiblePage().querySelectorAll('.actions-bar__button')].map((el) => el.textContent)
const pathname = () => window.location.pathname
const cooling = {
  id: 3,
  status: 'cooling_off' as const,
  requestedAt: '2026-11-27T02:00:00Z',
  eraseAt: new Date(Date.now() + 15 * 86_400_000 - 60_000).toISOString(),
  cancelledAt: null,
}
const state = (over: Partial<AccountDeletionState>): AccountDeletionState => ({
  deletion: null,
  blockers: [],
  actions: ['request'],
  ...over,
})

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('注销账号', () => {
  it('names what still stands in the way, each opening where it is dealt with, and offers no 申请注销', async () => {
    saveToken('tok')
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/account/deletion': () => ({
        code: 200,
        data: state({
          actions: [],
          blockers: [
            { kind: 'purchase', count: 2, text: '2 笔进行中的买单' },
            { kind: 'lease', count: 1, text: '1 笔未结束的出租' },
          ],
        }),
      }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [], total: 0 }),
      'GET /need/rentals': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/account')
    await waitFor(() => expect(text()).toContain('以下事项结束后才能注销'))
    expect(text()).toContain('2 笔进行中的买单')
    expect(buttons()).toEqual([])
    fireEvent.click(await byLabel('1 笔未结束的出租，去处理'))
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/index/other/Mybrowsing?tab=rentals'),
    )
    await waitFor(() => expect(visiblePage().querySelector('[aria-selected="true"]')?.textContent).toBe('租出中'))
  })

  it('a 担保单 obstacle opens 中介担保 scrolled down to 我的担保单, once they are shown', async () => {
    saveToken('tok')
    // jsdom lays nothing out: 我的担保单 starts 900 px down the page, under a 44 px page header.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.id === 'security-tickets') return { top: 900, height: 200 } as DOMRect
      return { top: 0, height: this.classList.contains('page-header') ? 44 : 0 } as DOMRect
    })
    const scrollTo = jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({} as never)
    let answerTickets: () => void = () => undefined
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/account/deletion': () => ({
        code: 200,
        data: state({ actions: [], blockers: [{ kind: 'escrow', count: 1, text: '1 笔进行中的担保单' }] }),
      }),
      'GET /need/escrow-tickets': () =>
        new Promise<{ code: number; data: [] }>((resolve) => (answerTickets = () => resolve({ code: 200, data: [] }))),
      // the rest of 中介担保
      'GET /V2/H5/gonggaoDetails': () => ({ code: 200, data: [] }),
      'GET /V2/H5/account': () => ({ code: 200, data: [] }),
      'GET /web/game/list': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/account')
    fireEvent.click(await byLabel('1 笔进行中的担保单，去处理'))
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/index/security?at=tickets'))
    await waitFor(() => expect(visiblePage().querySelector('#security-tickets')).not.toBeNull())
    expect(scrollTo).not.toHaveBeenCalled() // not before the tickets are there to scroll to
    answerTickets()
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ scrollTop: 856, duration: 0 }))
  })

  it('asks, confirms, signs out and says when the account goes', async () => {
    saveToken('tok')
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/account/deletion': () => ({ code: 200, data: state({}) }),
      'POST /need/account/deletion': () => ({ code: 200, data: cooling }),
      'GET /captchaImage': () => ({ code: 200, data: { uuid: 'c', img: '' } }),
    })
    renderApp('/index/other/account')
    await waitFor(() => expect(buttons()).toEqual(['申请注销']))
    await clickButton('申请注销')
    expect(await answerDialog(true)).toContain('15 天冷静期内登录可撤销')
    expect(await answerDialog(true)).toContain('在此之前登录可撤销')
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(callsTo(api, 'POST /need/account/deletion')).toHaveLength(1)
    expect(getState().token).toBe('')
  })

  it('in the cooling-off period shows the days left and cancels', async () => {
    saveToken('tok')
    let current = state({ deletion: cooling, actions: ['cancel'] })
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/account/deletion': () => ({ code: 200, data: current }),
      'DELETE /need/account/deletion': () => {
        current = state({})
        return { code: 200, data: { ...cooling, status: 'cancelled', cancelledAt: '2026-11-27T03:00:00Z' } }
      },
    })
    renderApp('/index/other/account')
    await waitFor(() => expect(text()).toContain('还剩 15 天'))
    await clickButton('撤销注销')
    await waitFor(() => expect(buttons()).toEqual(['申请注销']))
    expect(callsTo(api, 'DELETE /need/account/deletion')).toHaveLength(1)
  })

  it('downloads my data as a JSON file', async () => {
    saveToken('tok')
    const created: Blob[] = []
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob)
      return 'blob:my-data'
    })
    URL.revokeObjectURL = jest.fn()
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/account/deletion': () => ({ code: 200, data: state({}) }),
      'GET /need/account/export': () => ({
        code: 200,
        data: { exportedAt: '2026-11-27T02:00:00Z', profile: { userId: 9 }, orders: [{ id: 1 }] },
      }),
    })
    renderApp('/index/other/account')
    fireEvent.click(await byLabel('下载我的数据'))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(callsTo(api, 'GET /need/account/export')).toHaveLength(1)
    const saved = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(created[0])
    })
    expect(JSON.parse(saved)).toMatchObject({ orders: [{ id: 1 }] })
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('haoanxin-my-data-9.json')
  })

  it('signing in during the cooling-off period asks whether to cancel it', async () => {
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: { uuid: 'cap-1', img: '' } }),
      'POST /login': () => ({ code: 200, data: { token: 'tok-new', expiresAt: '2026-12-01T00:00:00Z' } }),
      'GET /system/user/profile': () => ({
        code: 200,
        data: {
          ...profile,
          deletionEraseAt: callsTo(api, 'DELETE /need/account/deletion').length ? null : cooling.eraseAt,
        },
      }),
      'DELETE /need/account/deletion': () => ({ code: 200, data: { ...cooling, status: 'cancelled' } }),
      ...emptyHomeApi,
      ...badgeApi,
    })
    renderApp('/login')
    await signInWithPassword('buyer', 'secret123')
    expect(await answerDialog(true)).toContain('此账号已申请注销')
    await waitFor(() => expect(pathname()).toBe('/index/home'))
    expect(callsTo(api, 'DELETE /need/account/deletion')).toHaveLength(1)
    expect(getState().profile?.deletionEraseAt).toBeNull()
  })
})
