import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { OrderStatus } from '@/contract/orders'
import type { MyQuote, MyRecycleRequest, OpenRequest, Quote } from '@/contract/recycling'
import { saveToken, setState } from '@/store'
import { answerDialog, clickButton, findOnPage, typePrompt, visiblePage } from './utils/dom'
import { badgeApi, callsTo, mockApi, queryOf } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

// Whole-app renders on a loaded 2-core machine (jest takes testTimeout only from the root config).
jest.setTimeout(30_000)

const HOUR = 3_600_000
const profile = { userId: 9, userName: 'seller', nickName: '卖家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''

const request = (over: Partial<MyRecycleRequest> = {}): MyRecycleRequest => ({
  id: 7,
  gameId: 1,
  gameName: '王者荣耀',
  regionNames: ['iOS', 'QQ'],
  title: '王者 全英雄 典藏皮肤',
  description: '',
  coverImage: '/uploads/a.jpg',
  images: [],
  attributeRows: [],
  status: 'quoting',
  windowEndsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  createdAt: '2026-11-20T01:00:00Z',
  reservePrice: 50_000,
  quoteCount: 3,
  bestQuote: null,
  choosingEndsAt: null,
  orderId: null,
  publishMode: 'recycle',
  listing: null,
  actions: ['cancel'],
  ...over,
})

const choosing = (over: Partial<MyRecycleRequest> = {}) =>
  request({
    status: 'choosing',
    bestQuote: 61_000,
    choosingEndsAt: new Date(Date.now() + 20 * HOUR).toISOString(),
    actions: ['accept', 'cancel'],
    ...over,
  })

const quote = (id: number, price: number, over: Partial<Quote> = {}): Quote => ({
  id,
  merchantName: `号商${id}`,
  price,
  meetsReserve: price >= 50_000,
  status: 'submitted',
  updatedAt: '2026-11-20T02:00:00Z',
  ...over,
})

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-seller')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('myJingjiahuishou (竞价中心)', () => {
  it('shows the sealed count and the countdown while quoting, the best quote and the time to choose after', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/allList': () => ({
        code: 200,
        rows: [
          request({ publishMode: 'both', listing: { price: 88_000, status: 'on_sale' } }),
          choosing({ id: 8 }),
          request({ id: 9, status: 'expired', actions: [], bestQuote: 30_000 }),
        ],
        total: 3,
      }),
    })
    renderApp('/index/other/myJingjiahuishou')
    await waitFor(() => expect(page().querySelectorAll('.my-recycles__card[role=link]')).toHaveLength(3))
    const [quoting, picking, expired] = [...page().querySelectorAll('.my-recycles__card[role=link]')].map(
      (card) => card.textContent,
    )
    expect(quoting).toContain('报价中')
    expect(quoting).toContain('已有 3 个密封报价')
    expect(quoting).toMatch(/距截止 0[12]:\d\d:\d\d/)
    expect(quoting).toContain('底价 ¥500.00（号商看不到）')
    expect(picking).toContain('待选择')
    expect(picking).toContain('3 个报价，最高 ¥610.00')
    expect(picking).toContain('选择剩余')
    expect(expired).toContain('已过期')
    expect(quoting).toContain('官方代售 ¥880.00 · 在售')
    expect(picking).not.toContain('官方代售')
    await clickButton('待选择')
    await waitFor(() => expect(callsTo(api, 'GET /account/backlist/allList')).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /account/backlist/allList')[1])).toMatchObject({ status: 'choosing' })
    fireEvent.click(await findOnPage('[aria-label="王者 全英雄 典藏皮肤"]'))
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/jingjiahuishouPriceList'))
  })
})

