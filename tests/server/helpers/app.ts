import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../../../server/app'
import type { AppDeps } from '../../../server/deps'
import { loadConfig } from '../../../server/config'
import type { Database } from '../../../server/db'
import { createLocalIdVerifier } from '../../../server/lib/idVerifier'
import { createMemoryKv, type KvStore } from '../../../server/lib/kv'
import { createLocalSms } from '../../../server/lib/sms'
import { createVault } from '../../../server/lib/vault'
import { createPaymentGateways } from '../../../server/modules/payments'

/**
 * An app on a given database with in-memory KV (or the `kv` given, closed with the app), the local SMS outbox (silent), fresh vault and lookup keys, the
 * local payment gateways (the production adapters with a production env), a temporary DATA_DIR and,
 * unless given, no H5 or console build. `app.deps` exposes what it was built with.
 */
export function createTestApp(
  database: Database,
  options: {
    h5Dir?: string
    adminDir?: string
    logger?: AppDeps['logger']
    env?: NodeJS.ProcessEnv
    kv?: KvStore
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-test-data-'))
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, ...options.env }),
    h5Dir: options.h5Dir ?? path.join(os.tmpdir(), 'haoanxin-no-h5-build'),
    adminDir: options.adminDir ?? path.join(os.tmpdir(), 'haoanxin-no-admin-build'),
  }
  const payments = createPaymentGateways(config)
  const deps = {
    config,
    payments,
    database,
    kv: options.kv ?? createMemoryKv(),
    vault: createVault({ keys: { test: randomBytes(32) }, activeKid: 'test' }),
    lookupKey: randomBytes(32),
    sms: createLocalSms(() => undefined),
    idVerifier: createLocalIdVerifier(),
    logger: options.logger,
  }
  const app = buildApp(deps)
  app.addHook('onClose', async () => {
    await deps.kv.close()
    await payments.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  return Object.assign(app, { deps })
}
