/**
 * The production topology as `npm run cluster` starts it — PostgreSQL, Redis, two instances and nginx with
 * deploy/nginx.conf.template — met through its proxy only, as phones meet it: the H5 over HTTP/2 with its bundles
 * from the proxy's cache; each request carrying nginx's id and the client's address to an instance, the deal-room
 * socket's upgrade too; 100 buyers at once over both instances for one listing making one order; a message reaching the sockets on both instances; an instance stopped under a load of GETs
 * and POSTs without one failing, its sockets back through the other; one address held to the API's ceiling while
 * another and the payment notices are not; and, with no instance left, answers in the API's envelope and a page in
 * Chinese. Needs nginx (CI installs Debian's).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import WebSocket from 'ws'
import { connectDatabase } from '../../server/db'
import { freePort } from '../support/freePort'
import { isAlive } from '../support/isAlive'
import { openSocket } from '../server/helpers/deals'
import { createPerson } from '../server/helpers/http'
import { openBrowser } from './setup/browser'

const ROOT = path.resolve(__dirname, '../..')
const until = async (done: () => boolean | Promise<boolean>, ms: number, what: string) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50)))
    if (await done()) return
  throw new Error(`${what}: not within ${ms} ms`)
}

interface Cluster {
  process: ChildProcess
  work: string
  nginxPid: number
  http: number
  https: number
  apps: number[]
  /** The cluster's PostgreSQL, for what a test needs in numbers (100 buyers) rather than through sign-up. */
  databaseUrl: string
}
let cluster: Cluster

beforeAll(async () => {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) throw new Error('需要 nginx（apt-get install nginx）')
  const [httpPort, httpsPort, app1, app2, pg, redis] = await Promise.all(Array.from({ length: 6 }, freePort))
  const child = spawn('bash', ['scripts/cluster.sh'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      APP_PORTS: `${app1} ${app2}`,
      PG_PORT: String(pg),
      REDIS_PORT: String(redis),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  try {
    await until(() => output.includes('Ctrl-C') || child.exitCode !== null, 300_000, 'npm run cluster')
  } finally {
    // Not up in time: it stops what it has started.
    if (!output.includes('Ctrl-C') && child.exitCode === null) process.kill(child.pid!, 'SIGTERM')
  }
  if (child.exitCode !== null) throw new Error(`npm run cluster exited with ${child.exitCode}:\n${output}`)
  const work = /logs and PIDs in (\S+)\)/.exec(output)![1]
  const nginxPid = Number(fs.readFileSync(path.join(work, 'nginx/nginx.pid'), 'utf8'))
  cluster = {
    process: child,
    work,
    nginxPid,
    http: httpPort,
    https: httpsPort,
    apps: [app1, app2],
    databaseUrl: /PostgreSQL (\S+),/.exec(output)![1],
  }
}, 320_000)

afterAll(async () => {
  if (!cluster) return
  const exited = once(cluster.process, 'exit')
  process.kill(cluster.process.pid!, 'SIGTERM')
  await exited
  // Everything it started is stopped, and its directory is gone.
  expect(isAlive(cluster.nginxPid)).toBe(false)
  expect(fs.existsSync(cluster.work)).toBe(false)
}, 60_000)

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

const agents = new Map<string, http.Agent>()
/** One request to the proxy's HTTP port from a loopback address of its own (the proxy counts per address). */
function call(
  method: string,
  url: string,
  options: { body?: unknown; from?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const from = options.from ?? '127.0.0.1'
  if (!agents.has(from)) agents.set(from, new http.Agent({ keepAlive: true, maxSockets: 50, localAddress: from }))
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: cluster.http,
        method,
        path: url,
        agent: agents.get(from),
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}
afterAll(() => agents.forEach((agent) => agent.destroy()))

const json = async <T>(method: string, url: string, options?: Parameters<typeof call>[2]) =>
  JSON.parse((await call(method, url, options)).text) as { code: number; msg: string; data: T }

async function signIn(username: string, password: string): Promise<string> {
  const { uuid } = (await json<{ uuid: string }>('GET', '/api/captchaImage')).data
  const code = (await json<{ answer: string }>('GET', `/dev/captcha/${uuid}`)).data.answer
  const reply = await json<{ token: string }>('POST', '/api/login', { body: { username, password, uuid, code } })
  if (reply.code !== 200) throw new Error(`sign-in of ${username}: ${reply.msg}`)
  return reply.data.token
}

/** The app's log lines of one instance (JSON, LOG_LEVEL=info). */
const logLines = (port: number) =>
  fs
    .readFileSync(path.join(cluster.work, `app-${port}.log`), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { id: string; url: string; remoteAddress: string } })

/** Sockets an instance holds, from its own /metrics (loopback: the internal network). */
async function socketsOn(port: number): Promise<number> {
  const text = await new Promise<string>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: '/metrics' }, (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve(body))
      })
      .on('error', reject),
  )
  return Number(/^websocket_connections (\d+)/m.exec(text)![1])
}