describe('jingjiahuishouPriceList (报价列表)', () => {
  it('while quoting: sealed — no quotes asked for, only the count and the countdown', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/7': () => ({ code: 200, data: request() }),
    })
    renderApp('/index/other/jingjiahuishouPriceList?id=7')
    await waitFor(() => expect(text('.price-list')).toContain('报价密封进行中'))
    expect(text('.price-list__meta')).toContain('3 个报价')
    expect(callsTo(api, 'GET /account/backlist/7/quotes')).toHaveLength(0)
  })

  it('after bidding: the quotes ranked, 成交 only at the reserve; accepting asks first, then shows the order', async () => {
    let current = choosing()
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/7': () => ({ code: 200, data: current }),
      'GET /account/backlist/7/quotes': () => ({
        code: 200,
        data: [quote(31, 61_000), quote(32, 52_000), quote(33, 48_000)],
      }),
      'POST /account/backlist/7/accept': () => {
        current = choosing({ status: 'accepted', orderId: 88, actions: [] })
        return { code: 200, data: current }
      },
    })
    renderApp('/index/other/jingjiahuishouPriceList?id=7')
    await waitFor(() => expect(page().querySelectorAll('.price-list__quote')).toHaveLength(3))
    expect([...page().querySelectorAll('.price-list__price')].map((el) => el.textContent)).toEqual([
      '¥610.00',
      '¥520.00',
      '¥480.00',
    ])
    expect(page().querySelectorAll('.price-list__accept')).toHaveLength(2)
    expect(text('.price-list__quotes')).toContain('低于底价')
    fireEvent.click(await findOnPage('[aria-label="接受 号商32 的报价"]'))
    expect(await answerDialog(false)).toContain('以 ¥520.00 成交给「号商32」')
    expect(callsTo(api, 'POST /account/backlist/7/accept')).toHaveLength(0)
    fireEvent.click(await findOnPage('[aria-label="接受 号商32 的报价"]'))
    await answerDialog(true)
    await waitFor(() => expect(callsTo(api, 'POST /account/backlist/7/accept')).toHaveLength(1))
    expect(callsTo(api, 'POST /account/backlist/7/accept')[0].data).toEqual({ quoteId: 32 })
    await waitFor(() => expect(text('.price-list')).toContain('已成交，等待号商付款'))
    expect(page().querySelectorAll('.price-list__accept')).toHaveLength(0)
  })

  it('cancels after asking; the server’s refusal is said', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/7': () => ({ code: 200, data: request() }),
      'POST /account/backlist/7/cancel': () => ({ code: 409, msg: '已选定报价或已结束的回收单不能取消' }),
    })
    renderApp('/index/other/jingjiahuishouPriceList?id=7')
    await clickButton('取消回收单')
    await answerDialog(true)
    await waitFor(() => expect(callsTo(api, 'POST /account/backlist/7/cancel')).toHaveLength(1))
    await waitFor(() =>
      expect(Taro.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: '已选定报价或已结束的回收单不能取消' }),
      ),
    )
  })
})

