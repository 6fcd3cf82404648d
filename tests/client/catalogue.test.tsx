import Taro from '@tarojs/taro'
import { act, fireEvent, waitFor } from '@testing-library/react'
import TestUtils from '@tarojs/test-utils-react'
import type {
  AttributeTemplate,
  FavouriteRow,
  Game,
  GoodsCard,
  GoodsDetail,
  GoodsListQuery,
  RecentDeal,
  RegionNode,
  SavedSearch,
} from '@/contract/catalogue'
import { LIST_TOTAL_CAP } from '@/contract/constants'
import type { QuoteRequest } from '@/contract/orders'
import VirtualList from '@/components/VirtualList'
import { saveToken, setState } from '@/store'
import { clearGameCache, RECENT_GAMES_KEY, rememberGame } from '@/utils/games'
import { formatPrice } from '@/contract/money'
import { answerDialog, typeInto, visiblePage } from './utils/dom'
import { callsTo, emptyHomeApi, goodsSideApi, mockApi, queryOf } from './utils/mockApi'
import { order, quoteOf } from './utils/fixtures'
import { renderApp } from './utils/renderApp'

// The JS-SDK drives WeChat's own bridge, which jsdom has not: what the page gives it is checked.
jest.mock('weixin-js-sdk', () => ({
  __esModule: true,
  default: {
    config: jest.fn(),
    ready: jest.fn((done: () => void) => done()),
    updateAppMessageShareData: jest.fn(),
    updateTimelineShareData: jest.fn(),
  },
}))

// ---- fixtures -------------------------------------------------------------------------------------------

const game = (id: number, name: string, over: Partial<Game> = {}): Game => ({
  id,
  name,
  initial: 'W',
  type: 'mobile',
  icon: '',
  hot: false,
  sort: id,
  onSaleCount: 10 * id,
  rentableCount: 2 * id,
  ...over,
})

const games: Game[] = [
  game(1, '王者荣耀', { hot: true, initial: 'W', onSaleCount: 128 }),
  game(2, '和平精英', { hot: true, initial: 'H' }),
  game(3, '英雄联盟', { type: 'pc', initial: 'Y', hot: true }),
  game(4, '原神', { initial: 'Y' }),
  game(5, '穿越火线', { type: 'pc', initial: 'C' }),
]

const template: AttributeTemplate = {
  gameId: 1,
  version: 2,
  fields: [
    {
      key: 'rank',
      label: '段位',
      type: 'radio',
      unit: '',
      required: true,
      searchable: true,
      showOnSellForm: true,
      sort: 1,
      options: [
        { id: 'king', label: '王者' },
        { id: 'star', label: '星耀' },
      ],
    },
    {
      key: 'skins',
      label: '稀有皮肤',
      type: 'checkbox',
      unit: '',
      required: false,
      searchable: true,
      showOnSellForm: true,
      sort: 2,
      options: [
        { id: 'legend', label: '传说' },
        { id: 'collector', label: '典藏' },
        { id: 'epic', label: '史诗' },
      ],
    },
    {
      key: 'heroes',
      label: '英雄数',
      type: 'number',
      unit: '个',
      required: true,
      searchable: true,
      showOnSellForm: true,
      sort: 3,
      options: [],
    },
    {
      key: 'note',
      label: '备注',
      type: 'text',
      unit: '',
      required: false,
      searchable: false,
      showOnSellForm: true,
      sort: 4,
      options: [],
    },
  ],
}

const node = (id: number, name: string, kind: RegionNode['kind'], parentId: number | null): RegionNode => ({
  id,
  gameId: 1,
  parentId,
  kind,
  name,
  sort: id,
})

const card = (id: number, over: Partial<GoodsCard> = {}): GoodsCard => ({
  id,
  gameId: 1,
  gameName: '王者荣耀',
  title: `王者荣耀 ${id} 号 全英雄 典藏皮肤`,
  price: 100_000 + id * 100,
  coverImage: `/uploads/${id}.jpg`,
  thumbImage: `/uploads/${id}-s.jpg`,
  regionIds: [11, 111],
  regionNames: ['安卓', '微信'],
  highlights: ['王者 50 星', '英雄 120 个', '皮肤 300 个'],
  accountType: 'consign',
  guarantee: 'free',
  specialOffer: false,
  rent: null,
  status: 'on_sale',
  views: 12,
  favourites: 3,
  listedAt: '2026-11-01T02:00:00Z',
  ...over,
})

const detail = (id: number, over: Partial<GoodsDetail> = {}): GoodsDetail => ({
  ...card(id),
  description: '国服战力，V8 贵族，可换绑。',
  images: [`/uploads/${id}-a.jpg`, `/uploads/${id}-b.jpg`],
  attributes: { rank: 'king', heroes: 120 },
  attributeRows: [
    { key: 'rank', label: '段位', value: '王者' },
    { key: 'heroes', label: '英雄数', value: '120 个' },
  ],
  templateVersion: 2,
  createdAt: '2026-10-30T02:00:00Z',
  soldAt: null,
  collected: false,
  ...over,
})

const TOTAL = 45

/** allList over a catalogue of TOTAL goods, paged as the server pages it. */
const allList = (body: unknown) => {
  const { pageNum = 1, pageSize = 20 } = body as GoodsListQuery
  const start = (pageNum - 1) * pageSize
  const rows = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - start)) }, (_, i) => card(start + i + 1))
  return { code: 200, rows, total: TOTAL }
}

const catalogueApi = {
  ...goodsSideApi(7),
  'GET /web/game/list': () => ({ code: 200, data: games }),
  'GET /web/gameTempAttr': () => ({ code: 200, data: template }),
  'GET /web/keylist': (_: unknown, url: string) => {
    const query = new URLSearchParams(url.split('?')[1])
    if (query.get('systemKey') === 'system') {
      return { code: 200, data: [node(11, '安卓', 'system', null), node(12, '苹果', 'system', null)] }
    }
    const parent = Number(query.get('parentId'))
    return {
      code: 200,
      data: [node(parent * 10 + 1, '微信', 'carrier', parent), node(parent * 10 + 2, 'QQ', 'carrier', parent)],
    }
  },
  'POST /web/good/allList': allList,
  'GET /web/good/7': () => ({ code: 200, data: detail(7) }),
  'GET /web/recommend/7': () => ({ code: 200, data: [card(8), card(9)] }),
}

