import os from 'node:os'
import path from 'node:path'
import { buildApp, type AppDeps } from '../../../server/app'
import { loadConfig } from '../../../server/config'
import type { Database } from '../../../server/db'
import { createMemoryKv } from '../../../server/lib/kv'

/** An app on a given database with in-memory KV and, unless given, no H5 build. */
export function createTestApp(database: Database, options: { h5Dir?: string; logger?: AppDeps['logger'] } = {}) {
  const config = { ...loadConfig({}), h5Dir: options.h5Dir ?? path.join(os.tmpdir(), 'haoanxin-no-h5-build') }
  const kv = createMemoryKv()
  const app = buildApp({ config, database, kv, logger: options.logger })
  app.addHook('onClose', () => kv.close())
  return app
}