const pidOf = (port: number) => Number(fs.readFileSync(path.join(cluster.work, `app-${port}.pid`), 'utf8'))

test('the H5 over HTTP/2 and TLS through the proxy: the home page shows its games, its bundles come from the proxy cache', async () => {
  const browser = await openBrowser(undefined, undefined, { ignoreHTTPSErrors: true })
  try {
    const page = await browser.newPage()
    await page.goto(`https://127.0.0.1:${cluster.https}/index/home`)
    // The games' counts come from the API, through the same HTTP/2 connection.
    await page
      .locator('.home__game-count', { hasText: /\d+ 在售/ })
      .first()
      .waitFor()
    const protocols = await page.evaluate(() =>
      performance.getEntriesByType('navigation').map((entry) => (entry as PerformanceNavigationTiming).nextHopProtocol),
    )
    expect(protocols).toEqual(['h2'])
    const bundles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/js/')),
    )
    expect(bundles.length).toBeGreaterThan(0)
    // Asked twice (the cache keeps a copy per scheme and per Accept-Encoding, as the answer varies by it).
    const asked = () => call('GET', bundles[0], { headers: { 'accept-encoding': 'br' } })
    await asked()
    const again = await asked()
    expect(again.status).toBe(200)
    expect(again.headers).toMatchObject({ 'x-cache': 'HIT', 'content-encoding': 'br' })
  } finally {
    await browser.close()
  }
}, 60_000)

test("each request reaches an instance with nginx's id and the client's address — the socket's upgrade too; /metrics stays inside", async () => {
  const ids: string[] = []
  for (let i = 0; i < 10; i++) {
    const answer = await call('GET', '/api/web/game/list', { headers: { 'x-forwarded-for': '203.0.113.7' } })
    expect(answer.status).toBe(200)
    expect(answer.headers.server).toBe('nginx')
    ids.push(answer.headers['x-request-id'] as string)
  }
  expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true)

  const upgrade = new WebSocket(`ws://127.0.0.1:${cluster.http}/api/ws`, {
    headers: { 'x-forwarded-for': '203.0.113.8' },
  })
  await once(upgrade, 'open')
  upgrade.close()

  await until(
    () =>
      logLines(cluster.apps[0])
        .concat(logLines(cluster.apps[1]))
        .some((line) => line.req?.url === '/api/ws'),
    5_000,
    'the upgrade in a log',
  )
  const [first, second] = cluster.apps.map(logLines)
  const seen = (lines: ReturnType<typeof logLines>) =>
    lines.filter((line) => line.req && ids.includes(line.req.id) && line.req.remoteAddress === '203.0.113.7')
  // Round robin: both instances took some of the ten.
  expect(seen(first).length).toBeGreaterThan(0)
  expect(seen(second).length).toBeGreaterThan(0)
  expect(new Set([...seen(first), ...seen(second)].map((line) => line.req!.id)).size).toBe(10)
  const socketLine = [...first, ...second].find((line) => line.req?.url === '/api/ws')!
  expect(socketLine.req).toMatchObject({ remoteAddress: '203.0.113.8', id: expect.stringMatching(/^[0-9a-f]{32}$/) })

  expect((await call('GET', '/metrics')).status).toBe(404)
})