describe('recycleHall and myQuotes (merchants)', () => {
  const merchant = { ...profile, roles: ['user', 'merchant'] }
  const open = (over: Partial<OpenRequest> = {}): OpenRequest => {
    const { reservePrice: _r, bestQuote: _b, choosingEndsAt: _c, orderId: _o, actions: _a, ...account } = request()
    return { ...account, attributeRows: [{ key: 'rank', label: '段位', value: '王者' }], myQuote: null, ...over }
  }

  it('a user who is no merchant is sent to apply', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/game/list': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/recycleHall')
    await waitFor(() => expect(text('.empty-state')).toContain('回收大厅仅对认证号商开放'))
  })

  it('quotes sealed, then raises: a lower price is refused before it is sent', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: merchant }),
      'GET /web/game/list': () => ({ code: 200, data: [] }),
      'GET /merchant/requests': () => ({ code: 200, rows: [open()], total: 1 }),
      'POST /merchant/quotes': (body) => ({
        code: 200,
        data: {
          id: 3,
          price: (body as { price: number }).price,
          status: 'submitted',
          updatedAt: '2026-11-20T02:00:00Z',
          request: { id: 7, gameName: '王者荣耀', title: 't', coverImage: '', windowEndsAt: open().windowEndsAt },
          orderId: null,
        },
      }),
    })
    renderApp('/index/other/recycleHall')
    await waitFor(() => expect(text('.recycle-hall__card')).toContain('段位 王者'))
    expect(text('.recycle-hall__card')).toContain('3 个号商已报价')
    expect(text('.recycle-hall__card')).not.toContain('¥500.00')
    fireEvent.click(await findOnPage('[aria-label="王者 全英雄 典藏皮肤"]'))
    await typePrompt('560')
    await clickButton('提交报价')
    await waitFor(() => expect(callsTo(api, 'POST /merchant/quotes')).toHaveLength(1))
    expect(callsTo(api, 'POST /merchant/quotes')[0].data).toEqual({ requestId: 7, price: 56_000 })
    await waitFor(() => expect(text('.recycle-hall__card')).toContain('我的报价 ¥560.00'))
    fireEvent.click(await findOnPage('[aria-label="王者 全英雄 典藏皮肤"]'))
    await typePrompt('550')
    await clickButton('提交报价')
    await waitFor(() => expect(text('.prompt-dialog')).toContain('报价只能提高，须高于 ¥560.00'))
    expect(callsTo(api, 'POST /merchant/quotes')).toHaveLength(1)
  })

  const mine = (id: number, status: MyQuote['status'], order?: [number, OrderStatus]): MyQuote => ({
    id,
    price: 56_000,
    status,
    updatedAt: '2026-11-20T02:00:00Z',
    request: { id: 7, gameName: '王者荣耀', title: `账号 ${id}`, coverImage: '', windowEndsAt: open().windowEndsAt },
    orderId: order?.[0] ?? null,
    orderStatus: order?.[1] ?? null,
  })

  it('a message about a quote opens it alone, and all of them on request', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: merchant }),
      'GET /merchant/quotes': (_body, url) =>
        url.includes('id=2')
          ? { code: 200, rows: [mine(2, 'lost')], total: 1 }
          : { code: 200, rows: [mine(1, 'submitted'), mine(2, 'lost')], total: 2 },
    })
    renderApp('/index/other/myQuotes?id=2')
    await waitFor(() => expect(page().querySelectorAll('.my-quotes__card[role=link]')).toHaveLength(1))
    expect(queryOf(callsTo(api, 'GET /merchant/quotes')[0])).toMatchObject({ id: '2' })
    expect(text('.focus-bar')).toContain('消息中的报价')
    expect(text('.my-quotes__card')).toContain('未中标')
    await clickButton('全部报价 ›')
    await waitFor(() => expect(page().querySelectorAll('.my-quotes__card[role=link]')).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /merchant/quotes')[1])).toEqual({ pageNum: '1', pageSize: '10' })
  })

  it('my quotes say only how each ended; a won one opens its order; mycenter shows the entries to merchants', async () => {
    const closing = mine(5, 'submitted')
    const closed = {
      ...closing,
      request: { ...closing.request, windowEndsAt: new Date(Date.now() - HOUR).toISOString() },
    }
    const rows = [
      mine(1, 'won', [88, 'pending_payment']),
      mine(2, 'lost'),
      mine(3, 'won', [89, 'completed']),
      mine(4, 'submitted'),
      closed,
    ]
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: merchant }),
      'GET /merchant/quotes': () => ({ code: 200, rows, total: 5 }),
      'GET /need/myOrder/88': () => ({ code: 404, msg: '订单不存在' }),
    })
    renderApp('/index/other/myQuotes')
    await waitFor(() => expect(page().querySelectorAll('.my-quotes__card[role=link]')).toHaveLength(5))
    const [won, lost, done, quoting, choosing] = [...page().querySelectorAll('.my-quotes__card[role=link]')].map(
      (c) => c.textContent,
    )
    // A submitted quote says whether its request still takes quotes, never how it stands among them.
    expect(quoting).toMatch(/报价中，其他号商的报价不公开距截止 0[12]:\d\d:\d\d/)
    expect(choosing).toContain('报价已截止，等待卖家选择')
    expect(choosing).not.toContain('距截止')
    expect(won).toContain('已中标，请尽快付款')
    expect(done).toContain('交易已完成')
    expect(done).not.toContain('请尽快付款')
    expect(lost).toContain('未中标')
    expect(lost).not.toMatch(/领先|被超越/)
    fireEvent.click(await findOnPage('[aria-label="账号 1"]'))
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/index/orderDetail?id=88'))

    mockApi({
      ...badgeApi,
      'GET /system/user/profile': () => ({ code: 200, data: merchant }),
      'GET /system/user/center': () => ({ code: 404, msg: '' }),
    })
    renderApp('/index/other/mycenter')
    await findOnPage('[aria-label="回收大厅"]')
    mockApi({
      ...badgeApi,
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /system/user/center': () => ({ code: 404, msg: '' }),
    })
    setState({ profile: null })
    renderApp('/index/other/mycenter')
    await findOnPage('[aria-label="竞价中心"]')
    expect(page().querySelector('[aria-label="回收大厅"]')).toBeNull()
  })
})
