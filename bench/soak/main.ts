/**
 * bench/soak: the real server on a private PostgreSQL under steady mixed traffic — visitors listing, searching
 * and opening listings, a signed-in buyer reading orders and messages and keeping and dropping favourites — at a
 * fixed rate (open loop: requests go out on schedule whether or not the last ones came back). Every window the
 * server's own /metrics are sampled (resident memory, heap used, event-loop delay p99, the pool) with the
 * window's latencies. The verdict: no growth trend (heap and RSS slope over the second half of the run, per
 * hour, against 10 % of their level) and a stable p99 (the last window's against the first's, ≤ 1.5×).
 *
 *   npm run bench:soak                         # 30 minutes at 40 requests a second
 *   npm run bench:soak -- --minutes 3 --no-write
 */
import { parseArgs } from 'node:util'
import { percentile } from '../lib/load'
import { startPostgres } from '../lib/postgres'
import { runMain, startServer, tempDir } from '../lib/proc'
import { markdownTable, ms, runInfo, writeSection } from '../lib/results'
import { signInDemoUser } from '../lib/demo'

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    rate: { type: 'string', default: '40' },
    window: { type: 'string', default: '60' },
    'no-write': { type: 'boolean', default: false },
  },
})
const MINUTES = Number(args.minutes)
const RATE = Number(args.rate)
const WINDOW_S = Math.min(Number(args.window), (MINUTES * 60) / 3)

interface Sample {
  minute: number
  requests: number
  errors: number
  p50: number
  p99: number
  rssMb: number
  heapMb: number
  loopP99Ms: number
  poolOpen: number
  poolWaiting: number
}

