import { Writable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { Type } from 'typebox'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { Body, pageParams } from '../../src/contract/schemas'
import { AppError, ok, page } from '../../server/lib/envelope'
import { PUBLIC } from '../../server/lib/access'
import { createMemoryKv } from '../../server/lib/kv'
import { createTestApp } from './helpers/app'
import { productionEnv } from './helpers/production'
import { createTestDatabase } from './helpers/database'

let database: Database
let app: App
const logLines: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  })
  app = createTestApp(database, { logger: { level: 'error', stream: logStream } })

  // Routes that exist only in this test app, to exercise the shared envelope and error rules. Registered
  // as a plugin like a domain module, so that the OpenAPI document lists them too; open to anyone.
  app.register(async (scope) => {
    scope.get('/api/test/ok', { config: PUBLIC }, () => ok({ answer: 42 }))
    scope.get('/api/test/page', { config: PUBLIC, schema: { querystring: Type.Object(pageParams) } }, () =>
      page([{ id: 1 }], 31),
    )
    scope.get('/api/test/conflict', { config: PUBLIC }, () => {
      throw new AppError(409, '该商品已出售', { goodsId: 7 })
    })
    scope.get('/api/test/boom', { config: PUBLIC }, async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/server/db.ts:42')
    })
    scope.post(
      '/api/test/form',
      {
        config: PUBLIC,
        schema: {
          body: Body({
            phone: Type.String({ title: '手机号', pattern: '^1[3-9]\\d{9}$' }),
            age: Type.Optional(Type.Integer({ title: '年龄', minimum: 18 })),
            payMode: Type.Optional(Type.Union([Type.Literal('full'), Type.Literal('deposit')], { title: '付款方式' })),
            contact: Type.Optional(Body({ qq: Type.String({ title: 'QQ', minLength: 5 }) }, { title: '联系方式' })),
            images: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { title: '图片', maxItems: 2 })),
          }),
        },
      },
      (request) => ok(request.body),
    )
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const postForm = (payload: unknown) => app.inject({ method: 'POST', url: '/api/test/form', payload: payload as object })

describe('GET /api/health and /api/ready', () => {
  test('health answers while the process runs, asking nothing of the database', async () => {
    const broken = { ...database, db: { execute: () => Promise.reject(new Error('connection refused')) } }
    const brokenApp = createTestApp(broken as unknown as Database)
    const response = await brokenApp.inject('/api/health')
    await brokenApp.close()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok', uptime: expect.any(Number) } })
  })

  test('ready answers ok with the database and the store checked', async () => {
    const response = await app.inject('/api/ready')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: { status: 'ok', db: 'up', uptime: expect.any(Number), kv: 'memory' },
    })
  })

  test('ready answers 503 naming what is down', async () => {
    const broken = { ...database, db: { execute: () => Promise.reject(new Error('connection refused')) } }
    const kv = createMemoryKv()
    kv.ping = () => Promise.reject(new Error('ECONNREFUSED'))
    const brokenApp = createTestApp(broken as unknown as Database, { kv })
    const response = await brokenApp.inject('/api/ready')
    await brokenApp.close()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      code: 503,
      msg: '数据库、Redis不可用',
      data: { status: 'error', db: 'down', kv: 'down' },
    })
  })
})

describe('envelope', () => {
  test('ok(data) is {code: 200, msg: 操作成功, data}', async () => {
    const response = await app.inject('/api/test/ok')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, msg: '操作成功', data: { answer: 42 } })
  })

  test('page(rows, total) is {code: 200, msg: 查询成功, rows, total}', async () => {
    const response = await app.inject('/api/test/page?pageNum=2&pageSize=10')
    expect(response.json()).toEqual({ code: 200, msg: '查询成功', rows: [{ id: 1 }], total: 31 })
  })

  test('an AppError answers with its code as the HTTP status, its msg and its data', async () => {
    const response = await app.inject('/api/test/conflict')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ code: 409, msg: '该商品已出售', data: { goodsId: 7 } })
  })
})

