/**
 * Serves the staff console's build (`npm run build:admin`, admin/ → dist/admin): `/admin` and every URL
 * under it that is not an asset answer index.html, and the console's router takes over (history mode);
 * its hashed assets under `/admin/assets/` are cached for good, served precompressed.
 */
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

export const ADMIN_PREFIX = '/admin'
const IMMUTABLE = 'public, max-age=31536000, immutable'
const NOT_BUILT =
  '管理后台尚未构建。请先运行 npm run build:admin，再重启服务器（npm start 会自动构建）。\n' +
  'The staff console is not built: run `npm run build:admin`, then restart the server (`npm start` builds it for you).\n'

export async function adminConsole(app: FastifyInstance, { dir }: { dir: string }): Promise<void> {
  const indexHtml = fs.existsSync(path.join(dir, 'index.html'))
    ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
    : undefined
  const hide = { schema: { hide: true } }
  const page = (_request: unknown, reply: FastifyReply) =>
    indexHtml
      ? reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml)
      : reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT)
  app.get(ADMIN_PREFIX, hide, page)
  app.get(`${ADMIN_PREFIX}/*`, hide, page)
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: `${ADMIN_PREFIX}/assets/`,
      index: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    })
  }
}
