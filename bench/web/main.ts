/**
 * bench/web: what a phone downloads, when it first paints on a slow network, and how Lighthouse rates
 * it, against the real server and the built H5 client (dist/h5) and staff console (dist/admin; each built first only when missing, or with
 * --build).
 *
 *   npm --prefix bench run web                    # first-load JS of /index/home + Lighthouse × 3 per page
 *   npm --prefix bench run web -- --runs 1        # one Lighthouse run per page
 *
 * Options: --runs N (Lighthouse runs per page, the median is kept; 0 skips Lighthouse) · --paint-runs N (slow-4G
 * first paints per page, default 3) · --build · --no-write.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import type { Game, GoodsCard } from '../../src/contract/catalogue'
import { onCleanup, ROOT, run, runMain, startServer, tempDir } from '../lib/proc'
import { signInDemoUser } from '../lib/demo'
import { markdownTable, runInfo, writeSection } from '../lib/results'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'paint-runs': { type: 'string', default: '3' },
    build: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
})

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const FIRST_LOAD_BUDGET = 130 * 1024
/**
 * The staff console's first screen (its sign-in, at a desk): plain antd and React, the pro components and
 * every screen left to later chunks. Measured 220 KB gzipped when the console was built (antd's form,
 * input, modal/message and theme code are most of it); the budget leaves room for one more widget.
 */
const CONSOLE_FIRST_SCREEN_BUDGET = 240 * 1024
const CONSOLE_PAGE = '/admin/'
const SCORE_TARGET = 95
/** Lighthouse's "good" first contentful paint on mobile. */
const FCP_TARGET_MS = 1800

/**
 * Lighthouse's slow 4G as DevTools applies it (its `mobileSlow4G` with devtools throttling: the request
 * latency, 90 % of the throughput) and its 4× CPU slowdown, on a fresh browser context (nothing cached).
 */
const SLOW_4G = { latency: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpu: 4 }

interface FirstPaint {
  /** first-contentful-paint, ms from navigation. */
  fcp: number
  /** When app.js had arrived (its responseEnd): the app cannot paint before it. */
  script: number
}

/** First paint against the arrival of app.js, throttled to slow 4G; the median of `runs` by FCP. */
async function throttledFirstPaint(url: string, runs: number): Promise<FirstPaint> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
  const close = onCleanup(() => browser.close())
  try {
    const all: FirstPaint[] = []
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_4G.latency,
        downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
        uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpu })
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 })
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
      all.push(
        await page.evaluate(() => ({
          fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0].startTime),
          script: Math.round(
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
              /\/js\/app\.[\w]+\.js$/.test(r.name),
            )?.responseEnd ?? NaN,
          ),
        })),
      )
      await context.close()
    }
    const sorted = all.sort((a, b) => a.fcp - b.fcp)
    return sorted[Math.floor(sorted.length / 2)]
  } finally {
    await close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length

interface Script {
  url: string
  bytes: number
  gzip: number
  /** What the server sent it as (content-encoding). */
  encoding: string
}

/** Every JavaScript response while the page loads, until the network is quiet; on a phone unless `desktop`. */
async function firstLoadScripts(url: string, desktop = false): Promise<Script[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
  const close = onCleanup(() => browser.close())
  try {
    const page = await browser.newPage(
      desktop ? { viewport: { width: 1440, height: 900 } } : { viewport: { width: 375, height: 812 }, isMobile: true },
    )
    const pending: Promise<Script>[] = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      const contentType = response.headers()['content-type'] ?? ''
      if (type !== 'script' && !contentType.includes('javascript')) return
      // The local stand-ins (/dev/…) are not served in production.
      if (new URL(response.url()).pathname.startsWith('/dev/')) return
      pending.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzip: gzipSize(body),
          encoding: response.headers()['content-encoding'] ?? 'identity',
        })),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip)
  } finally {
    await close()
  }
}

interface Rating {
  score: number
  metrics: Record<string, number>
}

const METRICS: [string, string][] = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
]

/** A page Lighthouse rates, and the session it is opened with (null: a visitor). */
interface Rated {
  url: string
  token: string | null
}

/**
 * Lighthouse's default (mobile, simulated slow 4G and 4× CPU slowdown), performance only; the median run.
 * Lighthouse would clear the origin's storage, and with it a signed-in page's session: each run instead starts
 * from an emptied browser cache (every byte fetched again, as Lighthouse's own reset does) with the page's
 * session, or none, in the client's storage.
 */
