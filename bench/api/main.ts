/**
 * bench/api: the goods list and detail under load through the real server, beside the same SQL run
 * directly (the floor), at several catalogue sizes on PostgreSQL 15 and on the embedded PGlite.
 *
 *   npm --prefix bench run api                                    # everything (≈ 20 min on 2 cores)
 *   npm --prefix bench run api -- --sizes 10000 --duration 5      # a quick look
 *
 * Options: --backends pg,pglite · --sizes N,… (both backends) · --pg-sizes · --pglite-sizes ·
 * --duration S and --warmup S per measurement · --connections N · --client wrk|node (the API's load generator;
 * wrk when installed) · --per-kind N (request bodies per list query) · --detail-ids N · --explain (EXPLAIN
 * ANALYZE one call of each query at each size) · --no-write (print only, leave RESULTS.md alone).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Pool } from 'pg'
import { Pool as HttpPool } from 'undici'
import { startEmbedded } from '../../server/db'
import { acquireDataDirLock } from '../../server/lib/dataDirLock'
import { runLoad, type LoadResult } from '../lib/load'
import { hasWrk, runWrk, type HttpCall } from '../lib/wrk'
import { startPostgres } from '../lib/postgres'
import { cleanEnv, onCleanup, run, runMain, startServer, tempDir } from '../lib/proc'
import { markdownTable, ms, runInfo, writeSection } from '../lib/results'
import { capturePlans, describePlan, replay } from './floor'
import { buildWorkloads, httpRequest, type Workload } from './workload'

const { values: args } = parseArgs({
  options: {
    backends: { type: 'string', default: 'pg,pglite' },
    sizes: { type: 'string' },
    'pg-sizes': { type: 'string', default: '10000,100000,1000000' },
    'pglite-sizes': { type: 'string', default: '10000,100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    client: { type: 'string', default: hasWrk() ? 'wrk' : 'node' },
    'per-kind': { type: 'string', default: '64' },
    'detail-ids': { type: 'string', default: '512' },
    explain: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
})
if (args.client !== 'wrk' && args.client !== 'node') throw new Error(`--client is wrk or node, not ${args.client}`)
if (args.client === 'wrk' && !hasWrk()) throw new Error('--client wrk: wrk is not installed (apt-get install wrk)')
const numbers = (text: string) => text.split(',').map((s) => Number(s.replace(/_/g, '')))
const load = {
  concurrency: Number(args.connections),
  seconds: Number(args.duration),
  warmupSeconds: Number(args.warmup),
}
/** What a phone's browser sends: responses are compressed as they would be for the app. */
const HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' }

interface Backend {
  key: 'pg' | 'pglite'
  name: string
  dataDir: string
  databaseUrl?: string
  /** A direct pool: PostgreSQL with one client per connection of the load, PGlite with the one it serves. */
  direct<T>(fn: (pool: Pool) => Promise<T>): Promise<T>
  stop(): Promise<void>
}

async function postgresBackend(): Promise<Backend> {
  const pg = await startPostgres()
  const data = tempDir('haoanxin-bench-pg-data-')
  return {
    key: 'pg',
    name: 'PostgreSQL 15',
    dataDir: data.dir,
    databaseUrl: pg.url,
    async direct(fn) {
      const pool = new Pool({ connectionString: pg.url, max: load.concurrency })
      // A connection still closing when the database is stopped is told so (57P01); the work is done by then.
      pool.on('error', (error) => console.warn(`  direct pool: ${error.message}`))
      try {
        return await fn(pool)
      } finally {
        await pool.end()
      }
    },
    stop: async () => {
      await pg.stop()
      await data.remove()
    },
  }
}

async function pgliteBackend(): Promise<Backend> {
  const data = tempDir('haoanxin-bench-pglite-')
  return {
    key: 'pglite',
    name: 'PGlite (embedded)',
    dataDir: data.dir,
    async direct(fn) {
      // The server is stopped: take its data directory the way it would, and serve it the same way.
      const lock = acquireDataDirLock(data.dir)
      const embedded = await startEmbedded(path.join(data.dir, 'pglite'))
      const stop = onCleanup(async () => {
        await embedded.stop()
        lock.release()
      })
      const pool = new Pool({ connectionString: embedded.url, max: 1 })
      try {
        return await fn(pool)
      } finally {
        await pool.end()
        await stop()
      }
    },
    stop: data.remove,
  }
}

