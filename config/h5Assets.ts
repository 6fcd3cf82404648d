// What the server needs of the H5 build besides the files (server/h5.ts):
// - `preload.json`: the scripts and styles of each page's own chunks, by page (`pages/home/index`), so the
//   HTML of a page URL can ask for them at once instead of after app.js has run (bench/web: the chunks of
//   the first page were a second round trip before anything was drawn);
// - a `.br` and a `.gz` beside every text asset (config/precompress.ts).
import type { Compiler } from 'webpack'
import { precompress, worthCompressing } from './precompress'

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
              .filter(([name, source]) => worthCompressing(name, source.size()))
              .map(async ([name, source]) => {
                const { br, gz } = await precompress(source.buffer())
                compilation.emitAsset(`${name}.br`, new RawSource(br))
                compilation.emitAsset(`${name}.gz`, new RawSource(gz))
              }),
          )
        },
      )
    })
  }
}
