/**
 * bench/alerts: 搜索订阅's daily look at a large catalogue. On a private PostgreSQL 15 with `--goods` listings
 * (seed:bulk), it takes real filters — the biggest game; that game and a region; that game and a title word;
 * that game and a price range; every game — and looks for what was put on sale in the last day, through the
 * catalogue service itself (`listedSince`, the sweeper's call), its statements recorded and EXPLAINed. Each row:
 * how many listings were new, the look's p50 over `--runs`, its floor — the same filters' first page of the
 * goods list, newest first (`listGoods`, what a visitor's search costs) — the ratio, the indexes the plans use,
 * and whether any plan read goods by a sequential scan (the target: none).
 *
 *   npm run bench:alerts                                   # 1M listings, ≈ 10 min (most of it the seeding)
 *   npm run bench:alerts -- --goods 100000 --no-write      # a quick look
 */
import { parseArgs } from 'node:util'
import { Pool } from 'pg'
import type { SearchFilters } from '../../src/contract/catalogue'
import { LIST_TOTAL_CAP } from '../../src/contract/constants'
import { listedSince, listGoods } from '../../server/modules/catalogue/service'
import { describePlan, statementRecorder, type Plan } from '../api/floor'
import { startPostgres } from '../lib/postgres'
import { cleanEnv, onCleanup, run, runMain, tempDir } from '../lib/proc'
import { markdownTable, ms, runInfo, writeSection } from '../lib/results'

const { values: args } = parseArgs({
  options: {
    goods: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    'no-write': { type: 'boolean', default: false },
  },
})

const DAY_MS = 86_400_000
/** What a daily message names (SAVED_SEARCH_LIMITS.named) and what the floor's page holds. */
const NAMED = 3

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await fn()
    times.push(performance.now() - started)
  }
  return median(times)
}

/** The searches, from the seeded data: real ids, a real region path, a word of a real title. */
async function searches(pool: Pool): Promise<{ label: string; filters: SearchFilters }[]> {
  const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T
  const { game_id: gameId } = await one<{ game_id: number }>(
    `select game_id from goods where status = 'on_sale' group by game_id order by count(*) desc limit 1`,
  )
  const { region_ids: regions, title } = await one<{ region_ids: number[]; title: string }>(
    `select region_ids, title from goods where status = 'on_sale' and game_id = $1 and cardinality(region_ids) > 1
     order by id limit 1 offset 1000`,
    [gameId],
  )
  const word =
    title
      .replace(/【[^】]*】/g, '')
      .split(/\s+/)
      .find((w) => [...w].length >= 2) ?? '账号'
  return [
    { label: 'game', filters: { gameId } },
    { label: 'game + region', filters: { gameId, regionIds: regions.slice(0, 2) } },
    { label: `game + keyword “${word}”`, filters: { gameId, keyword: word } },
    { label: 'game + price ¥100–¥1000', filters: { gameId, priceMin: 10_000, priceMax: 100_000 } },
    { label: 'every game', filters: {} },
  ]
}

async function explain(pool: Pool, plan: Plan): Promise<string> {
  const out: string[] = []
  for (const statement of plan.flat()) {
    const { rows } = await pool.query(`explain (analyze, buffers) ${statement.config.text}`, statement.values)
    out.push(rows.map((r) => r['QUERY PLAN']).join('\n'))
  }
  return out.join('\n\n')
}

const indexesOf = (plans: string) => [
  ...new Set(
    [...plans.matchAll(/(?:Index (?:Only )?Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]),
  ),
]

runMain(async () => {
  const goods = Number(args.goods)
  const runs = Number(args.runs)
  const pg = await startPostgres()
  const data = tempDir('haoanxin-bench-alerts-')
  onCleanup(data.remove)
  const started = Date.now()
  await run('npm', ['run', '--silent', 'seed:bulk', '--', '--goods', String(goods)], {
    env: cleanEnv({ DATA_DIR: data.dir, DATABASE_URL: pg.url }),
  })
  console.log(`seeded ${goods.toLocaleString('en')} listings in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const pool = new Pool({ connectionString: pg.url, max: 4 })
  onCleanup(() => pool.end())
  await pool.query('analyze')

  const since = new Date(Date.now() - DAY_MS)
  const { db, cache, record } = statementRecorder(pool)
  const rows: (string | number)[][] = []
  const notes: string[] = []
  let scans = 0
  for (const { label, filters } of await searches(pool)) {
    const look = () => listedSince(db, cache, filters, since, NAMED)
    const floor = () => listGoods(db, cache, { ...filters, sort: 'time_desc', pageNum: 1, pageSize: NAMED })
    const { count } = await look()
    const plan = await record(look)
    const plans = await explain(pool, plan)
    const seq = /Seq Scan on goods/.test(plans)
    if (seq) scans++
    const [lookMs, floorMs] = [await timed(runs, look), await timed(runs, floor)]
    rows.push([
      label,
      count >= LIST_TOTAL_CAP ? `${LIST_TOTAL_CAP}+ (the count's cap)` : count.toLocaleString('en'),
      ms(lookMs),
      ms(floorMs),
      `${(lookMs / floorMs).toFixed(2)}×`,
      indexesOf(plans).join(', '),
      seq ? '**yes**' : 'no',
    ])
    notes.push(`#### ${label}\n\n\`\`\`\n${describePlan(plan)}\n\n${plans}\n\`\`\``)
    console.log(
      `${label}: ${count} new, look ${ms(lookMs)} ms, list ${ms(floorMs)} ms${seq ? ', SEQUENTIAL SCAN' : ''}`,
    )
  }
  const table = markdownTable(
    ['saved search', 'new in a day', 'look p50 ms', 'list page p50 ms (floor)', 'look / floor', 'indexes', 'seq scan'],
    rows,
  )
  const verdict =
    scans === 0 ? 'no sequential scan of goods: met' : `${scans} plan(s) scan goods sequentially: **missed**`
  console.log(`\n${table}\n\n${verdict}`)
  if (!args['no-write']) {
    writeSection(
      'alerts',
      [
        `### 搜索订阅: the daily look at ${goods.toLocaleString('en')} listings (PostgreSQL 15)`,
        runInfo(),
        table,
        `Target: ${verdict}.`,
        `<details><summary>Statements and EXPLAIN (ANALYZE, BUFFERS)</summary>\n\n${notes.join('\n\n')}\n\n</details>`,
      ].join('\n\n'),
    )
  }
})