/** Signed in as the buyer: the profile, and the quote sureOrder asks for on the way to buying. */
const buyerApi = {
  'GET /system/user/profile': () => ({ code: 200, data: { userId: 9, userName: 'buyer', roles: ['user'] } }),
  'POST /order/quote': (body: unknown) => ({ code: 200, data: quoteOf(body as QuoteRequest) }),
}

// ---- helpers --------------------------------------------------------------------------------------------

/** The page on top of the stack (pages below it stay in the document, hidden with taro_page_shade). */
const page = visiblePage
/**
 * Goes back once the forward navigation has finished, as a person would: Taro's router hides the page
 * left behind by a timer after the slide-in, and a back before that timer leaves the returning page hidden.
 */
async function goBack() {
  await waitFor(() => expect(document.querySelectorAll('.taro_page:not(.taro_page_shade)')).toHaveLength(1))
  await Taro.navigateBack()
}
const pathname = () => window.location.pathname + window.location.search

/** The element on the visible page matching `selector`, once it is there. */
async function find(selector: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = page()?.querySelector(selector) ?? null
    expect(found).not.toBeNull()
  })
  return found as unknown as HTMLElement
}

const tap = async (selector: string) => fireEvent.click(await find(selector))
const tapLabel = (label: string) => tap(`[aria-label="${label}"]`)

/** Clicks the element with role=button whose text is `text` on the visible page. */
async function tapText(text: string) {
  let target: Element | undefined
  await waitFor(() => {
    target = [...page().querySelectorAll('[role=button], [role=tab]')].find((el) => el.textContent?.trim() === text)
    expect(target).toBeDefined()
  })
  fireEvent.click(target as Element)
}

const lastListBody = (api: jest.SpyInstance) => {
  const calls = callsTo(api, 'POST /web/good/allList')
  return calls[calls.length - 1]?.data as GoodsListQuery
}

/** Scrolls the visible page (its own scroll container on H5) to `top`; jsdom has no layout, so it is the end. */
function scrollPage(top: number) {
  const el = page()
  Object.defineProperty(el, 'scrollTop', { value: top, configurable: true, writable: true })
  act(() => {
    el.dispatchEvent(new Event('scroll'))
  })
}

const summary = () => page().querySelector('.good-list__summary')?.textContent ?? ''

beforeEach(() => {
  Taro.clearStorageSync()
  clearGameCache()
  setState({ token: '', profile: null, currentGameName: '' })
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

// ---- home -----------------------------------------------------------------------------------------------

describe('home', () => {
  const homeApi = {
    ...emptyHomeApi,
    ...catalogueApi,
    'GET /web/stats': () => ({ code: 200, data: { onSale: 12345, soldYesterday: 37, soldTotal: 8021 } }),
    'GET /web/recentlydeal': () => ({
      code: 200,
      rows: [{ ...card(30, { status: 'sold', title: '英雄联盟 钻石 全皮肤' }), soldAt: '2026-11-20T06:30:00Z' }],
      total: 1,
    }),
  }

  it('shows the stats, the hot games, top accounts over ¥6000 and recent deals', async () => {
    const api = mockApi(homeApi)
    renderApp('/index/home')
    await find('[aria-label="王者荣耀"]')
    const grid = page().querySelector('.home__games') as HTMLElement
    expect([...grid.querySelectorAll('.home__game-name')].map((el) => el.textContent)).toEqual([
      '王者荣耀',
      '和平精英',
      '英雄联盟',
    ])
    expect(grid.textContent).toContain('128 在售')
    await waitFor(() => expect(page().querySelector('.home__stats')?.textContent).toContain('12,345'))
    expect(lastListBody(api)).toEqual({ priceMin: 600_000, sort: 'price_desc', pageNum: 1, pageSize: 10 })
    await waitFor(() => expect(page().textContent).toContain('英雄联盟 钻石 全皮肤'))

    await tapText('端游')
    expect([...grid.querySelectorAll('.home__game-name')].map((el) => el.textContent)).toEqual(['英雄联盟', '穿越火线'])
  })

  it('lists recently viewed games from local storage, newest first, and adds the one opened', async () => {
    Taro.setStorageSync(RECENT_GAMES_KEY, [1, 4])
    mockApi(homeApi)
    renderApp('/index/home')
    await find('[aria-label="王者荣耀"]')
    await tapText('最近浏览')
    const names = () => [...page().querySelectorAll('.home__game-name')].map((el) => el.textContent)
    expect(names()).toEqual(['王者荣耀', '原神'])

    await tapLabel('原神')
    await waitFor(() => expect(pathname()).toBe('/index/goodList?gameId=4'))
    await waitFor(() => expect(Taro.getStorageSync(RECENT_GAMES_KEY)).toEqual([4, 1]))
  })

  it('the search box opens 我要买 with the cursor in its search, the only search on that page', async () => {
    mockApi(homeApi)
    renderApp('/index/home')
    await find('[aria-label="王者荣耀"]')
    fireEvent.click(page().querySelector('.brand-bar__search')!)
    await waitFor(() => expect(pathname()).toBe('/index/accountOrder?focus=1'))
    await find('[aria-label="穿越火线"]')
    expect(page().querySelector('.brand-bar')).toBeNull()
    expect(page().querySelectorAll('[aria-label="搜索游戏"]')).toHaveLength(1)
    expect(page().querySelector('[aria-label="搜索游戏"]')?.hasAttribute('focus')).toBe(true)
  })

  it('keeps at most eight recent games', () => {
    Taro.setStorageSync(RECENT_GAMES_KEY, [1, 2, 3, 4, 5, 6, 7, 8])
    rememberGame(9)
    expect(Taro.getStorageSync(RECENT_GAMES_KEY)).toEqual([9, 1, 2, 3, 4, 5, 6, 7])
    rememberGame(5)
    expect(Taro.getStorageSync(RECENT_GAMES_KEY)).toEqual([5, 9, 1, 2, 3, 4, 6, 7])
  })
})

// ---- accountOrder ---------------------------------------------------------------------------------------

describe('accountOrder', () => {
  it('finds a game by name or initial, by type, and opens its list', async () => {
    mockApi(catalogueApi)
    renderApp('/index/accountOrder')
    await find('[aria-label="穿越火线"]')
    const letters = () => [...page().querySelectorAll('.game-picker__letter')].map((el) => el.textContent)
    expect(letters()).toEqual(['C', 'H', 'W', 'Y'])
    expect(page().textContent).toContain('128 个在售')

    await tapText('端游')
    expect(letters()).toEqual(['C', 'Y'])
    await tapText('全部游戏')
    await typeInto('搜索游戏', '王者')
    await waitFor(() => expect(page().querySelectorAll('.game-picker__row').length).toBe(1))

    await tapLabel('王者荣耀')
    await waitFor(() => expect(pathname()).toBe('/index/goodList?gameId=1'))
  })

  it('the side index brings a letter right under the search bar, wherever that bar is before it sticks', async () => {
    // jsdom lays nothing out: a 44 px page header; the picker's 100 px bar still 300 px down, where it sits
    // before the page scrolls it up to stick under the header; the index C H W Y, 20 px a letter, from 200 px.
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const rect = (top: number, height: number) => ({ top, height }) as DOMRect
      if (this.classList.contains('page-header')) return rect(0, 44)
      if (/^game-picker-\d+-bar$/.test(this.id)) return rect(300, 100)
      if (/^game-picker-\d+-index$/.test(this.id)) return rect(200, 80)
      if (/^game-picker-\d+-H$/.test(this.id)) return rect(700, 300)
      return rect(0, 0)
    })
    const scrollTo = jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({} as never)
    mockApi(catalogueApi)
    renderApp('/index/accountOrder')
    await find('[aria-label="穿越火线"]')
    fireEvent.click(await find('[aria-label="按首字母跳转"]'), { clientY: 225 })
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ scrollTop: 700 - 44 - 100, duration: 0 }))
  })
})

