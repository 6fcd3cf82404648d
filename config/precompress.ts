// A `.br` (quality 11) and a `.gz` (level 9) beside every text asset of 1 KB or more, served as they are
// (@fastify/static `preCompressed`): smaller than compressing each response on the fly, and no CPU per
// request. Used by both builds: the H5's webpack plugin (config/h5Assets.ts) and the console's Vite config.
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/
const MIN_BYTES = 1024

export function worthCompressing(name: string, bytes: number): boolean {
  return COMPRESSIBLE.test(name) && bytes >= MIN_BYTES
}

export async function precompress(body: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length }
  const [br, gz] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })])
  return { br, gz }
}
