/**
 * bench/ws: 1,000 open deal-room WebSockets on one instance, and how long a message takes to reach them.
 *
 * The real server (local mode, demo data) on a private PostgreSQL 15 and Redis, as deployed: a message is
 * committed, claimed from the outbox, published on Redis and pushed by the instance to its sockets. Two shapes
 * of the same `--sockets`, one after the other on one server:
 * - mixed: `--members` sockets as the demo buyer and seller (members hear every message of their rooms) and
 *   the rest as the demo service desk, each watching one of the demo's deal rooms;
 * - every socket a member of every room: each message goes to all of them (the most a message can fan out).
 * The desk writes `--rate` messages a second, round the rooms, for `--seconds`: every socket in a message's
 * room must receive it, and the delay from the moment it was sent (its POST) to its arrival is recorded for
 * every socket.
 *
 *   npm run bench:ws                                   # 1,000 sockets, 5 messages/s for 60 s, both shapes
 *   npm run bench:ws -- --sockets 200 --seconds 10 --no-write
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import type { DealSocketOut } from '../../src/contract/dealRoom'
import { signInDemoStaff, signInDemoUser } from '../lib/demo'
import { percentile } from '../lib/load'
import { startPostgres } from '../lib/postgres'
import { onCleanup, runMain, startServer, tempDir } from '../lib/proc'
import { startRedis } from '../lib/redis'
import { markdownTable, ms, runInfo, writeSection } from '../lib/results'

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    members: { type: 'string', default: '100' },
    rate: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '60' },
    'no-write': { type: 'boolean', default: false },
  },
})
const SOCKETS = Number(args.sockets)
const RATE = Number(args.rate)
const SECONDS = Number(args.seconds)
const P99_TARGET_MS = 100

interface Reader {
  /** The rooms whose messages this socket must receive. */
  rooms: Set<number>
  received: Map<number, number>
}

/** Opens a socket as `token` (watching `watch` if staff) and resolves once the server says it is ready. */
function openSocket(url: string, token: string, watch: number | null, reader: Reader): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const timer = setTimeout(() => reject(new Error('socket not ready in 30 s')), 30_000)
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
    socket.on('error', reject)
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as DealSocketOut
      if (frame.type === 'ready') {
        if (watch !== null) socket.send(JSON.stringify({ type: 'watch', orderId: watch }))
        clearTimeout(timer)
        resolve(socket)
      } else if (frame.type === 'message') reader.received.set(frame.message.id, performance.now())
      else if (frame.type === 'error') reject(new Error(frame.message))
    })
  })
}

interface ServerFigures {
  rssMb: number
  heapMb: number
  sockets: number
}

/** The server's own figures from /metrics (local mode serves them to loopback). */
async function serverFigures(origin: string): Promise<ServerFigures> {
  const text = await (await fetch(`${origin}/metrics`)).text()
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  return {
    rssMb: value('process_resident_memory_bytes') / 2 ** 20,
    heapMb: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    sockets: value('websocket_connections'),
  }
}

interface Tokens {
  buyer: string
  seller: string
  staff: string
}

interface Outcome {
  shape: string
  messages: number
  deliveries: number
  missing: number
  refused: number
  delays: Float64Array
  openSeconds: number
  open: ServerFigures
  after: ServerFigures
}