// ---- goodList -------------------------------------------------------------------------------------------

describe('goodList', () => {
  it('says "1000+" when a filtered total reached the count\'s cap', async () => {
    mockApi({
      ...catalogueApi,
      'POST /web/good/allList': (body: unknown) => ({ ...allList(body), total: LIST_TOTAL_CAP }),
    })
    renderApp('/index/goodList?gameId=1&searchText=满级')
    await waitFor(() => expect(summary()).toContain('共 1000+ 个在售账号'))
  })

  it('builds the allList body from region, attribute filters, price and sort', async () => {
    const api = mockApi(catalogueApi)
    renderApp('/index/goodList?gameId=1')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    expect(lastListBody(api)).toEqual({ gameId: 1, pageNum: 1, pageSize: 20 })

    await tapLabel('选择区服')
    await tapLabel('安卓')
    await tapLabel('微信')
    await waitFor(() => expect(lastListBody(api).regionIds).toEqual([11, 111]))

    await tapLabel('筛选')
    await find('.sheet')
    expect(page().querySelector('.sheet [aria-label="备注"]')).toBeNull() // not searchable
    await tapLabel('王者')
    await tapLabel('传说')
    await tapLabel('典藏')
    await typeInto('英雄数最低', '100')
    await typeInto('英雄数最高', '200')
    await typeInto('价格最低', '500')
    await typeInto('价格最高', '2000')
    await tapLabel('特价捡漏')
    await tapText('确定')
    await tapLabel('按价格排序')
    await waitFor(() => expect(lastListBody(api).sort).toBe('price_asc'))

    expect(lastListBody(api)).toEqual({
      gameId: 1,
      regionIds: [11, 111],
      attributes: { rank: 'king', skins: ['legend', 'collector'], heroes: { min: 100, max: 200 } },
      priceMin: 50_000,
      priceMax: 200_000,
      specialOffer: true,
      sort: 'price_asc',
      pageNum: 1,
      pageSize: 20,
    })
    const chips = [...page().querySelectorAll('.good-list__chip')].map((el) => el.textContent)
    expect(chips).toEqual([
      '系统：安卓 / 微信',
      '段位：王者',
      '稀有皮肤：传说、典藏',
      '英雄数：100–200个',
      '价格：500–2000元',
      '特价捡漏',
      '清空',
    ])

    // a second tap reverses the price order; removing a chip drops that filter only
    await tapLabel('价格从低到高')
    await waitFor(() => expect(lastListBody(api).sort).toBe('price_desc'))
    await tapLabel('移除筛选 稀有皮肤：传说、典藏')
    await waitFor(() => expect(lastListBody(api).attributes).toEqual({ rank: 'king', heroes: { min: 100, max: 200 } }))
    await tapLabel('移除筛选 系统：安卓 / 微信')
    await waitFor(() => expect(lastListBody(api).regionIds).toBeUndefined())
  })

  it('订阅 saves the filters in force (signed in), and a saved search opens the list with them, newest first', async () => {
    saveToken('tok-buyer')
    const saved: SavedSearch = {
      id: 5,
      title: '王者荣耀 · “典藏” · 价格：500–2000元',
      filters: { gameId: 1, keyword: '典藏', regionIds: [11], priceMin: 50_000, priceMax: 200_000 },
      regions: [node(11, '安卓', 'system', null)],
      createdAt: '2026-11-26T00:00:00Z',
    }
    const api = mockApi({
      ...catalogueApi,
      ...buyerApi,
      'POST /need/savedSearches': () => ({ code: 200, data: saved }),
      'GET /need/savedSearches/5': () => ({ code: 200, data: saved }),
    })
    renderApp('/index/goodList?gameId=1&searchText=典藏&priceMin=50000&priceMax=200000&sort=price_asc')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    await tapLabel('订阅此搜索的新上架')
    await waitFor(() => expect(callsTo(api, 'POST /need/savedSearches')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/savedSearches')[0].data).toEqual({
      title: '王者荣耀 · “典藏” · 价格：500–2000元',
      filters: { gameId: 1, keyword: '典藏', priceMin: 50_000, priceMax: 200_000 },
    })
    await waitFor(() => expect(page().querySelector('.good-list__subscribe')?.textContent).toBe('已订阅'))

    renderApp('/index/goodList?savedSearch=5')
    await waitFor(() =>
      expect(lastListBody(api)).toEqual({ ...saved.filters, sort: 'time_desc', pageNum: 1, pageSize: 20 }),
    )
    await waitFor(() =>
      expect([...page().querySelectorAll('.good-list__chip')].map((el) => el.textContent)).toContain('系统：安卓'),
    )
    expect(page().querySelector('.good-list__subscribe')?.textContent).toBe('订阅新上架')
  })

  it('订阅 signed out goes to sign in first', async () => {
    mockApi(catalogueApi)
    renderApp('/index/goodList?gameId=1')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    await tapLabel('订阅此搜索的新上架')
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
  })

  it('loads the next page when the visitor scrolls to the bottom, and stops at the end', async () => {
    const api = mockApi(catalogueApi)
    renderApp('/index/goodList?gameId=1')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    expect(callsTo(api, 'POST /web/good/allList')).toHaveLength(1)

    scrollPage(4000)
    await waitFor(() => expect(callsTo(api, 'POST /web/good/allList')).toHaveLength(2))
    expect(lastListBody(api)).toEqual({ gameId: 1, pageNum: 2, pageSize: 20 })
    await waitFor(() => expect(page().querySelector('.list-footer')?.textContent).toBe('上拉加载更多'))

    await tapText('上拉加载更多')
    await waitFor(() => expect(page().querySelector('.list-footer')?.textContent).toBe('— 已经到底了 —'))
    expect(lastListBody(api).pageNum).toBe(3)
  })

  it('keeps filters, loaded pages and scroll position when coming back from goodDetail', async () => {
    const api = mockApi(catalogueApi)
    const scrollTo = jest.spyOn(Taro, 'pageScrollTo')
    renderApp('/index/goodList?gameId=1')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    await tapLabel('按时间排序')
    await waitFor(() => expect(lastListBody(api).sort).toBe('time_desc'))
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    scrollPage(1800)
    await waitFor(() => expect(lastListBody(api).pageNum).toBe(2))
    const listPage = page()
    const before = callsTo(api, 'POST /web/good/allList').length

    await tap('.goods-card[aria-label="王者荣耀 7 号 全英雄 典藏皮肤"]')
    await waitFor(() => expect(pathname()).toBe('/index/goodDetail?id=7'))
    await goBack()
    await waitFor(() => expect(pathname()).toBe('/index/goodList?gameId=1'))

    await waitFor(() => expect(page()).toBe(listPage)) // the same page instance, not a new one
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ scrollTop: 1800, duration: 0 }))
    expect(callsTo(api, 'POST /web/good/allList')).toHaveLength(before) // nothing reloaded
    expect(page().querySelector('[aria-label="按时间排序"]')?.getAttribute('aria-pressed')).toBe('true')
    expect(page().querySelector('.list-footer')?.textContent).toBe('上拉加载更多') // 40 of 45 still loaded
  })

  it('starts fresh when coming back from any other page, and when opened again from home', async () => {
    const api = mockApi({ ...emptyHomeApi, ...catalogueApi })
    const scrollTo = jest.spyOn(Taro, 'pageScrollTo')
    renderApp('/index/home')
    await tapLabel('王者荣耀')
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    await tapLabel('按价格排序')
    await waitFor(() => expect(lastListBody(api).sort).toBe('price_asc'))
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    scrollPage(900)
    await waitFor(() => expect(lastListBody(api).pageNum).toBe(2))

    // away to customer service (through the 客服 sheet) and back: fresh
    await tapLabel('联系客服')
    await tapText('客服验证 · 官方QQ群 · 全部客服')
    await waitFor(() => expect(pathname()).toBe('/index/other/contactkefu'))
    await goBack()
    await waitFor(() => expect(lastListBody(api)).toEqual({ gameId: 1, pageNum: 1, pageSize: 20 }))
    expect(scrollTo).toHaveBeenLastCalledWith({ scrollTop: 0, duration: 0 })
    await waitFor(() =>
      expect(page().querySelector('[aria-label="按价格排序"]')?.getAttribute('aria-pressed')).toBe('false'),
    )

    // filter again, then back home and into the list from the grid: a new, fresh list
    await tapLabel('按价格排序')
    await waitFor(() => expect(lastListBody(api).sort).toBe('price_asc'))
    await goBack()
    await waitFor(() => expect(pathname()).toBe('/index/home'))
    const calls = callsTo(api, 'POST /web/good/allList').length
    await tapLabel('王者荣耀')
    await waitFor(() => expect(callsTo(api, 'POST /web/good/allList')).toHaveLength(calls + 1))
    expect(lastListBody(api)).toEqual({ gameId: 1, pageNum: 1, pageSize: 20 })
    await waitFor(() => expect(summary()).toContain('共 45 个在售账号'))
    expect(page().querySelector('[aria-label="按价格排序"]')?.getAttribute('aria-pressed')).toBe('false')
  })
})

