/**
 * Hostile input never reaches the database as a 500: every request schema of every route refuses
 * control characters in strings, numbers beyond int4 and dates outside 1900–2099 — checked on the real
 * route table, then by sending such input to every route.
 */
import type { RouteOptions } from 'fastify'
import type { Database } from '../../server/db'
import { NO_CONTROL_CHARS, SANE_YEAR } from '../../server/lib/validation'
import { MAX_ID } from '../../src/contract/schemas'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createPerson, type Person } from './helpers/http'

type Schema = Record<string, unknown> & {
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  allOf?: Schema[]
}

let database: Database
let app: ReturnType<typeof createTestApp>
let person: Person
const routes: RouteOptions[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  app.addHook('onRoute', (route) => void routes.push(route))
  await app.ready()
  person = await createPerson(database, ['user', 'admin'])
})
afterAll(async () => {
  await app.close()
  await database.close()
})

const PARTS = ['body', 'querystring', 'params', 'headers'] as const
const schemaOf = (route: RouteOptions, part: (typeof PARTS)[number]) =>
  (route.schema as Record<string, Schema | undefined> | undefined)?.[part]

/** Every string and number schema under `schema`, with its path. */
function leaves(schema: Schema, path: string, out: { path: string; schema: Schema }[] = []) {
  const types = [schema.type ?? []].flat()
  if (types.includes('string') || types.includes('integer') || types.includes('number')) out.push({ path, schema })
  for (const [key, child] of Object.entries(schema.properties ?? {})) leaves(child, `${path}.${key}`, out)
  if (schema.items) leaves(schema.items, `${path}[]`, out)
  for (const member of schema.anyOf ?? []) leaves(member, path, out)
  return out
}

test('every request string refuses control characters, every number stays in int4, every date in 1900–2099', () => {
  const unguarded: string[] = []
  let strings = 0
  for (const route of routes) {
    for (const part of PARTS) {
      const root = schemaOf(route, part)
      if (!root) continue
      for (const { path, schema } of leaves(root, `${route.method} ${route.url} ${part}`)) {
        const types = [schema.type ?? []].flat()
        if (types.includes('string')) {
          strings += 1
          const fixed = 'const' in schema || Array.isArray(schema.enum)
          const guarded =
            schema.pattern === NO_CONTROL_CHARS ||
            schema.pattern === SANE_YEAR ||
            (schema.allOf ?? []).some((member) => member.pattern === NO_CONTROL_CHARS)
          if (!fixed && !guarded) unguarded.push(path)
        } else if (typeof schema.maximum !== 'number' || schema.maximum > MAX_ID) {
          unguarded.push(path)
        }
      }
    }
  }
  expect(strings).toBeGreaterThan(50)
  expect(unguarded).toEqual([])
})

/** A value of the schema's type that breaks the hardened rule. */
function poison(schema: Schema): unknown {
  const types = [schema.type ?? []].flat()
  if (types.includes('string')) return schema.format ? '0000-01-01' : 'a\u0000b'
  return 99_999_999_999
}

test('poisoned input gets a 4xx on every route, never a 5xx', async () => {
  const answers: { route: string; status: number }[] = []
  for (const route of routes) {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
    if (methods.length === 0 || !route.url.startsWith('/api/')) continue
    const params = schemaOf(route, 'params')
    for (const part of ['querystring', 'body', 'params'] as const) {
      const root = schemaOf(route, part)
      for (const { path, schema } of root ? leaves(root, '') : []) {
        const key = path.split('.')[1]
        if (!key || path.split('.').length !== 2) continue
        // Path parameters keep a valid value unless they are the one poisoned.
        let url = route.url.replace(/:(\w+)/g, (_m, name) =>
          part === 'params' && name === key ? encodeURIComponent(String(poison(schema))) : '1',
        )
        if (!params && route.url.includes(':')) url = url.replace(/:\w+/g, '1')
        const value = poison(schema)
        const response = await app.inject({
          method: methods[0] as 'GET',
          url,
          headers: { authorization: `Bearer ${person.token}` },
          ...(part === 'querystring' ? { query: { [key]: String(value) } } : {}),
          ...(part === 'body' ? { payload: { [key]: value } } : {}),
        })
        answers.push({ route: `${methods[0]} ${route.url} ${part}.${key}`, status: response.statusCode })
      }
    }
  }
  expect(answers.length).toBeGreaterThan(50)
  expect(answers.filter((a) => a.status >= 500)).toEqual([])
})

test('the cases seen as 500 before: NUL, an id past int4, year 0000 — each a 400 in words', async () => {
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${person.token}` } }).then((r) => ({
      status: r.statusCode,
      msg: r.json().msg as string,
    }))
  const list = (keyword: string) =>
    app.inject({ method: 'POST', url: '/api/web/good/allList', payload: { keyword } }).then((r) => ({
      status: r.statusCode,
      msg: r.json().msg as string,
    }))
  expect(await list('王\u0000')).toEqual({ status: 400, msg: '关键词不能包含控制字符' })
  expect(await get('/api/need/myOrder/2147483648')).toEqual({ status: 400, msg: '订单编号不能大于 2147483647' })
  expect(await get('/api/need/myOrder?from=0000-01-01')).toEqual({ status: 400, msg: '开始日期超出可用的日期范围' })
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'a\u0000', password: 'x', uuid: 'u', code: 'c' },
  })
  expect(login.json()).toMatchObject({ code: 400, msg: '用户名不能包含控制字符' })
  // Newlines and tabs are text.
  expect((await list('王\n')).status).toBe(200)
})

test('an Alipay notice with an unknown sign_type is refused, not a 500', async () => {
  for (const signType of ['XYZ', 'RSA', '']) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notify_id=n1&out_trade_no=P1&total_amount=1.00&app_id=x&sign_type=${signType}&sign=abc%25`,
    })
    expect(response.statusCode).toBeLessThan(500)
    expect(response.body).toBe('fail')
  }
})