/** One shape: `members` member sockets and the rest watching one room each; the desk's messages; then all closed. */
async function scenario(origin: string, tokens: Tokens, rooms: number[], members: number): Promise<Outcome> {
  const url = `${origin.replace(/^http/, 'ws')}/api/ws`
  const readers: Reader[] = []
  const sockets: WebSocket[] = []
  const closeAll = onCleanup(() => sockets.forEach((s) => s.terminate()))
  const opening = performance.now()
  // In batches, as phones would come and go: not a thousand handshakes in one instant.
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = []
    for (let j = i; j < Math.min(SOCKETS, i + 50); j++) {
      const member = j < members
      const watch = member ? null : rooms[j % rooms.length]
      const reader: Reader = { rooms: new Set(member ? rooms : [watch!]), received: new Map() }
      readers.push(reader)
      batch.push(openSocket(url, member ? (j % 2 ? tokens.seller : tokens.buyer) : tokens.staff, watch, reader))
    }
    sockets.push(...(await Promise.all(batch)))
  }
  const openSeconds = (performance.now() - opening) / 1000
  // The watch frames are handled after `ready`: let them land before the first message.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const open = await serverFigures(origin)
  const shape =
    members >= SOCKETS ? 'every socket in every room' : `${members} members, ${SOCKETS - members} watching one room`
  console.log(`  ${shape}: ${SOCKETS} sockets open in ${openSeconds.toFixed(1)} s; the server holds ${open.sockets}`)

  const sent = new Map<number, { at: number; room: number }>()
  let refused = 0
  const started = performance.now()
  const posts: Promise<void>[] = []
  for (let n = 0; n < Math.round(RATE * SECONDS); n++) {
    const wait = started + (n * 1000) / RATE - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const room = rooms[n % rooms.length]
    const at = performance.now()
    posts.push(
      fetch(`${origin}/api/admin/orders/${room}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.staff}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: `bench-${randomBytes(6).toString('hex')}`,
          text: `第 ${n + 1} 条：请双方确认换绑进度`,
        }),
      }).then(async (response) => {
        const body = (await response.json()) as { data?: { id: number } }
        if (body.data) sent.set(body.data.id, { at, room })
        else refused++
      }),
    )
  }
  await Promise.all(posts)
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const after = await serverFigures(origin)

  const delays: number[] = []
  let deliveries = 0
  let missing = 0
  for (const reader of readers)
    for (const [id, { at, room }] of sent) {
      if (!reader.rooms.has(room)) continue
      deliveries++
      const arrived = reader.received.get(id)
      if (arrived === undefined) missing++
      else delays.push(arrived - at)
    }
  for (const socket of sockets) socket.close()
  await closeAll()
  // Let the server see every close before the next shape counts its sockets.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return {
    shape,
    messages: sent.size,
    deliveries,
    missing,
    refused,
    delays: Float64Array.from(delays).sort(),
    openSeconds,
    open,
    after,
  }
}

runMain(async () => {
  const data = tempDir('haoanxin-bench-ws-')
  const postgres = await startPostgres()
  const redisUrl = await startRedis()
  const server = await startServer({ dataDir: data.dir, databaseUrl: postgres.url, redisUrl })
  const origin = server.origin
  const idle = await serverFigures(origin)

  const tokens = {
    buyer: await signInDemoUser(origin, 'buyer'),
    seller: await signInDemoUser(origin, 'seller'),
    staff: await signInDemoStaff(origin, 'service'),
  }
  const rooms = (
    (await (
      await fetch(`${origin}/api/need/dealRooms`, { headers: { authorization: `Bearer ${tokens.buyer}` } })
    ).json()) as { data: { order: { id: number } }[] }
  ).data.map((room) => room.order.id)
  if (rooms.length === 0) throw new Error('the demo has no deal room')

  const outcomes = [
    await scenario(origin, tokens, rooms, Math.min(Number(args.members), SOCKETS)),
    await scenario(origin, tokens, rooms, SOCKETS),
  ]
  await server.stop()
  await postgres.stop()
  await data.remove()

  const p99 = (o: Outcome) => percentile(o.delays, 99)
  const serverRow = (label: string, f: ServerFigures) => [label, f.sockets, f.rssMb.toFixed(0), f.heapMb.toFixed(0)]
  const met = (o: Outcome) => p99(o) <= P99_TARGET_MS && o.missing === 0 && o.refused === 0
  const markdown = [
    '## WebSockets: 1,000 deal-room sockets on one instance (`bench/ws`)',
    '',
    runInfo(),
    "- the server (local mode, demo data) on a private PostgreSQL 15 and Redis; the bench's sockets and sender on the same 2 cores",
    `- ${SOCKETS} sockets over the ${rooms.length} demo deal rooms, opened 50 at a time, each signed in; the service desk ` +
      `writes ${RATE} messages/s round the rooms for ${SECONDS} s`,
    "- delivery: from the message's POST to its arrival at a socket, for every socket in its room",
    '',
    markdownTable(
      ['shape', 'messages', 'deliveries', 'missing', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p99 / target'],
      outcomes.map((o) => [
        o.shape,
        o.messages,
        o.deliveries,
        o.missing,
        ms(percentile(o.delays, 50)),
        ms(percentile(o.delays, 95)),
        ms(p99(o)),
        ms(o.delays[o.delays.length - 1] ?? NaN),
        (p99(o) / P99_TARGET_MS).toFixed(2),
      ]),
    ),
    '',
    markdownTable(
      ['server', 'sockets', 'RSS MB', 'heap MB'],
      [
        serverRow('idle', idle),
        ...outcomes.flatMap((o) => [
          serverRow(`${o.shape}: open`, o.open),
          serverRow(`${o.shape}: after the messages`, o.after),
        ]),
      ],
    ),
    '',
    `Opening all ${SOCKETS}: ${outcomes.map((o) => `${o.openSeconds.toFixed(1)} s`).join(', ')}; messages refused: ${outcomes.map((o) => o.refused).join(', ')}.`,
    '',
    '### Target',
    '',
    markdownTable(
      ['target', 'measured', 'measured / target', ''],
      outcomes.map((o) => [
        `${SOCKETS} sockets (${o.shape}): p99 delivery ≤ ${P99_TARGET_MS} ms, none missing`,
        `${ms(p99(o))} ms, ${o.missing} missing`,
        (p99(o) / P99_TARGET_MS).toFixed(2),
        met(o) ? 'met' : '**missed**',
      ]),
    ),
  ].join('\n')
  console.log(`\n${markdown}`)
  if (!args['no-write']) writeSection('ws', markdown)
})
