import Taro from '@tarojs/taro'

interface Body {
  code: number
  msg?: string
  data?: unknown
}

/** An answer, or a promise of one: a test that holds a call back resolves it when it chooses. */
type Handler = (body: unknown, url: string) => Body | Promise<Body>

/**
 * Answers Taro.request by "METHOD /path" (path without /api and query) the way the server would;
 * an unexpected call fails the test loudly. Returns the spy for assertions on what was sent.
 */
export function mockApi(handlers: Record<string, Handler>): jest.SpyInstance {
  return jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
    const path = options.url.replace(/^\/api/, '').split('?')[0]
    const key = `${options.method ?? 'GET'} ${path}`
    const handler = handlers[key]
    if (!handler) return Promise.reject(new Error(`unexpected call ${key}`))
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
