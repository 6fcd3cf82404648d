import Taro from '@tarojs/taro'

interface Body {
  code: number
  msg?: string
  data?: unknown
}

/** An answer, or a promise of one: a test that holds a call back resolves it when it chooses. */
type Handler = (body: unknown, url: string) => Body | Promise<Body>

/** Calls no handler answered, since tests/client/setup.ts last looked (it fails the test that made them). */
export const unexpectedCalls: string[] = []

/**
 * Answers Taro.request by "METHOD /path" (path without /api and query) the way the server would;
 * an unexpected call fails the test loudly. Returns the spy for assertions on what was sent.
 */
export function mockApi(handlers: Record<string, Handler>): jest.SpyInstance {
  return jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
    const path = options.url.replace(/^\/api/, '').split('?')[0]
    const key = `${options.method ?? 'GET'} ${path}`
    const handler = handlers[key]
    if (!handler) {
      unexpectedCalls.push(key)
      return Promise.reject(new Error(`unexpected call ${key}`))
    }
    return Promise.resolve(handler(options.data, options.url)).then((body) => ({
      statusCode: body.code,
      data: { msg: body.code === 200 ? '操作成功' : '', ...body },
    }))
  }) as never)
}

/** Calls made to one endpoint, with their bodies. */
export function callsTo(spy: jest.SpyInstance, key: string): Taro.request.Option[] {
  return spy.mock.calls
    .map(([options]) => options as Taro.request.Option)
    .filter((o) => `${o.method ?? 'GET'} ${o.url.replace(/^\/api/, '').split('?')[0]}` === key)
}

/** The query parameters of a request the page made. */
export const queryOf = (option: Taro.request.Option) =>
  Object.fromEntries(new URLSearchParams(option.url.split('?')[1]))

const noRows = () => ({ code: 200, rows: [], total: 0 })
const noData = () => ({ code: 200, data: [] })

/** The 消息 badge's two background calls, which every signed-in page makes: nothing unread. */
export const badgeApi = {
  'GET /need/message/list': () => ({ code: 200, rows: [], total: 0, data: { unread: 0 } }),
  'GET /need/dealRooms': noData,
}

/** The login page's captcha, for tests that end on the login page. */
export const captchaApi = {
  'GET /captchaImage': () => ({ code: 200, data: { uuid: 'c', img: '' } }),
}

/** What home asks for, all empty: for tests that pass through home on their way elsewhere. */
export const emptyHomeApi = {
  'GET /web/game/list': noData,
  'GET /web/stats': () => ({ code: 200, data: { onSale: 0, soldYesterday: 0, soldTotal: 0 } }),
  'POST /web/good/allList': noRows,
  'GET /web/recentlydeal': noRows,
  'GET /account/zhubo/list': noRows,
  'GET /web/notice/list': noRows,
  'GET /web/social/list': noRows,
  'GET /V2/H5/gonggaoDetails': noData,
}

/**
 * What goodDetail asks for besides the listing, empty: too few deals for a fair price, the platform as the
 * seller, no recommendations, no 交易须知, no QQ groups.
 */
export const goodsSideApi = (id: number) => ({
  [`GET /web/good/${id}/fairPrice`]: () => ({
    code: 200,
    data: { band: null, position: null, comparableCount: 0, comparables: [] },
  }),
  [`GET /web/good/${id}/seller`]: () => ({
    code: 200,
    data: {
      id: null,
      name: '号安心自营',
      sales: 0,
      since: null,
      rating: { count: 0, average: null, fiveStarBps: null },
      latest: [],
    },
  }),
  [`GET /web/recommend/${id}`]: noData,
  'GET /V2/H5/gonggaoDetails': noData,
  'GET /V2/H5/allQQlist': noData,
  'GET /V2/H5/qqGroup': noData,
})
