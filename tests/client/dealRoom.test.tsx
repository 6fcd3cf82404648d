import Taro from '@tarojs/taro'
import { act, fireEvent, waitFor } from '@testing-library/react'
import type { DealMessage, DealRoomPage, DealRoomSummary, DealSocketOut } from '@/contract/dealRoom'
import { saveToken, setState } from '@/store'
import { answerDialog, byLabel, typeInto, visiblePage } from './utils/dom'
import { callsTo, captchaApi, mockApi, queryOf } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

// Whole-app renders on a loaded 2-core machine (jest takes testTimeout only from the root config).
jest.setTimeout(30_000)

const profile = { userId: 9, userName: 'buyer', nickName: '买家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const order = {
  id: 7,
  no: 'HA2026112600001',
  title: '王者 全英雄',
  coverImage: '/uploads/7.jpg',
  status: 'paid' as const,
}

const message = (id: number, over: Partial<DealMessage> = {}): DealMessage => ({
  id,
  orderId: 7,
  kind: 'text',
  sender: { role: 'seller', name: '卖家', staffNo: null },
  text: `消息 ${id}`,
  imageUrl: null,
  masked: false,
  card: null,
  clientId: null,
  createdAt: '2026-11-26T02:00:00Z',
  ...over,
})

const room = (messages: DealMessage[], over: Partial<DealRoomPage> = {}): DealRoomPage => ({
  order: { ...order, role: 'buyer' },
  messages,
  more: false,
  members: ['buyer', 'seller', 'staff'],
  aftersaleId: null,
  rental: null,
  ...over,
})

/** A stand-in for the socket Taro.connectSocket opens: what the page sent, and a way to answer it. */
interface FakeSocket {
  sent: unknown[]
  receive(frame: DealSocketOut): void
  drop(code?: number): void
}
/** Every socket a test opened: closed for good after it (the line is shared by the whole app). */
let opened: FakeSocket[] = []
function fakeSockets(): FakeSocket[] {
  opened = []
  jest.spyOn(Taro, 'connectSocket').mockImplementation((() => {
    const handlers: Record<string, (payload: never) => void> = {}
    const socket: FakeSocket = {
      sent: [],
      receive: (frame) => act(() => handlers.message({ data: JSON.stringify(frame) } as never)),
      drop: (code = 1006) => act(() => handlers.close({ code } as never)),
    }
    opened.push(socket)
    const task = {
      onOpen: (fn: () => void) => setTimeout(fn, 0),
      onMessage: (fn: (payload: never) => void) => (handlers.message = fn),
      onClose: (fn: (payload: never) => void) => (handlers.close = fn),
      send: ({ data }: { data: string }) => socket.sent.push(JSON.parse(data)),
      close: () => Promise.resolve(),
    }
    return Promise.resolve(task)
  }) as never)
  return opened
}

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null, unreadMessages: 0, unreadRooms: 0 })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({} as never)
})
afterEach(() => {
  // Closed as refused, the line is not opened again (the app, unmounted by now, no longer listens to it).
  for (const socket of opened) socket.drop(4401)
  jest.restoreAllMocks()
})

