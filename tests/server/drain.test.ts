/**
 * Stopping behind the proxy (lib/drain.ts), on a listening app: while it drains, a GET is refused with 503 (nginx
 * sends it to the other instance) and anything else is answered, every answer closing its connection; open sockets
 * are told 1001 and no new one is opened. Once no request has come for a moment the listener closes — new
 * connections are refused — while the request in hand is still answered. The proxy's side, under load, is
 * tests/e2e/cluster.test.ts.
 */
import http from 'node:http'
import net from 'node:net'
import { once } from 'node:events'
import WebSocket from 'ws'
import type { Database } from '../../server/db'
import { DRAINING_MSG } from '../../server/lib/drain'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { openSocket, until } from './helpers/deals'

let database: Database
let app: ReturnType<typeof createTestApp>
let port: number

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await database.close()
})

function call(method: string, path: string, body?: unknown) {
  return new Promise<{ status: number; connection?: string; body: { code: number; msg: string } }>(
    (resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body: JSON.parse(text) }),
        )
      })
      request.on('error', reject)
      if (body) request.setHeader('content-type', 'application/json')
      request.end(body ? JSON.stringify(body) : undefined)
    },
  )
}

const refused = () =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1')
    probe.once('connect', () => (probe.destroy(), resolve(false)))
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })

test('draining: GETs refused for the proxy to send elsewhere, POSTs answered, sockets told 1001; then the listener closes while the request in hand finishes', async () => {
  const open = await openSocket(`ws://127.0.0.1:${port}/api/ws`, null)
  // A request in hand: its headers are in, its body still on its way.
  const body = JSON.stringify({ username: 'nobody', password: 'x' })
  const inHand = net.connect(port, '127.0.0.1')
  await once(inHand, 'connect')
  let answer = ''
  inHand.on('data', (chunk) => (answer += chunk))
  const answered = once(inHand, 'end')
  inHand.write(
    `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
  )
  await new Promise((resolve) => setTimeout(resolve, 100))

  const drained = app.drain()
  expect(await open.closed).toBe(1001)

  const get = await call('GET', '/api/web/game/list')
  expect(get).toMatchObject({ status: 503, connection: 'close', body: { code: 503, msg: DRAINING_MSG } })
  expect((await call('GET', '/api/ready')).status).toBe(503)
  const post = await call('POST', '/api/web/good/allList', { pageNum: 1, pageSize: 1 })
  expect(post).toMatchObject({ status: 200, connection: 'close', body: { code: 200 } })
  const upgrade = new WebSocket(`ws://127.0.0.1:${port}/api/ws`)
  const [upgradeRequest, refusedUpgrade] = (await once(upgrade, 'unexpected-response')) as [
    http.ClientRequest,
    http.IncomingMessage,
  ]
  upgradeRequest.destroy()
  expect(refusedUpgrade.statusCode).toBe(503)

  // No request for a moment: the listener closes, and nothing new gets in.
  await until(refused, 3_000)
  inHand.end(body.slice(5))
  await answered
  expect(answer).toMatch(/^HTTP\/1\.1 400 [\s\S]*connection: close/i)
  await drained
}, 15_000)