// ---- VirtualList ----------------------------------------------------------------------------------------

describe('租号 (hire)', () => {
  const rent = { hourly: 500, daily: 6_000, deposit: 20_000, minHours: 2, maxHours: 72, rules: ['logout_on_time'] }

  it('explains renting, and a game opens its rentable listings priced by the hour, with the deposit', async () => {
    const api = mockApi({
      ...catalogueApi,
      'POST /web/good/allList': (body: unknown) => ({ ...allList(body), rows: [card(3, { rent })], total: 1 }),
    })
    renderApp('/index/hire')
    await waitFor(() => expect(page().querySelector('.steps-intro__title')?.textContent).toBe('租号'))
    // Each game says how many of its listings can be rented, not how many are on sale.
    expect((await find('[aria-label="王者荣耀"] .game-picker__caption')).textContent).toBe('手游 · 2 个可租')
    fireEvent.click(await find('[aria-label="王者荣耀"]'))
    await waitFor(() => expect(pathname()).toBe('/index/goodList?gameId=1&mode=hire'))
    await waitFor(() => expect(lastListBody(api)).toMatchObject({ gameId: 1, rentable: true }))
    await waitFor(() => expect(page().querySelector('.goods-card__note')?.textContent).toBe('押金 ¥200.00'))
    expect(page().querySelector('.goods-card .price-tag')?.getAttribute('aria-label')).toBe('¥5.00/小时')
    expect(summary()).toContain('租号专区')
    // Its price sort is the hourly rent's.
    expect(page().querySelector('[aria-label="按价格排序"]')).toBeNull()
    await tapLabel('按租金排序')
    await waitFor(() => expect(lastListBody(api)).toMatchObject({ rentable: true, sort: 'rent_asc' }))
    await tapLabel('租金从低到高')
    await waitFor(() => expect(lastListBody(api).sort).toBe('rent_desc'))
    expect(page().querySelector('[aria-label="租金从高到低"]')?.getAttribute('aria-pressed')).toBe('true')
    // So is 筛选's range: yuan an hour, sent as the rent's bounds.
    await tapLabel('筛选')
    await find('.sheet')
    expect(page().querySelector('.sheet [aria-label="价格最低"]')).toBeNull()
    await tapLabel('5–10')
    await tapText('确定')
    await waitFor(() => expect(lastListBody(api)).toMatchObject({ rentable: true, rentMin: 500, rentMax: 1_000 }))
    expect(lastListBody(api)).not.toHaveProperty('priceMin')
    expect(page().querySelector('.good-list__chip')?.textContent).toBe('租金：5–10元/小时')
  })

  it('a saved hire search opens the hire list with its rent range', async () => {
    saveToken('tok-buyer')
    const saved: SavedSearch = {
      id: 6,
      title: '王者荣耀 · 租号 · 租金：5–10元/小时',
      filters: { gameId: 1, rentable: true, rentMin: 500, rentMax: 1_000 },
      regions: [],
      createdAt: '2026-11-26T00:00:00Z',
    }
    const api = mockApi({ ...catalogueApi, 'GET /need/savedSearches/6': () => ({ code: 200, data: saved }) })
    renderApp('/index/goodList?savedSearch=6')
    await waitFor(() =>
      expect(lastListBody(api)).toEqual({ ...saved.filters, sort: 'time_desc', pageNum: 1, pageSize: 20 }),
    )
    await waitFor(() => expect(page().querySelector('.good-list__chip')?.textContent).toBe('租金：5–10元/小时'))
  })

  it('goodDetail shows a rentable listing’s terms and rules', async () => {
    mockApi({ ...catalogueApi, 'GET /web/good/7': () => ({ code: 200, data: detail(7, { rent }) }) })
    renderApp('/index/goodDetail?id=7')
    await waitFor(() => expect(page().querySelector('.rent-terms')).not.toBeNull())
    expect([...page().querySelectorAll('.rent-terms__value')].map((el) => el.textContent)).toEqual([
      '¥5.00 / 小时',
      '¥60.00 / 天',
      '¥200.00（归还验号后退还）',
      '2–72 小时',
    ])
    expect(page().querySelector('.rent-terms__rule')?.textContent).toBe('到时下线')
  })

  it('the rent sheet: hours within the terms, the rent by day and hour with the deposit, the rules agreed; then the cashier', async () => {
    saveToken('tok-buyer')
    const api = mockApi({
      ...catalogueApi,
      ...buyerApi,
      'GET /web/good/7': () => ({ code: 200, data: detail(7, { rent }) }),
      'POST /need/rental': () => ({ code: 200, data: { id: 4, orderId: 31, totalAmount: 21_000 } }),
      'GET /need/myOrder/31': () => ({ code: 200, data: order({ kind: 'rental', rentalId: 4, totalAmount: 21_000 }) }),
    })
    renderApp('/index/goodDetail?id=7')
    fireEvent.click(await find('.good-detail__rent'))
    const sheet = await find('.rent-sheet')
    const total = () => sheet.querySelector('.rent-sheet__line--total .price-tag')?.getAttribute('aria-label')
    // Two hours to start (the shortest here), ¥5 each; the deposit on top.
    expect(sheet.querySelector('.hours-picker__value')?.textContent).toBe('2小时')
    expect(total()).toBe(formatPrice(2 * 500 + 20_000))
    // Never below the shortest.
    fireEvent.click(sheet.querySelector('[aria-label="少一小时"]')!)
    expect(sheet.querySelector('.hours-picker__value')?.textContent).toBe('2小时')
    // 26 hours: a day at the daily price and two hours by the hour.
    fireEvent.click([...sheet.querySelectorAll('[role=radio]')].find((el) => el.textContent === '1天')!)
    fireEvent.click(sheet.querySelector('[aria-label="多一小时"]')!)
    fireEvent.click(sheet.querySelector('[aria-label="多一小时"]')!)
    expect(sheet.querySelector('.hours-picker__value')?.textContent).toBe('1天2小时')
    expect(total()).toBe(formatPrice(6_000 + 2 * 500 + 20_000))
    const submit = () => page().querySelector('.sheet__footer .submit-bar__button') as HTMLElement
    // Nothing happens before the rules are agreed to.
    fireEvent.click(submit())
    fireEvent.click(sheet.querySelector('[role=checkbox]')!)
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    expect(callsTo(api, 'POST /need/rental')).toHaveLength(0)
    fireEvent.click(submit())
    await waitFor(() => expect(callsTo(api, 'POST /need/rental')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/rental')[0].data).toEqual({ goodsId: 7, hours: 26 })
    await waitFor(() => expect(pathname()).toBe('/index/pay?id=31&kind=full'))
  })

  it('a renter without a real name is asked to verify it first', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...catalogueApi,
      ...buyerApi,
      'GET /web/good/7': () => ({ code: 200, data: detail(7, { rent }) }),
      'POST /need/rental': () => ({ code: 403, msg: '租号需要先完成实名认证', data: { need: 'realName' } }),
    })
    renderApp('/index/goodDetail?id=7')
    fireEvent.click(await find('.good-detail__rent'))
    fireEvent.click((await find('.rent-sheet')).querySelector('[role=checkbox]')!)
    fireEvent.click(await find('.sheet__footer .submit-bar__button'))
    expect(await answerDialog(true)).toContain('租号前需完成实名认证')
    await waitFor(() => expect(pathname()).toBe('/index/other/Realname'))
  })

  it('a rented listing offers neither renting nor buying until it is back', async () => {
    mockApi({ ...catalogueApi, 'GET /web/good/7': () => ({ code: 200, data: detail(7, { rent, status: 'rented' }) }) })
    renderApp('/index/goodDetail?id=7')
    await waitFor(() => expect(page().querySelector('.good-detail__buy')?.textContent).toBe('出租中，归还后可买'))
    expect(page().querySelector('.good-detail__rent')).toBeNull()
  })
})

