/**
 * The production log, captured: requests that carry ID numbers, phones, QQ and WeChat ids in their
 * URLs, and a database error whose parameters hold them, leave none of them in the log.
 */
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db'
import { loggerOptions, redactUrl, serializeError } from '../../server/lib/logging'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createPerson } from './helpers/http'
import { productionEnv } from './helpers/production'

const ID_NUMBER = '11010519491231002X'
const PHONE = '13912345678'
const QQ = '987650123'
const WECHAT = 'wxid_leaky_42'

let database: Database
let app: ReturnType<typeof createTestApp>
let log = ''

beforeAll(async () => {
  database = await createTestDatabase()
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString()
      done()
    },
  })
  app = createTestApp(database, { env: productionEnv(), logger: loggerOptions('info', stream) })
  // A statement that fails with the person's data among its parameters and in PostgreSQL's own message.
  app.get('/api/test/failing-query', { schema: { hide: true } }, async () => {
    await database.db.execute(sql`select ${`${QQ}x`}::int, ${PHONE}::text, ${ID_NUMBER}::text`)
    return {}
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

test('nothing personal reaches the production log', async () => {
  const probes = [
    `/api/black/blackList?content=${ID_NUMBER}`,
    `/api/black/blackList?content=${PHONE}&gameId=3`,
    `/api/black/blackList?content=${QQ}`,
    `/api/V2/H5/checkAccount?value=${WECHAT}`,
    `/api/sms/sendYzm?phone=${PHONE}&scene=login&uuid=u&code=ABCD`,
    `/api/web/nothing/${PHONE}`,
    '/api/test/failing-query',
  ]
  for (const url of probes) await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })

  const lines = log.trim().split('\n')
  expect(lines.length).toBeGreaterThanOrEqual(probes.length * 2)
  for (const secret of [ID_NUMBER, PHONE, QQ, WECHAT, `${QQ}x`]) expect(log).not.toContain(secret)
  // What is kept: the route, the harmless parameters, the statement and its SQLSTATE.
  expect(log).toContain('/api/black/blackList?content=[redacted]&gameId=3')
  const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.err)
  expect(failure.err).toMatchObject({ code: '22P02', message: expect.stringContaining('Failed query: select $1::int') })
  expect(failure.err.message).not.toContain('params')
})

test('a listing’s credentials never reach the log, whether it is refused or fails', async () => {
  const seller = await createPerson(database)
  const secret = 'Pa55-word-never-logged'
  const listing = (over: object) => ({
    gameId: 1,
    regionIds: [1],
    title: '王者 全英雄 典藏皮肤',
    description: '',
    price: 88_800,
    coverImage: '/uploads/x.png',
    images: [],
    attributes: {},
    accountSource: 'self_registered',
    guaranteeMaterials: true,
    contact: { qq: '12345678' },
    credentials: { account: 'wz_logged_account', password: secret },
    payout: { alipayAccount: '13800138000', name: '张三' },
    ...over,
  })
  const headers = { authorization: `Bearer ${seller.token}` }
  // Refused by the schema (a price out of bounds), then by the rules (no real name): both answered, both logged.
  for (const payload of [listing({ price: 1 }), listing({})]) {
    const reply = await app.inject({ method: 'POST', url: '/api/need/consignment', headers, payload })
    expect([400, 403]).toContain(reply.statusCode)
  }
  const credentials = await app.inject({
    method: 'PUT',
    url: '/api/need/consignment/999999/credentials',
    headers,
    payload: { account: 'wz_logged_account', password: secret },
  })
  expect(credentials.statusCode).toBe(404)
  expect(log).toContain('/api/need/consignment')
  expect(log).not.toContain(secret)
  expect(log).not.toContain('wz_logged_account')
})

test('redactUrl keeps the path and harmless values only; serializeError drops the parameters', () => {
  expect(redactUrl('/api/need/myOrder?pageNum=2&status=paid&outTradeNo=P123')).toBe(
    '/api/need/myOrder?pageNum=2&status=paid&outTradeNo=[redacted]',
  )
  expect(redactUrl(`/api/x/${ID_NUMBER}`)).toBe('/api/x/110***********002X')
  const wrapped = Object.assign(new Error(`Failed query: select $1\nparams: ${PHONE}`), {
    cause: { code: '23505', constraint: 'users_phone_key', detail: `Key (phone)=(${PHONE}) already exists.` },
  })
  const serialized = serializeError(wrapped)
  expect(JSON.stringify(serialized)).not.toContain(PHONE)
  expect(serialized).toMatchObject({ message: 'Failed query: select $1', code: '23505', constraint: 'users_phone_key' })
})