async function lighthouseRuns(pages: Rated[], runs: number): Promise<Rating[]> {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS })
  const kill = onCleanup(() => chrome.kill())
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  const prepare = async ({ url, token }: Rated) => {
    const page = await browser.contexts()[0].newPage()
    await page.goto(new URL('/api/health', url).href)
    await page.evaluate((value) => {
      if (value === null) localStorage.removeItem('token')
      // As the client stores it (Taro's H5 storage wraps a value in {data}).
      else localStorage.setItem('token', JSON.stringify({ data: value }))
    }, token)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.close()
  }
  try {
    const ratings: Rating[] = []
    for (const rated of pages) {
      const all: Rating[] = []
      for (let i = 0; i < runs; i++) {
        await prepare(rated)
        const result = await lighthouse(
          rated.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          { extends: 'lighthouse:default', settings: { disableStorageReset: true } },
        )
        if (!result) throw new Error(`Lighthouse returned nothing for ${rated.url}`)
        const { lhr } = result
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${rated.url}: ${lhr.runtimeError.message}`)
        const metrics = Object.fromEntries(METRICS.map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? NaN]))
        all.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), metrics })
        console.log(`  Lighthouse ${rated.url}: ${all.at(-1)!.score}`)
      }
      ratings.push(all.sort((a, b) => a.score - b.score)[Math.floor(all.length / 2)])
    }
    return ratings
  } finally {
    await browser.close()
    await kill()
  }
}

function lighthouseTable(pages: string[], ratings: Rating[]): string[] {
  return [
    '',
    '### Lighthouse performance (mobile)',
    '',
    markdownTable(
      ['page', 'score', ...METRICS.map(([, name]) => (name === 'CLS' ? name : `${name} ms`))],
      pages.map((p, i) => [
        p,
        ratings[i].score,
        ...METRICS.map(([, name]) =>
          name === 'CLS' ? ratings[i].metrics[name].toFixed(3) : ratings[i].metrics[name].toFixed(0),
        ),
      ]),
    ),
  ]
}

runMain(async () => {
  if (args.build || !fs.existsSync(path.join(ROOT, 'dist', 'h5', 'index.html'))) await run('npm', ['run', 'build:h5'])
  if (args.build || !fs.existsSync(path.join(ROOT, 'dist', 'admin', 'index.html')))
    await run('npm', ['run', 'build:admin'])
  const data = tempDir('haoanxin-bench-web-')
  const server = await startServer({ dataDir: data.dir })
  const api = async <T>(route: string, body?: object): Promise<T> => {
    const response = await fetch(server.origin + route, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    })
    const json = (await response.json()) as { data?: T; rows?: T }
    return (json.data ?? json.rows) as T
  }
  const game = (await api<Game[]>('/api/web/game/list')).find((g) => g.onSaleCount > 0)
  if (!game) throw new Error('the demo catalogue has no goods on sale')
  const [goods] = await api<GoodsCard[]>('/api/web/good/allList', { gameId: game.id, pageSize: 1 })
  const pages = ['/index/home', `/index/goodList?gameId=${game.id}`, `/index/goodDetail?id=${goods.id}`, '/index/sell']
  // A signed-in page too: the demo buyer's newest order.
  const token = await signInDemoUser(server.origin, 'buyer')
  const myOrders = await fetch(`${server.origin}/api/need/myOrder?pageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const [order] = ((await myOrders.json()) as { rows: { id: number }[] }).rows
  if (!order) throw new Error('the demo buyer has no order')
  const rated: Rated[] = [
    ...pages.map((p) => ({ url: server.origin + p, token: null })),
    { url: `${server.origin}/index/orderDetail?id=${order.id}`, token },
  ]
  const ratedPages = rated.map((r) => r.url.slice(server.origin.length))

  const scripts = await firstLoadScripts(server.origin + pages[0])
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0)
  const raw = scripts.reduce((sum, s) => sum + s.bytes, 0)
  console.log(`  first-load JS of ${pages[0]}: ${kb(total)} gzipped (${scripts.length} files)`)
  const consoleScripts = await firstLoadScripts(server.origin + CONSOLE_PAGE, true)
  const consoleTotal = consoleScripts.reduce((sum, s) => sum + s.gzip, 0)
  console.log(`  first-screen JS of the console ${CONSOLE_PAGE}: ${kb(consoleTotal)} gzipped`)
  const runs = Number(args.runs)
  const paintRuns = Number(args['paint-runs'])
  const paints: FirstPaint[] = []
  for (const p of pages) {
    paints.push(await throttledFirstPaint(server.origin + p, paintRuns))
    console.log(`  slow 4G ${p}: first paint ${paints.at(-1)!.fcp} ms, app.js at ${paints.at(-1)!.script} ms`)
  }
  const ratings = runs > 0 ? await lighthouseRuns(rated, runs) : []
  await server.stop()
  await data.remove()

  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**')
  const markdown = [
    '## Web: first-load JS and Lighthouse (`bench/web`)',
    '',
    runInfo(),
    `- client: dist/h5 as built (${new Date(fs.statSync(path.join(ROOT, 'dist', 'h5', 'index.html')).mtimeMs).toISOString().replace(/\.\d+Z$/, 'Z')}), ` +
      'served by the real server (embedded PGlite, demo catalogue)',
    `- first load: Debian Chromium (playwright-core) at 375×812 opens ${pages[0]} until the network is quiet; ` +
      'every JavaScript response, gzip -9 of its decoded body',
    `- Lighthouse ${runs} run(s) a page, the median score; default mobile settings (simulated slow 4G, 4× CPU slowdown); ` +
      'each run from an empty browser cache; orderDetail signed in as the demo buyer',
    '',
    `### First-load JS of ${pages[0]}: ${kb(total)} gzipped (${kb(raw)} raw, ${scripts.length} files)`,
    '',
    markdownTable(
      ['file', 'raw', 'gzip -9', 'sent as'],
      scripts.map((s) => [s.url, kb(s.bytes), kb(s.gzip), s.encoding]),
    ),
    '',
    `### First-screen JS of the staff console (${CONSOLE_PAGE}, its sign-in, at 1440×900): ${kb(consoleTotal)} gzipped`,
    '',
    markdownTable(
      ['file', 'raw', 'gzip -9', 'sent as'],
      consoleScripts.map((s) => [s.url, kb(s.bytes), kb(s.gzip), s.encoding]),
    ),
    '',
    `### First paint on slow 4G (DevTools: ${SLOW_4G.latency} ms latency, ${SLOW_4G.downloadKbps} kbps down, ${SLOW_4G.cpu}× CPU; median of ${paintRuns})`,
    '',
    'The server paints the app shell into each page (server/shell.ts): the first paint comes before the script.',
    '',
    markdownTable(
      ['page', 'first paint ms', 'app.js arrived ms', 'paint / script'],
      pages.map((p, i) => [p, paints[i].fcp, paints[i].script, (paints[i].fcp / paints[i].script).toFixed(2)]),
    ),
    ...(ratings.length ? lighthouseTable(ratedPages, ratings) : []),
    '',
    '### Targets',
    '',
    markdownTable(
      ['target', 'measured', 'measured / target', ''],
      [
        [
          `first-load JS ≤ ${kb(FIRST_LOAD_BUDGET)} gzipped`,
          kb(total),
          (total / FIRST_LOAD_BUDGET).toFixed(2),
          verdict(total <= FIRST_LOAD_BUDGET),
        ],
        [
          `console first-screen JS ≤ ${kb(CONSOLE_FIRST_SCREEN_BUDGET)} gzipped`,
          kb(consoleTotal),
          (consoleTotal / CONSOLE_FIRST_SCREEN_BUDGET).toFixed(2),
          verdict(consoleTotal <= CONSOLE_FIRST_SCREEN_BUDGET),
        ],
        ...paints.map((paint, i) => [
          `first paint on slow 4G ≤ ${FCP_TARGET_MS} ms, before app.js: ${pages[i]}`,
          `${paint.fcp} ms`,
          (paint.fcp / FCP_TARGET_MS).toFixed(2),
          verdict(paint.fcp <= FCP_TARGET_MS && paint.fcp < paint.script),
        ]),
        ...ratings.map((rating, i) => [
          `Lighthouse ≥ ${SCORE_TARGET}: ${ratedPages[i]}`,
          String(rating.score),
          (rating.score / SCORE_TARGET).toFixed(2),
          verdict(rating.score >= SCORE_TARGET),
        ]),
      ],
    ),
  ].join('\n')
  console.log(`\n${markdown}`)
  if (!args['no-write']) writeSection('web', markdown)
})