describe('VirtualList', () => {
  const testUtils = new TestUtils()
  afterEach(() => testUtils.unmout())

  it('renders only the rows on screen out of 600 loaded cards, keeping the full height', async () => {
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ windowWidth: 375, windowHeight: 812 } as never)
    const items = Array.from({ length: 600 }, (_, i) => card(i + 1))
    document.body.innerHTML = ''
    await testUtils.mount(VirtualList as never, {
      props: {
        items,
        rowHeight: 256,
        itemKey: (g: GoodsCard) => g.id,
        renderItem: (g: GoodsCard) => <div className="row">{g.title}</div>,
      },
    })
    await testUtils.queries.waitForQuerySelector('.virtual-list')
    const rows = document.querySelectorAll('.virtual-list .row')
    // 812 px of screen / 128 px rows ≈ 7 rows, plus 6 of overscan below
    expect(rows.length).toBeGreaterThan(6)
    expect(rows.length).toBeLessThan(20)
    expect((document.querySelector('.virtual-list') as HTMLElement).style.height).toBe(`${600 * 128}px`)
  })
})

// ---- goodDetail -----------------------------------------------------------------------------------------

describe('goodDetail', () => {
  it('shows the listing, zooms a photo and toggles the favourite through collect / remove', async () => {
    saveToken('tok-buyer')
    const api = mockApi({
      ...catalogueApi,
      'POST /web/goods/collect': () => ({ code: 200, data: null }),
      'POST /web/goods/collect/remove': () => ({ code: 200, data: null }),
    })
    renderApp('/index/goodDetail?id=7')
    await find('.good-detail__title')
    expect(page().querySelector('.good-detail__title')?.textContent).toBe('王者荣耀 7 号 全英雄 典藏皮肤')
    expect(page().querySelector('.good-detail .price-tag')?.getAttribute('aria-label')).toBe(formatPrice(100_700))
    expect(page().querySelector('.attribute-table')?.textContent).toContain('段位王者')
    expect(page().querySelector('.attribute-table')?.textContent).toContain('区服安卓 / 微信')
    await waitFor(() => expect(page().querySelectorAll('.good-detail__similar .goods-tile').length).toBe(2))

    await tapLabel('查看大图 2')
    await find('.image-viewer')
    expect(page().querySelector('.image-viewer__counter')?.textContent).toBe('2 / 3')
    await tapLabel('放大')
    expect(page().querySelector('.image-viewer__scale')?.textContent).toBe('110%')
    await tapLabel('关闭')

    await tapLabel('收藏')
    await waitFor(() => expect(callsTo(api, 'POST /web/goods/collect')).toHaveLength(1))
    expect(callsTo(api, 'POST /web/goods/collect')[0].data).toEqual({ goodsId: 7 })
    await tapLabel('取消收藏')
    await waitFor(() => expect(callsTo(api, 'POST /web/goods/collect/remove')).toHaveLength(1))
    expect(callsTo(api, 'POST /web/goods/collect/remove')[0].data).toEqual({ goodsId: 7 })
    await find('[aria-label="收藏"]')
  })

  it('places the price against comparable deals (价格参考), and lists them on request', async () => {
    mockApi({
      ...catalogueApi,
      'GET /web/good/7/fairPrice': () => ({
        code: 200,
        data: {
          band: { min: 80_000, max: 95_000, point: 88_000 },
          position: 'high',
          comparableCount: 17,
          comparables: [
            {
              id: 301,
              cover: '/uploads/301.jpg',
              title: '王者荣耀 V8 已售',
              price: 90_000,
              soldAt: '2026-11-10T02:00:00Z',
              similarity: 91,
            },
          ],
        },
      }),
    })
    renderApp('/index/goodDetail?id=7')
    await find('.good-detail__fair')
    expect(page().querySelector('.good-detail__fair-verdict')?.textContent).toBe('高于同类成交')
    expect(page().querySelector('.good-detail__fair-text')?.textContent).toContain(
      '17 笔同类成交中间 50% 为 ¥800.00 – ¥950.00',
    )
    expect(page().querySelector('.price-band')?.getAttribute('aria-label')).toContain('本商品 ¥1,007.00')
    await tapLabel('查看同类成交')
    await find('.sheet .deal-row')
    expect(page().querySelector('.sheet')?.textContent).toContain('相似度 91%')
  })

  it('inside WeChat, gives the page’s share card to the JS-SDK, signed by the server', async () => {
    const wx = jest.requireMock('weixin-js-sdk').default as Record<string, jest.Mock>
    const api = mockApi({
      ...catalogueApi,
      'GET /wechat/js-config': () => ({
        code: 200,
        data: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' },
      }),
    })
    const browserUa = navigator.userAgent
    Object.defineProperty(navigator, 'userAgent', { value: `${browserUa} MicroMessenger/8.0.50`, configurable: true })
    try {
      renderApp('/index/goodDetail?id=7')
      await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalled())
      expect(queryOf(callsTo(api, 'GET /wechat/js-config')[0])).toEqual({
        url: 'http://localhost/index/goodDetail?id=7',
      })
      expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wx1', signature: 's' }))
      expect(wx.updateAppMessageShareData.mock.calls[0][0]).toMatchObject({
        title: '¥1,007.00 王者荣耀 7 号 全英雄 典藏皮肤',
        link: 'http://localhost/index/goodDetail?id=7',
      })
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: browserUa, configurable: true })
    }
  })

  it('shares the listing on H5 by copying its address', async () => {
    mockApi(catalogueApi)
    const clipboard = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as never)
    renderApp('/index/goodDetail?id=7')
    await find('.good-detail__title')
    await tapLabel('分享')
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith({ data: 'http://localhost/index/goodDetail?id=7' }))
  })

  it('sends a signed-out visitor to sign in and back before favouriting or buying', async () => {
    const api = mockApi(catalogueApi)
    renderApp('/index/goodDetail?id=7')
    await tapLabel('收藏')
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/pages/goodDetail/index?id=7')
    expect(callsTo(api, 'POST /web/goods/collect')).toHaveLength(0)
  })

  it('立即购买 signed out signs in first, to come back and buy', async () => {
    mockApi(catalogueApi)
    renderApp('/index/goodDetail?id=7')
    await tapText('立即购买')
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/pages/goodDetail/index?id=7&then=buy')
  })

  it('立即购买 after signing in goes on by itself: the purchase notice, then sureOrder with it agreed', async () => {
    const api = mockApi({
      ...catalogueApi,
      ...buyerApi,
      'GET /V2/H5/gonggaoDetails': () => ({
        code: 200,
        data: [
          {
            id: 9,
            type: 'goumaixuzhi',
            title: '购买须知',
            coverImage: '',
            summary: '',
            sort: 0,
            createdAt: '2026-11-01T00:00:00Z',
            content: '<p>点击“同意并下单”即表示你已阅读并同意本须知。</p>',
          },
        ],
      }),
    })
    // Signed in, the login page sent the buyer back with then=buy: the notice opens without a second tap.
    saveToken('tok-buyer')
    renderApp('/index/goodDetail?id=7&then=buy')
    await waitFor(() => expect(visiblePage().querySelector('[role=dialog][aria-label="购买须知"]')).not.toBeNull())
    await waitFor(() => expect(visiblePage().textContent).toContain('点击“同意并下单”即表示'))
    expect(queryOf(callsTo(api, 'GET /V2/H5/gonggaoDetails')[0])).toMatchObject({ noticeType: 'goumaixuzhi' })
    await tapLabel('不再提示')
    const agree = visiblePage().querySelector('.purchase-notice__footer .submit-bar__button')!
    expect(agree.textContent).toBe('同意并下单')
    fireEvent.click(agree)
    await waitFor(() => expect(pathname()).toBe('/index/sureOrder?goodsId=7&agreed=1'))
    await find('.sure-order')
    expect(Taro.getStorageSync('purchase-notice-muted')).toBe(true)
  })

  it('a muted purchase notice is not shown again: 立即购买 opens sureOrder; the page is named after the listing', async () => {
    saveToken('tok-buyer')
    Taro.setStorageSync('purchase-notice-muted', true)
    mockApi({ ...catalogueApi, ...buyerApi })
    renderApp('/index/goodDetail?id=7')
    const listing = detail(7)
    await waitFor(() => expect(document.title).toBe(`${formatPrice(listing.price)} ${listing.title} - 号安心`))
    await tapText('立即购买')
    await waitFor(() => expect(pathname()).toBe('/index/sureOrder?goodsId=7'))
    await find('.sure-order')
    Taro.removeStorageSync('purchase-notice-muted')
  })

  it("shows the operator's 交易须知 and 包赔介绍 and the game's QQ groups in the tabs", async () => {
    const api = mockApi({
      ...catalogueApi,
      'GET /V2/H5/gonggaoDetails': (_, url) => {
        const type = new URLSearchParams(url.split('?')[1]).get('noticeType')
        const title = type === 'jyxz' ? '交易须知' : '包赔介绍'
        return {
          code: 200,
          data: [
            {
              id: 3,
              type,
              title,
              coverImage: '',
              summary: '',
              sort: 0,
              createdAt: '2026-11-01T00:00:00Z',
              content: `<p>${title}正文</p>`,
            },
          ],
        }
      },
      'GET /V2/H5/qqGroup': () => ({
        code: 200,
        data: [{ id: 9, name: '王者荣耀交易群', number: '735512345', gameId: 1, gameName: '王者荣耀', full: false }],
      }),
    })
    renderApp('/index/goodDetail?id=7')
    await find('.good-detail__title')
    expect(callsTo(api, 'GET /V2/H5/gonggaoDetails')).toHaveLength(0) // only when a tab asks

    await tapText('交易须知')
    await waitFor(() => expect(page().querySelector('.good-detail__tab-body p')?.textContent).toBe('交易须知正文'))
    await tapText('包赔介绍')
    await waitFor(() => expect(page().querySelector('.good-detail__tab-body p')?.textContent).toBe('包赔介绍正文'))
    expect(callsTo(api, 'GET /V2/H5/gonggaoDetails').map((o) => o.url)).toEqual([
      '/api/V2/H5/gonggaoDetails?noticeType=jyxz',
      '/api/V2/H5/gonggaoDetails?noticeType=bpjs',
    ])

    await tapText('官方交流群')
    await waitFor(() => expect(page().querySelector('.qq-groups')?.textContent).toContain('群号 735512345'))
    expect(callsTo(api, 'GET /V2/H5/qqGroup')[0].url).toBe('/api/V2/H5/qqGroup?gameId=1')
  })

  it('offers nothing to buy once the listing is sold', async () => {
    mockApi({
      ...catalogueApi,
      ...goodsSideApi(8),
      'GET /web/good/8': () => ({ code: 200, data: detail(8, { status: 'sold' }) }),
    })
    renderApp('/index/goodDetail?id=8')
    await find('.good-detail__buy--off')
    expect(page().querySelector('.good-detail__buy')?.textContent).toBe('该商品已出售')
  })
})

