import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { inlineScriptHashes, loadH5Build } from '../../server/h5'
import { SHELL_CSS, shellHtml } from '../../server/shell'
import { HOME_URL, redirects, routes, type RouteInfo } from '../../src/routes'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'

const INLINE_SCRIPT = 'document.documentElement.dataset.boot = "1"'
const INDEX_HTML =
  '<!doctype html><html><head><title>号安心</title>' +
  `<script>${INLINE_SCRIPT}</script><script defer src="/js/app.1a2b3c4d.js"></script>` +
  '<link href="/css/app.5e6f7a8b.css" rel="stylesheet"></head><body><div id="app"></div></body></html>'

/**
 * What a page is served as: the build's index.html with the shell's stylesheet, the page's own shell, and
 * in local mode the stand-in for the apps' bridges first.
 */
const pageHtml = (route: RouteInfo, bridge = true) =>
  INDEX_HTML.replace('<head>', bridge ? '<head><script defer src="/dev/jsbridge.js"></script>' : '<head>')
    .replace('</head>', `<style>${SHELL_CSS}</style></head>`)
    .replace('<body>', `<body>${shellHtml(route)}`)
const routeAt = (url: string) => routes.find((r) => r.url === url)!

/** A stand-in for `taro build --type h5`: index.html, js/, css/, static/. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-h5-'))
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'js/app.1a2b3c4d.js': `console.log(${JSON.stringify('x'.repeat(4000))})`,
    'css/app.5e6f7a8b.css': 'body{margin:0}',
    'static/images/logo.png': 'not really a png',
    'preload.json': JSON.stringify({ 'pages/home/index': ['css/8022.4afd7105.css', 'js/8022.94e9cf93.js'] }),
  }
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), content)
  }
  fs.writeFileSync(path.join(dir, 'js/app.1a2b3c4d.js.br'), zlib.brotliCompressSync(files['js/app.1a2b3c4d.js']))
  return dir
}

let database: Database
let app: App
let unbuilt: App
const h5Dir = fakeBuild()

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database, { h5Dir })
  unbuilt = createTestApp(database, { h5Dir: path.join(h5Dir, 'missing') })
})

afterAll(async () => {
  await app.close()
  await unbuilt.close()
  await database.close()
  fs.rmSync(h5Dir, { recursive: true, force: true })
})

describe('with an H5 build', () => {
  test('each of the 57 route URLs (the seed’s 47, the merchants’ two, the deal room, after-sale, 包赔, 评价, the seller’s page, a rental, a ticket and 注销账号) answers index.html, revalidated on every visit', async () => {
    expect(routes).toHaveLength(57)
    for (const route of routes) {
      const response = await app.inject(route.url)
      expect([route.url, response.statusCode]).toEqual([route.url, 200])
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
      if (route.url !== HOME_URL) expect(response.body).toBe(pageHtml(route))
    }
  })

  test('the stand-in bridge is added only where WeChat Pay is the local gateway', () => {
    expect(loadH5Build(h5Dir)!.pageHtml.get('/index/pay')).toBe(pageHtml(routeAt('/index/pay'), false))
  })

  test("a page's HTML preloads its own chunks (preload.json of the build)", async () => {
    const { body } = await app.inject(HOME_URL)
    expect(body).toBe(
      pageHtml(routeAt(HOME_URL)).replace(
        '</head>',
        '<link rel="preload" href="/css/8022.4afd7105.css" as="style" fetchpriority="low">' +
          '<link rel="preload" href="/js/8022.94e9cf93.js" as="script" fetchpriority="low"></head>',
      ),
    )
  })

  test('the shell paints each page before its script: the brand bar and tabs on tab pages, else the title', async () => {
    const home = (await app.inject(HOME_URL)).body
    expect(home).toContain('<span class="s-name">号安心</span>')
    expect(home).toContain('<span class="s-tab on">首页</span>')
    const mine = (await app.inject('/index/other/mycenter')).body
    expect(mine).toContain('<span class="s-title">个人中心</span>')
    expect(mine).toContain('<span class="s-tab on">我的</span>')
    const detail = (await app.inject('/index/goodDetail')).body
    expect(detail).toContain('<span class="s-title">商品详情</span>')
    expect(detail).not.toContain('class="s-tabs"')
    // Painted before app.js and the page's chunks are asked for; nothing in it runs.
    expect(home.indexOf('id="app-shell"')).toBeLessThan(home.indexOf('<div id="app">'))
    expect(shellHtml(routeAt(HOME_URL))).not.toMatch(/<script|<img|url\(/)
  })

  test.each(Object.entries(redirects))('%s answers 302 to %s, keeping the query', async (from, to) => {
    expect((await app.inject(from)).headers.location).toBe(to)
    const response = await app.inject(`${from}?from=qr`)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(`${to}?from=qr`)
  })

  test('an unknown page URL answers 302 to home; a known one with a trailing slash reaches its page', async () => {
    for (const url of ['/no/such/page', '/index/nothing', '/index/other/nothing?x=1']) {
      const response = await app.inject(url)
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 302, HOME_URL])
    }
    expect((await app.inject('/index/other/mycenter/')).headers.location).toBe('/index/other/mycenter')
  })

  test('hashed bundles are cached for a year as immutable; other files are revalidated', async () => {
    for (const url of ['/js/app.1a2b3c4d.js', '/css/app.5e6f7a8b.css']) {
      const response = await app.inject(url)
      expect([url, response.statusCode]).toEqual([url, 200])
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    const image = await app.inject('/static/images/logo.png')
    expect(image.statusCode).toBe(200)
    expect(image.headers['cache-control']).toBe('no-cache')
  })

  test('a bundle compressed by the build is sent as it is', async () => {
    const response = await app.inject({ url: '/js/app.1a2b3c4d.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(h5Dir, 'js/app.1a2b3c4d.js.br')))
  })

  test('bundles are gzip-compressed for clients that accept it', async () => {
    const response = await app.inject({ url: '/js/app.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers['content-encoding']).toBe('gzip')
  })

  test('a missing asset is 404, not the app shell', async () => {
    for (const url of ['/js/app.deadbeef.js', '/css/missing.css', '/favicon.ico', '/static/x.png']) {
      const response = await app.inject(url)
      expect([url, response.statusCode]).toEqual([url, 404])
    }
  })

  test('server paths are not pages: /api, /dev and /uploads stay 404', async () => {
    expect((await app.inject('/api/nothing')).json()).toEqual({ code: 404, msg: '接口不存在' })
    expect((await app.inject('/dev/nothing')).statusCode).toBe(404)
    expect((await app.inject('/uploads/a/b')).statusCode).toBe(404)
  })

  test('the CSP allows the inline scripts of index.html by hash, never by unsafe-inline', async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64')
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([`'sha256-${hash}'`])
    const csp = String((await app.inject(HOME_URL)).headers['content-security-policy'])
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '))
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`)
  })
})

describe('without an H5 build', () => {
  test('page URLs answer 503 with how to build it', async () => {
    const response = await unbuilt.inject('/index/home')
    expect(response.statusCode).toBe(503)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toContain('npm run build:h5')
  })

  test('redirects and the API still work', async () => {
    expect((await unbuilt.inject('/')).headers.location).toBe(HOME_URL)
    expect((await unbuilt.inject('/api/health')).statusCode).toBe(200)
  })
})