describe('dealRoom (交易群)', () => {
  it('shows cards with the buyer’s actions, staff with their number, masked words; 确认收货 from a card', async () => {
    fakeSockets()
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myOrder/7/messages': () => ({
        code: 200,
        data: room([
          message(1, {
            kind: 'card',
            sender: { role: 'system', name: '系统', staffNo: null },
            text: '',
            card: { event: 'pay', actions: [] },
          }),
          message(2, {
            kind: 'card',
            sender: { role: 'system', name: '系统', staffNo: null },
            text: '',
            card: { event: 'handOver', actions: ['credentials', 'confirm'] },
          }),
          message(3, { text: '加我 ***', masked: true }),
          message(4, {
            kind: 'warning',
            sender: { role: 'system', name: '系统', staffNo: null },
            text: '为保障交易安全，请勿脱离平台交易',
          }),
          message(5, {
            sender: { role: 'staff', name: '客服 KF00012', staffNo: 'KF00012' },
            text: '我是客服，正在验号',
          }),
        ]),
      }),
      'POST /need/myOrder/7/confirm': () => ({ code: 200, data: {} }),
    })
    renderApp('/index/other/dealRoom?id=7')
    await waitFor(() => expect(text('.deal-room__messages')).toContain('我是客服，正在验号'))
    expect(text('.deal-room__meta')).toBe(`订单 ${order.no} · 交易中`)
    const cards = [...page().querySelectorAll('.deal-room__card')].map((card) => card.textContent)
    expect(cards[0]).toContain('买家已付款，等待客服验号移交')
    expect(cards[1]).toContain('查看账号')
    expect(cards[1]).toContain('确认收货')
    expect(text('.deal-room__messages')).toContain('联系方式已隐藏，请在平台内沟通')
    expect(text('.deal-room__warning')).toContain('请勿脱离平台交易')
    expect(text('.deal-room__name--staff')).toBe('官方客服 KF00012')
    fireEvent.click([...page().querySelectorAll('.deal-room__card-button')].find((b) => b.textContent === '确认收货')!)
    await answerDialog(true)
    await waitFor(() => expect(callsTo(api, 'POST /need/myOrder/7/confirm')).toHaveLength(1))
  })

  it('sends with a client id, signs the socket in with the first frame, and shows what arrives live', async () => {
    const sockets = fakeSockets()
    let sent: DealMessage | null = null
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myOrder/7/messages': () => ({ code: 200, data: room([message(1)]) }),
      'POST /need/myOrder/7/messages': (body) => {
        const { clientId, text: words } = body as { clientId: string; text: string }
        sent = message(2, { sender: { role: 'buyer', name: '买家', staffNo: null }, text: words, clientId })
        return { code: 200, data: sent }
      },
    })
    renderApp('/index/other/dealRoom?id=7')
    await waitFor(() => expect(text('.deal-room__messages')).toContain('消息 1'))
    await waitFor(() => expect(sockets[0]?.sent).toEqual([{ type: 'auth', token: 'tok-buyer' }]))
    sockets[0].receive({ type: 'ready' })
    await typeInto('消息', '什么时候验号？')
    fireEvent.click(await byLabel('发送'))
    await waitFor(() => expect(callsTo(api, 'POST /need/myOrder/7/messages')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/myOrder/7/messages')[0].data).toMatchObject({
      text: '什么时候验号？',
      clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    })
    // The same message heard back over the socket shows once.
    sockets[0].receive({ type: 'message', orderId: 7, message: sent! })
    sockets[0].receive({ type: 'message', orderId: 7, message: message(3, { text: '马上来' }) })
    await waitFor(() => expect(text('.deal-room__messages')).toContain('马上来'))
    expect(page().querySelectorAll('.deal-room__bubble')).toHaveLength(3)
    expect(page().querySelector('.deal-room__row--mine')?.textContent).toContain('什么时候验号？')
  })

  it('a dropped line comes back and fetches what was missed after the newest message', async () => {
    const sockets = fakeSockets()
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myOrder/7/messages': (_body, url) => ({
        code: 200,
        data: url.includes('after=') ? room([message(6, { text: '断线时的消息' })]) : room([message(5)]),
      }),
    })
    renderApp('/index/other/dealRoom?id=7')
    await waitFor(() => expect(sockets).toHaveLength(1))
    await waitFor(() => expect(sockets[0].sent).toHaveLength(1))
    sockets[0].receive({ type: 'ready' })
    await waitFor(() => expect(text('.deal-room__messages')).toContain('消息 5'))
    sockets[0].drop()
    await waitFor(() => expect(sockets).toHaveLength(2), { timeout: 3_000 })
    await waitFor(() => expect(sockets[1].sent).toEqual([{ type: 'auth', token: 'tok-buyer' }]))
    sockets[1].receive({ type: 'ready' })
    await waitFor(() => expect(text('.deal-room__messages')).toContain('断线时的消息'))
    const catchUp = callsTo(api, 'GET /need/myOrder/7/messages').find((call) => call.url.includes('after='))!
    expect(queryOf(catchUp)).toMatchObject({ after: '5' })
  })

  it('a line refused (4401) is not opened again: the room asks once more, and the session that ended asks to sign in', async () => {
    const sockets = fakeSockets()
    let ended = false
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myOrder/7/messages': () =>
        ended ? { code: 401, msg: '登录状态已过期，请重新登录' } : { code: 200, data: room([message(5)]) },
      ...captchaApi,
    })
    renderApp('/index/other/dealRoom?id=7')
    await waitFor(() => expect(sockets[0]?.sent).toHaveLength(1))
    sockets[0].receive({ type: 'ready' })
    await waitFor(() => expect(text('.deal-room__messages')).toContain('消息 5'))
    // `ready` makes the room ask for what it missed; that call is not the one this test waits for.
    const catchUp = () => callsTo(api, 'GET /need/myOrder/7/messages').filter((call) => call.url.includes('after='))
    await waitFor(() => expect(catchUp()).toHaveLength(1))
    const asked = callsTo(api, 'GET /need/myOrder/7/messages').length
    ended = true
    sockets[0].drop(4401)
    await waitFor(() => expect(callsTo(api, 'GET /need/myOrder/7/messages').length).toBeGreaterThan(asked))
    expect(await answerDialog(false)).toContain('登录超时，请重新登录')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(sockets).toHaveLength(1)
  })
})

describe('entries to the room', () => {
  const summary = (unread: number): DealRoomSummary => ({
    order: { ...order, role: 'buyer' },
    unread,
    last: message(9, { text: '账号已移交' }),
  })

  it('消息 lists the rooms with their unread counts, and the badge counts them', async () => {
    fakeSockets()
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/dealRooms': () => ({ code: 200, data: [summary(3)] }),
      'GET /need/message/list': () => ({ code: 200, rows: [], total: 0, data: { unread: 1 } }),
      'GET /need/myOrder/7/messages': () => ({ code: 200, data: room([]) }),
    })
    renderApp('/index/other/xiaoxi')
    const row = await byLabel(`交易群 ${order.title}，3 条未读`)
    // The title has the row's width to itself; the time of the latest message has its own line under it.
    expect(row.querySelector('.message__head')).toBeNull()
    expect(row.querySelector('.room__time')!.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)
    expect(row.querySelector('.room__last')!.textContent).toBe('卖家：账号已移交')
    expect(row.classList.contains('room--unread')).toBe(true)
    await waitFor(() => expect(document.querySelector('.tab-bar__badge')?.textContent).toBe('4'))
    fireEvent.click(row)
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/dealRoom'))
  })
})