async function seed(backend: Backend, goods: number): Promise<void> {
  const started = Date.now()
  await run('npm', ['run', '--silent', 'seed:bulk', '--', '--goods', String(goods)], {
    env: cleanEnv({ DATA_DIR: backend.dataDir, DATABASE_URL: backend.databaseUrl }),
  })
  console.log(`  seeded ${goods.toLocaleString('en')} goods in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

async function explain(pool: Pool, workloads: Workload[]): Promise<void> {
  for (const w of workloads) {
    const [plan] = await capturePlans(pool, w.calls.slice(0, 1))
    console.log(`\n── ${w.label}\n${describePlan(plan)}`)
    for (const statement of plan.flat()) {
      const { rows } = await pool.query(`explain (analyze, buffers) ${statement.config.text}`, statement.values)
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'))
    }
  }
}

interface Row {
  backend: string
  size: number
  workload: Workload
  api: LoadResult
  sql: LoadResult
}

/** The slowest call of a row, as it was asked (a detail id or a list body). */
function slowestCall(result: LoadResult, w: Workload): string {
  if (!result.slowest) return '–'
  const call = w.calls[result.slowest.n % w.calls.length]
  return `${ms(result.slowest.ms)} ms: ${call.kind === 'detail' ? `id ${call.id}` : JSON.stringify(call.body)}`
}

const summary = (r: LoadResult, w: Workload) =>
  `p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ${r.rate.toFixed(0)}/s; slowest ${slowestCall(r, w)}`

const sizeLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n))
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`

/** The API's load generator: wrk (C) when installed — it takes the shared cores' least — else Node's undici. */
interface Driver {
  run(requests: HttpCall[]): Promise<LoadResult>
  close(): Promise<void>
}

function wrkDriver(origin: string): Driver {
  return { run: (requests) => runWrk(origin, requests, HEADERS, load), close: async () => undefined }
}

function undiciDriver(origin: string): Driver {
  const http = new HttpPool(origin, { connections: load.concurrency })
  return {
    run: (requests) =>
      runLoad(async (n) => {
        const r = requests[n % requests.length]
        const response = await http.request({ ...r, headers: HEADERS })
        await response.body.arrayBuffer()
        if (response.statusCode !== 200)
          throw new Error(`${r.method} ${r.path} ${r.body ?? ''}: ${response.statusCode}`)
      }, load),
    close: () => http.close(),
  }
}

async function measureSize(backend: Backend, size: number): Promise<Row[]> {
  console.log(`\n${backend.name}, ${size.toLocaleString('en')} goods`)
  const existing = await backend.direct(async (pool) =>
    Number((await pool.query('select count(*) as n from goods')).rows[0].n),
  )
  if (existing < size) await seed(backend, size - existing)
  else if (existing > size) console.warn(`  the database already has ${existing.toLocaleString('en')} goods`)

  const server = await startServer({ dataDir: backend.dataDir, databaseUrl: backend.databaseUrl })
  const apiResults = new Map<string, LoadResult>()
  let workloads: Workload[]
  try {
    workloads = await buildWorkloads(server.origin, {
      perKind: Number(args['per-kind']),
      detailIds: Number(args['detail-ids']),
    })
    const drive = args.client === 'wrk' ? wrkDriver(server.origin) : undiciDriver(server.origin)
    try {
      for (const w of workloads) {
        const result = await drive.run(w.calls.map(httpRequest))
        apiResults.set(w.name, result)
        console.log(`  API ${w.label}: ${summary(result, w)}`)
      }
    } finally {
      await drive.close()
    }
  } finally {
    await server.stop()
  }

  return backend.direct(async (pool) => {
    const rows: Row[] = []
    for (const w of workloads) {
      const plans = await capturePlans(pool, w.calls)
      const sql = await runLoad((n) => replay(pool, plans[n % plans.length]), load)
      console.log(`  SQL ${w.label}: ${summary(sql, w)}`)
      rows.push({ backend: backend.name, size, workload: w, api: apiResults.get(w.name)!, sql })
    }
    if (args.explain) await explain(pool, workloads)
    return rows
  })
}

function report(rows: Row[]): string {
  const table = markdownTable(
    [
      'database',
      'goods',
      'query',
      'API p50',
      'API p99',
      'API req/s',
      'SQL p50',
      'SQL p99',
      'SQL ops/s',
      'API/SQL p50',
      // What the API adds to its statements, in time: unlike the ratio, it does not grow when the SQL gets cheaper.
      'API − SQL p50',
    ],
    rows.map((r) => [
      r.backend,
      sizeLabel(r.size),
      r.workload.label,
      ms(r.api.p50),
      ms(r.api.p99),
      r.api.rate.toFixed(0),
      ms(r.sql.p50),
      ms(r.sql.p99),
      r.sql.rate.toFixed(0),
      ratio(r.api.p50, r.sql.p50),
      ms(r.api.p50 - r.sql.p50),
    ]),
  )
  const errors = rows
    .flatMap((r) => [
      r.api.errors &&
        `${r.backend} ${sizeLabel(r.size)} ${r.workload.label}: ${r.api.errors} API errors (${r.api.firstError})`,
      r.sql.errors &&
        `${r.backend} ${sizeLabel(r.size)} ${r.workload.label}: ${r.sql.errors} SQL errors (${r.sql.firstError})`,
    ])
    .filter(Boolean)

  // Scaling: each list query's API p50 at the largest size over the smallest, per database.
  const scaling: (string | number)[][] = []
  for (const backend of [...new Set(rows.map((r) => r.backend))]) {
    const sizes = [...new Set(rows.filter((r) => r.backend === backend).map((r) => r.size))].sort((a, b) => a - b)
    if (sizes.length < 2) continue
    const at = (size: number, name: string) =>
      rows.find((r) => r.backend === backend && r.size === size && r.workload.name === name)!
    for (const w of rows.filter((r) => r.backend === backend && r.size === sizes[0]).map((r) => r.workload)) {
      const small = at(sizes[0], w.name)
      const large = at(sizes.at(-1)!, w.name)
      scaling.push([
        backend,
        w.label,
        ms(small.api.p50),
        ms(large.api.p50),
        ratio(large.api.p50, small.api.p50) + (small.workload.pastTheEnd ? ' (small: empty pages)' : ''),
      ])
    }
  }

  // Targets: PostgreSQL at its largest size (1M in a full run), 16 connections.
  const pgRows = rows.filter((r) => r.backend === 'PostgreSQL 15')
  const targets: (string | number)[][] = []
  if (pgRows.length) {
    const largest = Math.max(...pgRows.map((r) => r.size))
    const smallest = Math.min(...pgRows.map((r) => r.size))
    const at = pgRows.filter((r) => r.size === largest)
    const lists = at.filter((r) => r.workload.list)
    const worst = <T extends Row>(items: T[], value: (r: T) => number) =>
      items.reduce((a, b) => (value(b) > value(a) ? b : a))
    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**')
    const where = `PostgreSQL, ${sizeLabel(largest)}, ${load.concurrency} connections`
    const listP99 = worst(lists, (r) => r.api.p99)
    targets.push([
      `list p99 ≤ 50 ms (${where})`,
      `worst ${ms(listP99.api.p99)} ms (${listP99.workload.label})`,
      verdict(listP99.api.p99 <= 50),
    ])
    const detail = at.find((r) => r.workload.name === 'detail')
    if (detail)
      targets.push([`detail p99 ≤ 20 ms (${where})`, `${ms(detail.api.p99)} ms`, verdict(detail.api.p99 <= 20)])
    if (largest !== smallest) {
      const growth = (r: Row) =>
        r.api.p50 / pgRows.find((s) => s.size === smallest && s.workload.name === r.workload.name)!.api.p50
      // A page past the end at the small size (page 50 where every game has fewer than 1000 listings) is
      // an empty page: nothing to compare the large size's real page with.
      const emptyAtSmall = (r: Row) =>
        pgRows.find((s) => s.size === smallest && s.workload.name === r.workload.name)!.workload.pastTheEnd
      const comparable = lists.filter((r) => !emptyAtSmall(r))
      const left = lists.filter(emptyAtSmall).map((r) => r.workload.label)
      const worstGrowth = worst(comparable, growth)
      targets.push([
        `list p50 at ${sizeLabel(largest)} ≤ 2× p50 at ${sizeLabel(smallest)}`,
        `worst ${growth(worstGrowth).toFixed(2)}× (${worstGrowth.workload.label})` +
          (left.length ? `; not compared: ${left.join(', ')} (empty pages at ${sizeLabel(smallest)})` : ''),
        verdict(growth(worstGrowth) <= 2),
      ])
    }
    // Production and scale's target (it was 2× when the catalogue was built).
    const overhead = worst(at, (r) => r.api.p50 / r.sql.p50)
    targets.push([
      `API p50 ≤ 1.5× raw SQL p50 (${where})`,
      `worst ${ratio(overhead.api.p50, overhead.sql.p50)} (${overhead.workload.label})`,
      verdict(overhead.api.p50 / overhead.sql.p50 <= 1.5),
    ])
  }

  const largestPg = Math.max(...rows.filter((r) => r.backend === 'PostgreSQL 15').map((r) => r.size))
  const slowest = rows
    .filter((r) => r.backend === 'PostgreSQL 15' && r.size === largestPg)
    .map((r) => `- ${r.workload.label}: API ${slowestCall(r.api, r.workload)}; SQL ${slowestCall(r.sql, r.workload)}`)

  return [
    '## API: goods list and detail under load (`bench/api`)',
    '',
    runInfo(),
    `- load: ${load.concurrency} concurrent connections (API) / ${load.concurrency} concurrent clients (SQL), ` +
      `${load.warmupSeconds} s warm-up then ${load.seconds} s measured per row; latencies in ms`,
    '- API: the real server (`server/main.ts`, NODE_ENV unset) over HTTP keep-alive with `accept-encoding: gzip, deflate, br`; ' +
      'its pool holds 10 connections on PostgreSQL, 1 on PGlite',
    '- SQL: the statements the catalogue service issues for the same calls (captured from the service itself), ' +
      'replayed with node-postgres — on PGlite through its one connection, as the server has it',
    `- load generator: ${args.client === 'wrk' ? 'wrk (C, one thread; the slowest call is not known)' : 'undici (Node)'} ` +
      'for the API, node-postgres for the SQL; it, the server and the database share the same 2 cores',
    '',
    table,
    ...(errors.length ? ['', 'Errors:', ...errors.map((e) => `- ${e}`)] : []),
    ...(scaling.length
      ? [
          '',
          '### Scaling: API p50, largest over smallest catalogue',
          '',
          markdownTable(['database', 'query', 'p50 small', 'p50 large', 'ratio'], scaling),
        ]
      : []),
    ...(targets.length ? ['', '### Targets', '', markdownTable(['target', 'measured', ''], targets)] : []),
    ...(slowest.length ? ['', '### Slowest call of each row at the largest PostgreSQL size', '', ...slowest] : []),
  ].join('\n')
}

runMain(async () => {
  const backends = args.backends.split(',')
  const sizesFor = (key: 'pg' | 'pglite') => numbers(args.sizes ?? args[`${key}-sizes`])
  const rows: Row[] = []
  for (const key of ['pg', 'pglite'] as const) {
    if (!backends.includes(key)) continue
    const backend = key === 'pg' ? await postgresBackend() : await pgliteBackend()
    try {
      await seed(backend, 0) // migrations and the demo catalogue; the sizes are topped up from there
      for (const size of sizesFor(key).sort((a, b) => a - b)) rows.push(...(await measureSize(backend, size)))
    } finally {
      await backend.stop()
    }
  }
  const markdown = report(rows)
  console.log(`\n${markdown}`)
  if (!args['no-write']) writeSection('api', markdown)
})