/** One value of a Prometheus text exposition, by metric name (and label text, when given). */
function metric(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}${labels} `) || row.startsWith(`${name}${labels}{`))
  return line ? Number(line.split(' ').pop()) : NaN
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length
  const mx = points.reduce((s, [x]) => s + x, 0) / n
  const my = points.reduce((s, [, y]) => s + y, 0) / n
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0)
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0)
  return sxx === 0 ? 0 : sxy / sxx
}

runMain(async () => {
  const { dir } = tempDir('haoanxin-soak-')
  const postgres = await startPostgres()
  const server = await startServer({ dataDir: dir, databaseUrl: postgres.url })
  const { origin } = server
  const token = await signInDemoUser(origin, 'buyer')
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const gameIds = (
    ((await (await fetch(`${origin}/api/web/game/list`)).json()) as { data: { id: number }[] }).data ?? []
  ).map((game) => game.id)
  const listing = (
    (
      (await (
        await fetch(`${origin}/api/web/good/allList`, { method: 'POST', headers: auth, body: '{"pageSize":50}' })
      ).json()) as { rows: { id: number }[] }
    ).rows ?? []
  ).map((row) => row.id)
  if (gameIds.length === 0 || listing.length === 0) throw new Error('the demo catalogue is empty')

  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]
  /** The mix, by weight: what one request does. */
  const mix: [number, () => Promise<Response>][] = [
    [
      30,
      () =>
        fetch(`${origin}/api/web/good/allList`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ gameId: pick(gameIds), pageNum: 1 + Math.floor(Math.random() * 5) }),
        }),
    ],
    [
      10,
      () =>
        fetch(`${origin}/api/web/good/allList`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ keyword: pick(['王者', '原神', '全皮肤', '国服', '满级']) }),
        }),
    ],
    [25, () => fetch(`${origin}/api/web/good/${pick(listing)}`)],
    [5, () => fetch(`${origin}/api/web/game/list`)],
    [5, () => fetch(`${origin}/api/web/recentlydeal?pageNum=1&pageSize=10`)],
    [10, () => fetch(`${origin}/api/need/myOrder?pageNum=1&pageSize=10`, { headers: auth })],
    [10, () => fetch(`${origin}/api/need/message/list?pageNum=1&pageSize=10`, { headers: auth })],
    [
      5,
      () =>
        fetch(`${origin}/api/web/goods/${Math.random() < 0.5 ? 'collect' : 'collect/remove'}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ goodsId: pick(listing) }),
        }),
    ],
  ]
  const total = mix.reduce((sum, [weight]) => sum + weight, 0)
  const request = () => {
    let roll = Math.random() * total
    for (const [weight, call] of mix) if ((roll -= weight) < 0) return call()
    return mix[0][1]()
  }

  const samples: Sample[] = []
  let latencies: number[] = []
  let errors = 0
  const started = performance.now()
  const end = started + MINUTES * 60_000
  // Every 100 ms a tenth of the second's requests, fired without waiting for the last ones.
  const ticker = setInterval(() => {
    for (let i = 0; i < RATE / 10; i++) {
      const t0 = performance.now()
      void request()
        .then(async (response) => {
          await response.arrayBuffer()
          if (response.status >= 500) errors++
          latencies.push(performance.now() - t0)
        })
        .catch(() => errors++)
    }
  }, 100)
  console.log(`soak: ${MINUTES} min at ${RATE} requests/s, a sample every ${WINDOW_S} s`)
  while (performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000))
    const window = Float64Array.from(latencies).sort()
    const window_errors = errors
    latencies = []
    errors = 0
    const text = await (await fetch(`${origin}/metrics`)).text()
    const sample: Sample = {
      minute: (performance.now() - started) / 60_000,
      requests: window.length,
      errors: window_errors,
      p50: percentile(window, 50),
      p99: percentile(window, 99),
      rssMb: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
      heapMb: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
      loopP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      poolOpen: metric(text, 'db_pool_connections'),
      poolWaiting: metric(text, 'db_pool_waiting'),
    }
    samples.push(sample)
    console.log(
      `${sample.minute.toFixed(1)} min: ${sample.requests} req, p50 ${ms(sample.p50)} ms, p99 ${ms(sample.p99)} ms, ` +
        `rss ${sample.rssMb.toFixed(0)} MB, heap ${sample.heapMb.toFixed(0)} MB, loop p99 ${ms(sample.loopP99Ms)} ms, ` +
        `pool ${sample.poolOpen}/${sample.poolWaiting} waiting, ${sample.errors} errors`,
    )
  }
  clearInterval(ticker)

  // The trend over the second half: the first half includes warming caches and JIT.
  const late = samples.slice(Math.floor(samples.length / 2))
  const perHour = (read: (s: Sample) => number) => slope(late.map((s) => [s.minute / 60, read(s)]))
  const heapLevel = late.reduce((sum, s) => sum + s.heapMb, 0) / late.length
  const rssLevel = late.reduce((sum, s) => sum + s.rssMb, 0) / late.length
  const heapTrend = perHour((s) => s.heapMb)
  const rssTrend = perHour((s) => s.rssMb)
  const p99Drift = samples[samples.length - 1].p99 / samples[0].p99
  const errorsTotal = samples.reduce((sum, s) => sum + s.errors, 0)
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**')
  const targets: (string | number)[][] = [
    [
      'heap growth ≤ 10 % of its level per hour',
      `${heapTrend.toFixed(1)} MB/h of ${heapLevel.toFixed(0)} MB`,
      (heapTrend / (0.1 * heapLevel)).toFixed(2),
      verdict(heapTrend <= 0.1 * heapLevel),
    ],
    [
      'RSS growth ≤ 10 % of its level per hour',
      `${rssTrend.toFixed(1)} MB/h of ${rssLevel.toFixed(0)} MB`,
      (rssTrend / (0.1 * rssLevel)).toFixed(2),
      verdict(rssTrend <= 0.1 * rssLevel),
    ],
    ['p99, last window / first ≤ 1.5', p99Drift.toFixed(2), (p99Drift / 1.5).toFixed(2), verdict(p99Drift <= 1.5)],
    ['no 5xx or failed request', errorsTotal, errorsTotal === 0 ? '0' : '∞', verdict(errorsTotal === 0)],
  ]
  const report = [
    '## Soak: steady mixed traffic (`bench/soak`)',
    '',
    runInfo(),
    `- the real server on a private PostgreSQL 15 (Unix socket), demo data; ${RATE} requests/s for ${MINUTES} min, open loop; mix: lists by game 30 %, keyword search 10 %, detail 25 %, games 5 %, recent deals 5 %, my orders 10 %, my messages 10 %, keep/drop a favourite 5 %`,
    `- sampled every ${WINDOW_S} s from the server's own /metrics; trends are least-squares slopes over the second half`,
    '',
    markdownTable(
      [
        'minute',
        'requests',
        'p50 ms',
        'p99 ms',
        'RSS MB',
        'heap MB',
        'event-loop p99 ms',
        'pool open',
        'pool waiting',
        'errors',
      ],
      samples.map((s) => [
        s.minute.toFixed(1),
        s.requests,
        ms(s.p50),
        ms(s.p99),
        s.rssMb.toFixed(0),
        s.heapMb.toFixed(0),
        ms(s.loopP99Ms),
        s.poolOpen,
        s.poolWaiting,
        s.errors,
      ]),
    ),
    '',
    '### Targets',
    '',
    markdownTable(['target', 'measured', 'measured / target', ''], targets),
  ].join('\n')
  console.log(`\n${report}`)
  if (!args['no-write']) writeSection('soak', report)
  await server.stop()
  await postgres.stop()
})
