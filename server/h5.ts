/**
 * Serves the H5 build (`taro build --type h5`): each of the 47 page URLs answers index.html and the
 * client router takes over (history mode); hashed bundles are cached for good. Routes and redirects
 * come from the client's own table, so the server can never disagree with the app about a URL.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HOME_URL, pagePath, redirects, routes } from '../src/routes'
import { SHELL_CSS, shellHtml } from './shell'

export interface H5Build {
  dir: string
  indexHtml: string
  /** index.html for each page URL, asking at once for the page's own scripts and styles (preload.json). */
  pageHtml: Map<string, string>
  /** CSP sources (`'sha256-…'`) of the inline scripts of index.html, so no 'unsafe-inline' is needed. */
  scriptHashes: string[]
}

const HASHED_ASSET_DIRS = ['js', 'css']
const IMMUTABLE = 'public, max-age=31536000, immutable'
const NOT_BUILT =
  'H5 页面尚未构建。请先运行 npm run build:h5，再重启服务器（npm start 会自动构建）。\n' +
  'The H5 client is not built: run `npm run build:h5`, then restart the server (`npm start` builds it for you).\n'

const SERVER_PREFIXES = ['/api', '/dev', '/uploads']

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/**
 * The page's chunks as `<link rel="preload">` before `</head>`: the browser fetches them beside app.js
 * rather than after it has run and the router has asked for them (the webpack runtime then finds them
 * loaded or on their way). At low priority: ahead of app.js (a deferred script, itself low) they took its
 * bandwidth and put off the first paint (Lighthouse FCP 1.3 → 1.5–1.9 s); beside it, FCP 0.8 s, LCP 2.6 s.
 */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html
  const links = files
    .map(
      (file) =>
        `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low">`,
    )
    .join('')
  return html.replace('</head>', `${links}</head>`)
}

/**
 * Read once at start; undefined when the client has not been built yet. `headScripts` are loaded before
 * the app's own (local mode: the stand-in for WeChat's in-browser bridge).
 */
export function loadH5Build(dir: string, headScripts: string[] = []): H5Build | undefined {
  let indexHtml: string
  try {
    indexHtml = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
  } catch {
    return undefined
  }
  // Deferred like the app's own, and before them, so it still runs first without holding up the first paint.
  const scripts = headScripts.map((src) => `<script defer src="${src}"></script>`).join('')
  indexHtml = indexHtml.replace('<head>', `<head>${scripts}`).replace('</head>', `<style>${SHELL_CSS}</style></head>`)
  // Written by the build (config/h5Assets.ts); a build without it still works, without preloads.
  let chunks: Record<string, string[]> = {}
  try {
    chunks = JSON.parse(fs.readFileSync(path.join(dir, 'preload.json'), 'utf8'))
  } catch {
    // no manifest: no preloads
  }
  // Each page's HTML paints its shell at once (server/shell.ts) and asks for its own chunks.
  const pageHtml = new Map(
    routes.map((route) => [
      route.url,
      withPreloads(
        indexHtml.replace('<body>', `<body>${shellHtml(route)}`),
        chunks[pagePath(route.name).slice(1)] ?? [],
      ),
    ]),
  )
  return { dir, indexHtml, pageHtml, scriptHashes: inlineScriptHashes(indexHtml) }
}

function pathname(url: string): string {
  return url.split(/[?#]/)[0]
}

const pageUrls = new Set(routes.map((route) => route.url))

/** A URL that a person may have typed or bookmarked, as opposed to an asset or an API call. */
export function isPageUrl(url: string): boolean {
  const p = pathname(url)
  if (SERVER_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return false
  return !path.posix.basename(p).includes('.')
}

/** Unknown page URLs go home (the seed's behaviour); `/index/home/` still reaches its page. */
export function redirectPage(request: FastifyRequest, reply: FastifyReply) {
  const trimmed = pathname(request.url).replace(/\/+$/, '')
  return reply.redirect(pageUrls.has(trimmed) ? trimmed : HOME_URL, 302)
}

export async function h5Routes(app: FastifyInstance, { build }: { build: H5Build | undefined }): Promise<void> {
  const hide = { schema: { hide: true } }

  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, hide, (request, reply) => {
      const query = request.url.slice(pathname(request.url).length)
      return reply.redirect(`${to}${query}`, 302)
    })
  }

  for (const url of pageUrls) {
    app.get(url, hide, (_request, reply) => {
      if (!build) {
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT)
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(build.pageHtml.get(url) ?? build.indexHtml)
    })
  }

  if (build) {
    await app.register(fastifyStatic, {
      root: build.dir,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (config/h5Assets.ts).
      preCompressed: true,
      setHeaders(reply, file) {
        const top = path.relative(build.dir, file).split(path.sep)[0]
        reply.header('cache-control', HASHED_ASSET_DIRS.includes(top) ? IMMUTABLE : 'no-cache')
      },
    })
  }
}