// ---- finish and collect ---------------------------------------------------------------------------------

describe('finish', () => {
  it('counts the deals as the home page does, with thousands separators', async () => {
    const deal: RecentDeal = { ...card(100, { status: 'sold' }), soldAt: '2026-11-20T06:30:00Z' }
    mockApi({ 'GET /web/recentlydeal': () => ({ code: 200, rows: [deal], total: 2105 }) })
    renderApp('/index/finish')
    await waitFor(() => expect(page().textContent).toContain('每一笔都经平台担保交付，共 2,105 笔'))
  })

  it('pages through recent deals with their time of sale', async () => {
    const deals: RecentDeal[] = Array.from({ length: 12 }, (_, i) => ({
      ...card(100 + i, { status: 'sold' }),
      soldAt: '2026-11-20T06:30:00Z',
    }))
    const api = mockApi({
      'GET /web/recentlydeal': (_: unknown, url: string) => {
        const q = new URLSearchParams(url.split('?')[1])
        const start = (Number(q.get('pageNum')) - 1) * Number(q.get('pageSize'))
        return { code: 200, rows: deals.slice(start, start + Number(q.get('pageSize'))), total: deals.length }
      },
    })
    renderApp('/index/finish')
    await waitFor(() => expect(page().querySelectorAll('.deal-row').length).toBe(10))
    expect(page().querySelector('.deal-row__time')?.textContent).toMatch(/^2026-11-20 \d\d:30 成交$/)
    scrollPage(2000)
    await waitFor(() => expect(page().querySelectorAll('.deal-row').length).toBe(12))
    expect(callsTo(api, 'GET /web/recentlydeal').map((c) => c.url)).toEqual([
      '/api/web/recentlydeal?pageNum=1&pageSize=10',
      '/api/web/recentlydeal?pageNum=2&pageSize=10',
    ])

    // Pulled down past the mark on H5: 松开刷新, then page 1 again while the rows stay.
    const touch = (type: string, y: number) =>
      act(() => {
        const event = new Event(type, { bubbles: true, cancelable: true })
        Object.assign(event, { touches: type === 'touchend' ? [] : [{ clientY: y }] })
        document.dispatchEvent(event)
      })
    touch('touchstart', 100)
    touch('touchmove', 180)
    expect(page().querySelector('.pull-refresh')?.textContent).toBe('下拉刷新')
    touch('touchmove', 260)
    expect(page().querySelector('.pull-refresh')?.textContent).toBe('松开刷新')
    touch('touchend', 260)
    await waitFor(() => expect(callsTo(api, 'GET /web/recentlydeal')).toHaveLength(3))
    expect(callsTo(api, 'GET /web/recentlydeal')[2].url).toBe('/api/web/recentlydeal?pageNum=1&pageSize=10')
    await waitFor(() => expect(page().querySelectorAll('.deal-row').length).toBe(10))
    await waitFor(() => expect(page().querySelector('.pull-refresh')?.textContent).toBe(''))

    // The mini-programs' native pull reaches the same first page.
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => Promise.resolve({} as never))
    act(() => (Taro.getCurrentInstance().page as { onPullDownRefresh: () => void }).onPullDownRefresh())
    await waitFor(() => expect(stop).toHaveBeenCalled())
    expect(callsTo(api, 'GET /web/recentlydeal')).toHaveLength(4)
  })
})

