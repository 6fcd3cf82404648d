/**
 * The real process as `npm start` runs it (embedded database, after the H5 check): `server/main.ts`
 * through tsx, on a temporary DATA_DIR and a free port.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/freePort'
import { isAlive } from '../support/isAlive'
import { Client } from 'pg'
import WebSocket from 'ws'
import { startEmbedded } from '../../server/db'

const root = path.resolve(__dirname, '../..')
const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-process-')), 'data')
const lockFile = path.join(dataDir, 'server.pid')

function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      })
      .on('error', reject)
  })
}

interface Server {
  pid: number
  port: number
  output: () => string
  exited: Promise<number | null>
  kill: (signal: NodeJS.Signals) => void
}

async function startServer(): Promise<Server> {
  const port = await freePort()
  // The embedded path, as on a newcomer's machine, even in CI's PostgreSQL + Redis pass.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No HOST: the default a newcomer gets.
    env: { ...env, PORT: String(port), HOST: '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { pid: child.pid!, port, output: () => output, exited, kill: (signal) => child.kill(signal) }
}

async function waitForUrl(server: Server): Promise<void> {
  const url = `号安心 running at http://localhost:${server.port}`
  let exitCode: number | null | undefined
  void server.exited.then((code) => (exitCode = code))
  while (!server.output().includes(url)) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const embeddedChild = (serverPid: number): number | undefined => {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(serverPid)], { encoding: 'utf8' }).split('\n')
  const line = lines.find((l) => l.includes('server/db/embedded.ts'))
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined
}

/** Reads (and optionally changes) the stored service fee with the server stopped. */
async function withStoredData<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const embedded = await startEmbedded(path.join(dataDir, 'pglite'))
  const client = new Client({ connectionString: embedded.url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
    await embedded.stop()
  }
}

let first: Server
let second: Server | undefined

afterAll(() => {
  for (const server of [first, second]) if (server?.pid && isAlive(server.pid)) server.kill('SIGKILL')
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
})

describe('server/main.ts as a process', () => {
  test('starts on an empty DATA_DIR and prints the URL to open', async () => {
    first = await startServer()
    await waitForUrl(first)
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid))
  }, 60_000)

  test('a plain start listens on loopback only', () => {
    // /proc/net/tcp: local address as hex IPv4:port, state 0A = LISTEN.
    const port = first.port.toString(16).toUpperCase().padStart(4, '0')
    const listening = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${port}`))
      .map((fields) => fields[1].split(':')[0])
    expect(listening).toEqual(['0100007F'])
  })

  test('/api/ready answers with the database up', async () => {
    const { status, body } = await getJson(`http://127.0.0.1:${first.port}/api/ready`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 200, data: { status: 'ok', db: 'up', kv: 'memory' } })
  })

  test('a second server on the same DATA_DIR exits 1 with a clear message', async () => {
    const second = await startServer()
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`数据目录 ${dataDir} 正被另一个服务器进程（PID ${first.pid}）使用。`)
    expect(second.output()).toContain('set DATA_DIR to another directory')
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid))
  }, 30_000)

  test('SIGTERM drains — a request in hand is answered, a live socket is told 1001 — then exits 0 after stopping the embedded database and removing the lock', async () => {
    const child = embeddedChild(first.pid)
    expect(child).toBeDefined()
    const socket = new WebSocket(`ws://127.0.0.1:${first.port}/api/ws`)
    await once(socket, 'open')
    const closeCode = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    // A request whose body is still on its way when the signal arrives.
    const body = JSON.stringify({ username: 'nobody', password: 'x' })
    const request = net.connect(first.port, '127.0.0.1')
    let answer = ''
    request.on('data', (chunk) => (answer += chunk))
    const answered = once(request, 'end')
    request.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    first.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    request.end(body.slice(5))
    await answered
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(await closeCode).toBe(1001)
    expect(await first.exited).toBe(0)
    expect(isAlive(child!)).toBe(false)
    expect(fs.existsSync(lockFile)).toBe(false)
  }, 30_000)

  test('a restart on the same DATA_DIR reopens the persisted data', async () => {
    await withStoredData((client) => client.query(`update settings set value = '4321' where key = 'serviceFee'`))

    const restarted = (second = await startServer())
    await waitForUrl(restarted)
    const { body } = await getJson(`http://127.0.0.1:${restarted.port}/api/ready`)
    expect(body).toMatchObject({ data: { db: 'up' } })
    restarted.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)

    const stored = await withStoredData(async (client) => ({
      fee: (await client.query(`select value from settings where key = 'serviceFee'`)).rows[0].value,
      migrations: Number((await client.query('select count(*) from drizzle.__drizzle_migrations')).rows[0].count),
    }))
    // Every migration applied once, none again on the restart.
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8'))
    expect(stored).toEqual({ fee: 4321, migrations: journal.entries.length })
  }, 60_000)
})