test('100 buyers at once through the proxy, over both instances, for one listing: one order', async () => {
  const database = await connectDatabase({ kind: 'postgres', url: cluster.databaseUrl, maxConnections: 4 })
  try {
    const buyers = await Promise.all(Array.from({ length: 100 }, () => createPerson(database)))
    const listed = await call('POST', '/api/web/good/allList', { body: { pageNum: 1, pageSize: 1 } })
    const [listing] = (JSON.parse(listed.text) as { rows: { id: number }[] }).rows
    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('POST', '/api/order', {
          token: buyer.token,
          body: { goodsId: listing.id, guaranteeType: 'none', payMode: 'full', agree: true },
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(99)
    const ids = answers.map((answer) => answer.headers['x-request-id'] as string)
    const [first, second] = cluster.apps.map((port) => logLines(port).filter((line) => ids.includes(line.reqId!)))
    expect(first.length).toBeGreaterThan(0)
    expect(second.length).toBeGreaterThan(0)
  } finally {
    await database.close()
  }
}, 60_000)

type Line = Awaited<ReturnType<typeof openSocket>>
let buyer: string
let roomId: number
let lines: Line[] = []

/** A deal-room socket of the buyer's, through the proxy, signed in. */
async function openLine(): Promise<Line> {
  const line = await openSocket(`ws://127.0.0.1:${cluster.http}/api/ws`, buyer)
  await until(() => line.frames.some((frame) => frame.type === 'ready'), 5_000, 'ready')
  return line
}

async function sendAndHear(text: string, listeners: Line[]) {
  const sent = await json('POST', `/api/need/myOrder/${roomId}/messages`, {
    token: buyer,
    body: { clientId: `cluster-${Date.now()}`, text },
  })
  expect(sent.code).toBe(200)
  const heard = (line: Line) =>
    line.frames.some((frame) => frame.type === 'message' && frame.orderId === roomId && frame.message.text === text)
  await until(() => listeners.every(heard), 5_000, `"${text}" on every socket`)
}

test("a deal-room message reaches the buyer's sockets on both instances", async () => {
  buyer = await signIn('buyer', 'buyer2026')
  const rooms = await json<{ order: { id: number; role: string } }[]>('GET', '/api/need/dealRooms', { token: buyer })
  roomId = rooms.data.find((room) => room.order.role === 'buyer')!.order.id
  // Sockets through the proxy until each instance holds some.
  while (lines.length < 12) {
    lines.push(await openLine())
    const [a, b] = await Promise.all(cluster.apps.map(socketsOn))
    if (a > 0 && b > 0) break
  }
  expect(Math.min(...(await Promise.all(cluster.apps.map(socketsOn))))).toBeGreaterThan(0)
  await sendAndHear('两边都收到了吗', lines)
})

test('an instance stopped under a load of GETs and POSTs: not one fails, its sockets come back through the other', async () => {
  const [stopping] = cluster.apps
  const pid = pidOf(stopping)
  const onStopping = await socketsOn(stopping)
  expect(onStopping).toBeGreaterThan(0)

  const statuses = new Map<string, number>()
  let running = true
  // 64 addresses, so the proxy's ceiling per address is never what answers.
  const worker = async (w: number) => {
    for (let n = 0; running; n++) {
      const from = `127.0.1.${((w * 8 + n) % 64) + 1}`
      const answer =
        n % 2 === 0
          ? await call('GET', '/api/web/game/list', { from })
          : await call('POST', '/api/web/good/allList', { from, body: { pageNum: 1, pageSize: 10 } })
      const key = `${n % 2 === 0 ? 'GET' : 'POST'} ${answer.status}`
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
    }
  }
  const load = Array.from({ length: 8 }, (_, w) => worker(w))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  process.kill(pid, 'SIGTERM')
  await until(() => !isAlive(pid), 30_000, 'the stopped instance gone')
  await new Promise((resolve) => setTimeout(resolve, 1000))
  running = false
  await Promise.all(load)

  expect([...statuses.keys()].sort()).toEqual(['GET 200', 'POST 200'])
  expect(statuses.get('POST 200')).toBeGreaterThan(100)

  // Its sockets were told 1001 (going away); opened again through the proxy, they are on the other instance.
  const codes = await Promise.all(
    lines.map((line) =>
      Promise.race([line.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 100))]),
    ),
  )
  expect(codes.filter((code) => code === 1001)).toHaveLength(onStopping)
  lines = await Promise.all(lines.map((line, i) => (codes[i] === 1001 ? openLine() : line)))
  expect(await socketsOn(cluster.apps[1])).toBe(lines.length)
  await sendAndHear('重启后也收到了', lines)
}, 90_000)

test('one address is held to the API ceiling; another is not, nor are the payment notices', async () => {
  const started = Date.now()
  const burst = await Promise.all(
    Array.from({ length: 450 }, () => call('GET', '/api/web/game/list', { from: '127.0.2.1' })),
  )
  const seconds = (Date.now() - started) / 1000
  const passed = burst.filter((answer) => answer.status === 200).length
  const refused = burst.filter((answer) => answer.status === 429)
  expect(passed + refused.length).toBe(450)
  // docker-compose.yml's and the cluster's ceiling: 30 a second, 300 at once.
  expect(passed).toBeLessThanOrEqual(301 + Math.ceil(30 * seconds))
  expect(refused.length).toBeGreaterThan(0)
  expect(JSON.parse(refused[0].text)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: { retryAfter: 1 } })
  expect(refused[0].headers['retry-after']).toBe('1')

  expect((await call('GET', '/api/web/game/list', { from: '127.0.2.2' })).status).toBe(200)
  // Right after, from the same address: twenty notices all reach an instance, twenty lists mostly do not.
  const [notices, lists] = await Promise.all(
    ['POST /api/pay/notify/alipay', 'GET /api/web/game/list'].map((request) => {
      const [method, url] = request.split(' ')
      return Promise.all(
        Array.from({ length: 20 }, () =>
          call(method, url, { from: '127.0.2.1', body: method === 'POST' ? {} : undefined }),
        ),
      )
    }),
  )
  expect(notices.filter((answer) => answer.status === 429)).toHaveLength(0)
  expect(lists.filter((answer) => answer.status === 429).length).toBeGreaterThan(10)
})

test('with no instance left, the API answers in its envelope and a page in Chinese', async () => {
  for (const line of lines) line.socket.close()
  const pid = pidOf(cluster.apps[1])
  process.kill(pid, 'SIGTERM')
  await until(() => !isAlive(pid), 30_000, 'the second instance gone')

  const api = await call('GET', '/api/web/game/list')
  expect(api.status).toBe(503)
  expect(JSON.parse(api.text)).toEqual({ code: 503, msg: '服务暂时不可用，请稍后再试' })
  const page = await call('GET', '/index/home')
  expect(page.status).toBe(503)
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(page.text).toContain('服务暂时不可用，请稍后刷新')
})