describe('collect', () => {
  const profile = {
    userId: 5,
    userName: 'buyer',
    nickName: '买家',
    avatar: '',
    phone: '13800138000',
    email: '',
    sex: '2',
    qq: '',
    weixin: '',
    roles: ['user'],
    hasPassword: true,
    realNameStatus: 'none',
    realName: '',
    idNumber: '',
    deletionEraseAt: null,
  }

  it('lists favourites with sold ones marked and drops since they were kept, and removes one after confirming', async () => {
    saveToken('tok-buyer')
    let favourites: FavouriteRow[] = [
      { ...card(7), collectedAt: '2026-11-21T00:00:00Z', droppedFrom: card(7).price + 12_000 },
      {
        ...card(9, { status: 'sold', title: '已经卖掉的号' }),
        collectedAt: '2026-11-20T00:00:00Z',
        droppedFrom: null,
      },
    ]
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/goods/collect/list': () => ({ code: 200, rows: favourites, total: favourites.length }),
      'POST /web/goods/collect/remove': (body) => {
        favourites = favourites.filter((f) => f.id !== (body as { goodsId: number }).goodsId)
        return { code: 200, data: null }
      },
    })
    renderApp('/index/other/collect')
    await waitFor(() => expect(page().querySelectorAll('.goods-card').length).toBe(2))
    expect(page().querySelector('.goods-card[aria-label="已经卖掉的号"] .goods-card__mark')?.textContent).toBe('已售出')
    // 降价: cheaper than when it was kept.
    expect([...page().querySelectorAll('.collect__drop')].map((el) => el.textContent)).toEqual(['降 ¥120.00'])

    await tapLabel('取消收藏 王者荣耀 7 号 全英雄 典藏皮肤')
    await answerDialog(true)
    await waitFor(() => expect(page().querySelectorAll('.goods-card').length).toBe(1))
    expect(callsTo(api, 'POST /web/goods/collect/remove')[0].data).toEqual({ goodsId: 7 })
  })

  it('asks a signed-out visitor to sign in', async () => {
    mockApi({ 'GET /captchaImage': () => ({ code: 200, data: { uuid: 'c', img: '' } }) })
    renderApp('/index/other/collect')
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
  })
})
