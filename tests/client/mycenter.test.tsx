import { fireEvent, waitFor } from '@testing-library/react'
import { saveToken, setState } from '@/store'
import { byLabel, findOnPage, visiblePage } from './utils/dom'
import { badgeApi, callsTo, mockApi, queryOf } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

/**
 * 我的 and 消息 are tabs: the tab bar stays, and their header has no back arrow. 个人中心 counts the
 * buyer's orders and the seller's listings by status, shows the unread messages, and opens each list on
 * the status tapped.
 */
const profile = {
  userId: 5,
  userName: 'buyer',
  nickName: '买家小王',
  phone: '138****8000',
  roles: ['user'],
  realNameStatus: 'verified',
}
const center = { orders: { pending_payment: 1, paid: 2, handed_over: 1, completed: 12 }, listings: { on_sale: 3 } }

const pageApi = (extra = {}) =>
  mockApi({
    'GET /system/user/profile': () => ({ code: 200, data: profile }),
    'GET /system/user/center': () => ({ code: 200, data: center }),
    ...badgeApi,
    'GET /need/message/list': () => ({ code: 200, rows: [], total: 0, data: { unread: 4 } }),
    'GET /need/myOrder': () => ({ code: 200, rows: [], total: 0 }),
    ...extra,
  })

beforeEach(() => {
  saveToken('tok-5')
  setState({ profile: profile as never, unreadMessages: 4 })
})

it('我的 is a tab: the tab bar with 我的 selected, a title without a back arrow', async () => {
  pageApi()
  renderApp('/index/other/mycenter')
  await findOnPage('.mycenter__card')
  expect(visiblePage().querySelector('.tab-bar')).not.toBeNull()
  expect(visiblePage().querySelector('.tab-bar__item--active')?.textContent).toContain('我的')
  expect(visiblePage().querySelector('[aria-label="返回"]')).toBeNull()
  expect(visiblePage().querySelector('.page-header__title')?.textContent).toBe('个人中心')
})

it('消息 is a tab too', async () => {
  pageApi()
  renderApp('/index/other/xiaoxi')
  await waitFor(() => expect(visiblePage().querySelector('.tab-bar')).not.toBeNull())
  expect(visiblePage().querySelector('[aria-label="返回"]')).toBeNull()
})

it('counts orders and listings by status, shows the unread messages, and opens a list on its status', async () => {
  const api = pageApi()
  renderApp('/index/other/mycenter')
  await byLabel('待支付 1')
  const badges = (group: string) =>
    [...visiblePage().querySelectorAll(`[aria-label="${group}"] .mycenter__tile`)].map((tile) =>
      tile.getAttribute('aria-label'),
    )
  expect(badges('我的买单')).toEqual(['待支付 1', '交易中 2', '待确认 1', '已完成 12'])
  expect(badges('我的代售')).toEqual(['待审核 0', '在售 3', '交易中 0', '已出售 0'])
  expect(visiblePage().querySelector('.mycenter__unread')?.textContent).toBe('4条未读')
  expect(visiblePage().querySelector('.mycenter__badge')?.textContent).toBe('已实名')

  fireEvent.click(await byLabel('交易中 2'))
  await waitFor(() =>
    expect(window.location.pathname + window.location.search).toBe('/index/other/MyProducts?tab=trading'),
  )
  await waitFor(() =>
    expect(visiblePage().querySelector('[role=tab][aria-selected="true"]')?.textContent).toBe('交易中'),
  )
  await waitFor(() => expect(callsTo(api, 'GET /need/myOrder').length).toBeGreaterThan(0))
  expect(queryOf(callsTo(api, 'GET /need/myOrder')[0])).toMatchObject({ status: 'paid,handed_over,disputed' })
})

it('搜索订阅: the daily messages switched off, a search removed, another opened as its list', async () => {
  const search = (id: number, title: string) => ({
    id,
    title,
    filters: { gameId: 1 },
    regions: [],
    createdAt: '2026-11-26T00:00:00Z',
  })
  const api = pageApi({
    'GET /need/savedSearches': () => ({
      code: 200,
      data: { alerts: true, rows: [search(5, '王者荣耀 · “典藏”'), search(6, '原神 · 价格：500–2000元')] },
    }),
    'PUT /need/savedSearches/alerts': () => ({ code: 200, data: null }),
    'DELETE /need/savedSearches/5': () => ({ code: 200, data: null }),
    'GET /web/game/list': () => ({ code: 200, data: [] }),
    'GET /web/gameTempAttr': () => ({ code: 200, data: { gameId: 1, version: 1, fields: [] } }),
    'GET /need/savedSearches/6': () => ({ code: 200, data: search(6, '原神 · 价格：500–2000元') }),
    'POST /web/good/allList': () => ({ code: 200, rows: [], total: 0 }),
  })
  renderApp('/index/other/mycenter')
  fireEvent.click(await byLabel('搜索订阅'))
  const toggle = await findOnPage('[aria-label="每日新上架提醒"]')
  fireEvent(toggle, new CustomEvent('change', { detail: { value: false }, bubbles: true }))
  await waitFor(() => expect(callsTo(api, 'PUT /need/savedSearches/alerts')[0]?.data).toEqual({ on: false }))

  fireEvent.click(await byLabel('删除订阅 王者荣耀 · “典藏”'))
  await waitFor(() => expect(callsTo(api, 'DELETE /need/savedSearches/5')).toHaveLength(1))
  await waitFor(() => expect(visiblePage().querySelectorAll('.saved-searches__row')).toHaveLength(1))

  fireEvent.click(await byLabel('查看 原神 · 价格：500–2000元'))
  await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/index/goodList?savedSearch=6'))
  await waitFor(() => expect(callsTo(api, 'POST /web/good/allList')).toHaveLength(1))
})
