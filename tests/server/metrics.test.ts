/**
 * Observability: `/metrics` in Prometheus's format — requests by route pattern, the pool, the sweeper, payment
 * notices, open WebSockets, Node's own — for the internal network or a token only; and one request id per
 * request, taken from the proxy when well-formed and answered back.
 */
import type { AddressInfo } from 'node:net'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { openSocket, until } from './helpers/deals'
import { createPerson } from './helpers/http'

const TOKEN = 'metrics-token-for-the-test-0001'
let database: Database
let app: App

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database, { env: { METRICS_TOKEN: TOKEN } })
  await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const metrics = async (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ url: '/metrics', ...options })

const sample = async (line: RegExp) => {
  const text = (await metrics()).body
  const found = text.split('\n').find((row) => line.test(row))
  return found === undefined ? undefined : Number(found.split(' ').pop())
}

test('requests are counted by their route pattern, never their ids', async () => {
  await app.inject('/api/web/good/123456')
  await app.inject('/api/web/good/654321')
  const response = await metrics()
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toContain('text/plain')
  expect(response.body).toMatch(
    /http_request_duration_seconds_count\{method="GET",route="\/api\/web\/good\/:id",status="404"\} 2/,
  )
  // An id would show in a label; a value (bytes, seconds) may hold the same digits by chance (3263123456 once did).
  const labels = [...response.body.matchAll(/\{[^}]*\}/g)].map(([set]) => set)
  expect(labels.length).toBeGreaterThan(0)
  expect(labels.filter((set) => /123456|654321/.test(set))).toEqual([])
  for (const name of ['db_pool_connections', 'sweeper_lag_seconds', 'nodejs_eventloop_lag_seconds'])
    expect(response.body).toContain(`# TYPE ${name}`)
})

test('only the internal network, straight to the instance, or the token may read them', async () => {
  expect((await metrics({ remoteAddress: '10.1.2.3' })).statusCode).toBe(200)
  expect((await metrics({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404)
  // Through the proxy, a request arrives from the internal network with the client's address beside it.
  expect((await metrics({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404)
  const bearer = (token: string) =>
    metrics({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } })
  expect((await bearer(TOKEN)).statusCode).toBe(200)
  expect((await bearer(`${TOKEN}x`)).statusCode).toBe(404)
})

test('a payment notice is counted by its outcome', async () => {
  const before = (await sample(/^payment_notices_total\{channel="alipay",outcome="bad_signature"\}/)) ?? 0
  await app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: 'sign=forged&out_trade_no=1' })
  expect(await sample(/^payment_notices_total\{channel="alipay",outcome="bad_signature"\}/)).toBe(before + 1)
})

test('open WebSockets are counted while they are open', async () => {
  const { port } = app.server.address() as AddressInfo
  const person = await createPerson(database)
  const before = (await sample(/^websocket_connections /)) ?? 0
  const { socket, closed } = await openSocket(`ws://127.0.0.1:${port}/api/ws`, person.token)
  await until(async () => (await sample(/^websocket_connections /)) === before + 1)
  socket.close()
  await closed
  await until(async () => (await sample(/^websocket_connections /)) === before)
})

test('each answer names its request id: the proxy’s when well-formed, else a new one', async () => {
  const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc123-nginx-0001' } })
  expect(given.headers['x-request-id']).toBe('abc123-nginx-0001')
  const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id\nInjected: yes' } })
  expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
})