describe('error rules', () => {
  test('an unknown /api path is 404 接口不存在, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/thing?x=1' })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ code: 404, msg: '接口不存在' })
    }
  })

  test('malformed JSON is 400 请求体不是合法的 JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "13800000000",',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 400, msg: '请求体不是合法的 JSON' })
  })

  test('a valid body passes through', async () => {
    const response = await postForm({ phone: '13800000000', age: 20, contact: { qq: '123456' } })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({ phone: '13800000000', age: 20, contact: { qq: '123456' } })
  })

  test.each([
    [{ phone: '13800000000', role: 'admin' }, 'role', '不支持的字段：role'],
    [{ phone: '13800000000', contact: { qq: '123456', wx: 'a' } }, 'contact.wx', '不支持的字段：contact.wx'],
    [{}, 'phone', '手机号不能为空'],
    [{ phone: { number: '13800000000' } }, 'phone', '手机号必须是文本'],
    [{ phone: '12345' }, 'phone', '手机号格式不正确'],
    [{ phone: '13800000000', age: 'abc' }, 'age', '年龄必须是整数'],
    [{ phone: '13800000000', age: 17 }, 'age', '年龄不能小于 18'],
    [{ phone: '13800000000', payMode: 'credit' }, 'payMode', '付款方式只能是：full、deposit'],
    [{ phone: '13800000000', contact: { qq: '1' } }, 'contact.qq', 'QQ至少 5 个字符'],
    [{ phone: '13800000000', images: ['a', 'b', 'c'] }, 'images', '图片最多 2 项'],
    [{ phone: '13800000000', images: [''] }, 'images.0', '图片不能为空'],
    [[1, 2], '', '请求体必须是对象'],
  ])('body %j → 400 %s: %s', async (payload, field, message) => {
    const response = await postForm(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 400, msg: message, data: { errors: [{ field, message }] } })
  })

  test('a query parameter of the wrong type is named in Chinese: 页码必须是整数', async () => {
    const response = await app.inject('/api/test/page?pageNum=abc')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 400,
      msg: '页码必须是整数',
      data: { errors: [{ field: 'pageNum', message: '页码必须是整数' }] },
    })
    expect((await app.inject('/api/test/page?pageSize=500')).json().msg).toBe('每页条数不能大于 200')
  })

  test('a body over 1 MB is 413 请求内容过大（上限 1 MB）', async () => {
    const response = await postForm({ phone: '13800000000', padding: 'x'.repeat(1024 * 1024) })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ code: 413, msg: '请求内容过大（上限 1 MB）' })
  })

  test('an unexpected error is 500 with a request id and nothing internal; the cause is logged', async () => {
    const response = await app.inject('/api/test/boom')
    expect(response.statusCode).toBe(500)
    const body = response.json()
    expect(body).toEqual({ code: 500, msg: '服务器内部错误，请稍后重试', data: { requestId: expect.any(String) } })
    expect(response.body).not.toMatch(/secret_table|server\/db|stack/)
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === body.data.requestId)
    expect(logged).toMatchObject({ level: 50, err: { message: expect.stringContaining('secret_table') } })
  })
})

describe('route schemas are checked when registered', () => {
  const apps: ReturnType<typeof createTestApp>[] = []
  const freshApp = () => {
    const fresh = createTestApp(database)
    apps.push(fresh)
    return fresh
  }
  afterAll(() => Promise.all(apps.map((fresh) => fresh.close())))

  test('a request property without a Chinese title is refused', () => {
    expect(() =>
      freshApp().get('/api/test/untitled', { schema: { querystring: Type.Object({ q: Type.String() }) } }, () => ok()),
    ).toThrow(/GET \/api\/test\/untitled: querystring property "querystring\.q" needs a Chinese label/)
  })

  test('a body object that would accept unknown fields is refused', () => {
    const body = Type.Object({ q: Type.String({ title: '关键字' }) })
    expect(() => freshApp().post('/api/test/open', { schema: { body } }, () => ok())).toThrow(
      /body object "body" must refuse unknown fields/,
    )
  })
})

describe('documentation and transport', () => {
  test('the OpenAPI document is served at /api/docs/json and the UI at /api/docs', async () => {
    const response = await app.inject('/api/docs/json')
    expect(response.statusCode).toBe(200)
    const spec = response.json()
    expect(spec.openapi).toMatch(/^3\./)
    expect(spec.paths['/api/health'].get.responses).toHaveProperty('200')
    expect(
      spec.paths['/api/test/form'].post.requestBody.content['application/json'].schema.properties.phone.title,
    ).toBe('手机号')
    const ui = await app.inject('/api/docs')
    expect([200, 302]).toContain(ui.statusCode)
  })

  test('every operation says who may call it and has an operationId; the document has servers', async () => {
    const spec = (await app.inject('/api/docs/json')).json()
    expect(spec.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//), description: '本服务' }])
    expect(spec.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    type Operation = { security?: unknown; operationId?: string; description?: string }
    const operations = Object.entries(spec.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
    )
    expect(operations.filter((o) => !Array.isArray(o.security) || !o.operationId)).toEqual([])
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length)
    const find = (path: string, method: string) => operations.find((o) => o.path === path && o.method === method)!
    expect(find('/api/health', 'get').security).toEqual([])
    expect(find('/api/web/good/{id}', 'get').security).toEqual([{}, { bearerAuth: [] }])
    expect(find('/api/need/myOrder', 'get').security).toEqual([{ bearerAuth: [] }])
    expect(find('/api/admin/orders/{id}/hand-over', 'post')).toMatchObject({
      operationId: 'postAdminOrdersIdHandOver',
      security: [{ bearerAuth: [] }],
      description: '员工：管理员、客服',
    })
  })

  test('a signed-in route answers 401 before it reads its input', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/order', payload: { nonsense: true } })
    expect(response.json()).toMatchObject({ code: 401, msg: '请先登录' })
  })

  test('production does not serve the API documentation', async () => {
    const production = createTestApp(database, { env: productionEnv() })
    await production.ready()
    for (const url of ['/api/docs', '/api/docs/json']) expect((await production.inject(url)).statusCode).toBe(404)
    await production.close()
  })

  test('API answers are not cached unless a route says so', async () => {
    expect((await app.inject('/api/health')).headers['cache-control']).toBe('no-store')
    expect((await app.inject('/api/nothing-here')).headers['cache-control']).toBe('no-store')
  })

  test('security headers are set, with a CSP that allows inline styles but not inline scripts', async () => {
    const response = await app.inject('/api/health')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("img-src 'self' data: blob:")
    expect(csp).toContain("connect-src 'self' blob:")
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toContain('upgrade-insecure-requests')
  })

  test('responses are gzip-compressed when the client accepts it', async () => {
    const response = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).openapi).toMatch(/^3\./)
  })
})
