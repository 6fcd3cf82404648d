// What the server needs of the H5 build besides the files (server/h5.ts):
// - `preload.json`: the scripts and styles of each page's own chunks, by page (`pages/home/index`), so the
//   HTML of a page URL can ask for them at once instead of after app.js has run (bench/web: the chunks of
//   the first page were a second round trip before anything was drawn);
// - a `.br` (quality 11) and a `.gz` (level 9) beside every text asset of 1 KB or more, served as they are
//   (@fastify/static `preCompressed`): smaller than compressing each response on the fly, and no CPU per
//   request.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Compiler } from 'webpack'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/
const MIN_BYTES = 1024

/** Read by server/h5.ts under this name. */
const PRELOAD_MANIFEST = 'preload.json'

export class H5AssetsPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources
    compiler.hooks.thisCompilation.tap('H5AssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'H5AssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const pages: Record<string, string[]> = {}
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue
            const page = group.origins.map((o) => /(pages\/[^/]+\/index)/.exec(o.request ?? '')?.[1]).find(Boolean)
            if (!page) continue
            const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((f) => /\.(js|css)$/.test(f))
            pages[page] = [...new Set([...(pages[page] ?? []), ...files])].sort()
          }
          compilation.emitAsset(PRELOAD_MANIFEST, new RawSource(JSON.stringify(pages, null, 1)))
        },
      )
      compilation.hooks.processAssets.tapPromise(
        { name: 'H5AssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          await Promise.all(
            Object.entries(assets)
              .filter(([name, source]) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES)
              .map(async ([name, source]) => {
                const body = source.buffer()
                const params = {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                }
                const [br, gz] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })])
                compilation.emitAsset(`${name}.br`, new RawSource(br))
                compilation.emitAsset(`${name}.gz`, new RawSource(gz))
              }),
          )
        },
      )
    })
  }
}
