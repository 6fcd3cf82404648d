/**
 * Reads a mini-program build (dist/<target>) for what makes it run, not just compile:
 * - app.json lists every route and declares the tab bar (custom, with its component, except on Alipay);
 * - the bundle talks to the absolute API_BASE it was built with;
 * - no page draws the H5 header or brand bar over the app's own navigation bar;
 * - the project settings transpile the bundle's syntax (es6) for older clients;
 * - list pages refresh when pulled down, and a listing can be shared.
 * Usage: API_BASE=https://… tsx scripts/check-mini-build.ts weapp|qq|alipay  (after npm run build:<target>)
 */
import fs from 'node:fs'
import path from 'node:path'
import { routes, TABS } from '../src/routes'

const target = process.argv[2]
const dir = path.join(__dirname, '..', 'dist', target ?? '')
const problems: string[] = []
const check = (ok: boolean, problem: string) => ok || problems.push(problem)

if (!['weapp', 'qq', 'alipay'].includes(target ?? '') || !fs.existsSync(path.join(dir, 'app.json'))) {
  console.error(`usage: check-mini-build.ts weapp|qq|alipay, after npm run build:<target> (${dir} has no app.json)`)
  process.exit(2)
}

interface TabItem {
  pagePath: string
}
const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as {
  pages: string[]
  tabBar?: { custom?: boolean; customize?: boolean; list?: TabItem[]; items?: TabItem[] }
}
check(app.pages.length === routes.length, `app.json lists ${app.pages.length} pages, the routes are ${routes.length}`)
const tabs = (app.tabBar?.list ?? app.tabBar?.items ?? []).map((item) => item.pagePath)
check(
  JSON.stringify(tabs) === JSON.stringify(TABS.map((tab) => `pages/${tab.name}/index`)),
  `app.json's tab bar is ${JSON.stringify(tabs)}, not the tabs of src/routes.ts`,
)
if (target !== 'alipay') {
  check(app.tabBar?.custom === true, 'the tab bar is not the custom one')
  check(fs.existsSync(path.join(dir, 'custom-tab-bar', 'index.js')), 'custom-tab-bar was not built')
}

// Lists refresh when pulled; a listing can be shared (Alipay names these settings its own way).
if (target !== 'alipay') {
  const pageJson = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, 'pages', name, 'index.json'), 'utf8')) as Record<string, unknown>
  for (const list of ['goodList', 'finish', 'MyProducts', 'Mybrowsing', 'xiaoxi']) {
    check(pageJson(list).enablePullDownRefresh === true, `${list} does not refresh when pulled down`)
  }
  // Taro keeps the share switches in the page's script, where they add onShareAppMessage/onShareTimeline.
  const detail = fs.readFileSync(path.join(dir, 'pages', 'goodDetail', 'index.js'), 'utf8')
  check(/enableShareAppMessage:!0/.test(detail) && /enableShareTimeline:!0/.test(detail), 'goodDetail cannot be shared')
}

const bundle = fs
  .readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.js'))
  .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
  .join('\n')
const apiBase = process.env.API_BASE ?? ''
check(/^https?:\/\/[^/\s]+$/.test(apiBase), `API_BASE ${JSON.stringify(apiBase)} is not an absolute site address`)
check(Boolean(apiBase) && bundle.includes(apiBase), `the bundle does not use API_BASE ${apiBase}`)
for (const h5Only of ['page-header__title', 'brand-bar__logo', 'tab-bar" role']) {
  check(!bundle.includes(h5Only), `the bundle draws the H5-only ${h5Only.split('"')[0]} (a second header or tab bar)`)
}

if (target !== 'alipay') {
  const project = JSON.parse(fs.readFileSync(path.join(dir, 'project.config.json'), 'utf8')) as {
    setting?: { es6?: boolean }
  }
  const modern = /\?\.|\?\?|=>|`/.test(bundle)
  check(
    !modern || project.setting?.es6 === true,
    'the bundle uses ES2015+ syntax but project.config.json has es6: false',
  )
}

const size = Math.round(Buffer.byteLength(bundle) / 1024)
if (problems.length > 0) {
  console.error(`${target}: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`${target}: ${app.pages.length} pages, tab bar of ${tabs.length}, API ${apiBase}, ${size} KB of JS — ok`)
