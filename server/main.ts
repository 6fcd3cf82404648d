/**
 * Process entry (`npm start` runs it after building the client; `npm run dev:server` directly):
 * config → data-dir lock (embedded database only) → database → KV → app → listen. SIGTERM/SIGINT close everything in reverse
 * order and exit 0; the embedded database is stopped and awaited before the lock is released.
 */
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { buildApp, type App } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase, type Database } from './db'
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './lib/dataDirLock'
import { createIdVerifier } from './lib/idVerifier'
import { openKvStore, type KvStore } from './lib/kv'
import { loggerOptions } from './lib/logging'
import { createSmsSender } from './lib/sms'
import { createVault, loadLookupKey, loadVaultKeys } from './lib/vault'
import { startSweeper } from './sweeper'
import { createPaymentGateways, type PaymentChannels } from './modules/payments'
import { seedCatalogue } from './seed/catalogue'
import { seedContent } from './seed/content'
import { seedDemoAppraisals } from './seed/appraisals'
import { seedDemoDeletion } from './seed/deletion'
import { seedDemoMerchant } from './seed/merchants'
import { seedDemoRecycling } from './seed/recycling'
import { seedDemoTicket } from './seed/tickets'
import { seedDemoTrades } from './seed/trades'
import { demoAccountsText, seedDemoUsers, type DemoAccount } from './seed/users'

const LOOPBACK_OR_ANY = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']

function startupMessage(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    return (
      `端口 ${config.port} 已被占用。请停止占用它的程序，或用 PORT 指定另一个端口。\n` +
      `Port ${config.port} is already in use: stop that program or set PORT to another port.`
    )
  }
  return `服务器启动失败 / the server could not start: ${error instanceof Error ? error.message : String(error)}`
}

async function main(): Promise<void> {
  let config: Config
  let lock: DataDirLock | undefined
  try {
    config = loadConfig()
    // The lock guards the embedded database's directory; instances on one PostgreSQL share DATA_DIR's uploads.
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir)
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error
    console.error(error.message)
    process.exit(1)
  }

  // Filled as each part opens, so that a stop during start-up closes exactly what exists.
  const opened: {
    database?: Database
    kv?: KvStore
    app?: App
    payments?: PaymentChannels
    sweeper?: ReturnType<typeof startSweeper>
  } = {}
  let stopping: Promise<void> | undefined

  const stop = (exitCode: number) =>
    (stopping ??= (async () => {
      // A signal during start-up waits for what is being opened, so nothing is left running on the data dir.
      await starting.catch(() => undefined)
      try {
        // The proxy is let go first (lib/drain.ts) while the sweeper finishes its run.
        await Promise.all([opened.app?.drain(), opened.sweeper?.stop()])
        await opened.app?.close()
        await opened.payments?.close()
        await opened.kv?.close()
        await opened.database?.close()
      } catch (error) {
        console.error(error)
        exitCode = exitCode || 1
      }
      lock?.release()
      process.exit(exitCode)
    })())
  process.once('SIGTERM', () => void stop(0))
  process.once('SIGINT', () => void stop(0))

  const start = async () => {
    // KV first: a wrong REDIS_URL fails in milliseconds, before the database spends seconds starting.
    const kv = (opened.kv = await openKvStore(config.redisUrl))
    const database = (opened.database = await openDatabase(config, {
      onEmbeddedExit: (code) => {
        console.error(
          `嵌入式数据库进程意外退出（退出码 ${code}），服务器停止。The embedded database exited unexpectedly.`,
        )
        void stop(1)
      },
    }))
    const vault = createVault(
      loadVaultKeys({
        envValue: config.vaultKeys,
        keyFile: path.join(config.dataDir, 'keys', 'vault.json'),
        production: !config.devTools,
      }),
    )
    const lookupKey = loadLookupKey({
      envValue: config.lookupHashKey,
      keyFile: path.join(config.dataDir, 'keys', 'lookup-hash.key'),
      production: !config.devTools,
    })
    let demoAccounts: DemoAccount[] = []
    if (config.devTools) {
      demoAccounts = await seedDemoUsers(
        database.db,
        { vault, lookupKey },
        { randomStaffPasswords: config.localModeOnNetwork },
      )
      await seedCatalogue(database.db, { dataDir: config.dataDir, vault })
      await seedDemoMerchant(database.db)
      await seedDemoDeletion(database.db)
      await seedDemoAppraisals(database.db, config.dataDir)
      await seedContent(database.db, { dataDir: config.dataDir, lookupKey })
    }
    const payments = (opened.payments = createPaymentGateways(config, {
      log: (message) => opened.app?.log.warn(message),
    }))
    const app = (opened.app = buildApp({
      config,
      database,
      kv,
      vault,
      lookupKey,
      sms: createSmsSender(config),
      idVerifier: createIdVerifier(config),
      payments,
      logger: loggerOptions(config.logLevel),
    }))
    await app.listen({ port: config.port, host: config.host })
    if (config.devTools) {
      const { port } = app.server.address() as AddressInfo
      const origin = `http://127.0.0.1:${port}`
      const deps = { db: database.db, payments, vault, log: app.log, dataDir: config.dataDir }
      await seedDemoTrades(deps, origin)
      await seedDemoRecycling({ ...deps, lookupKey }, origin)
      await seedDemoTicket({ ...deps, lookupKey })
    }
    // First run at once: whatever fell due while the server was down is done now. Locally every 15 s, so a
    // payout that falls due in the demo is made within the minute.
    opened.sweeper = startSweeper({ db: database.db, payments, vault, log: app.log }, config.devTools ? 15_000 : 30_000)
    return { app, database, kv, demoAccounts }
  }
  const starting = start()
  let running: Awaited<typeof starting>
  try {
    running = await starting
  } catch (error) {
    console.error(startupMessage(error, config))
    return stop(1)
  }

  const { port } = running.app.server.address() as AddressInfo
  const host = LOOPBACK_OR_ANY.includes(config.host) ? 'localhost' : config.host
  const where =
    running.database.kind === 'embedded' ? `嵌入式 PGlite（${config.dataDir}）` : 'PostgreSQL（DATABASE_URL）'
  console.log(`数据库：${where}；KV：${running.kv.kind === 'redis' ? 'Redis' : '内存'}`)
  if (config.devTools) console.log(demoAccountsText(running.demoAccounts))
  if (config.localModeOnNetwork) {
    console.warn(
      `警告：本地模式正在 ${config.host} 上对网络开放（LOCAL_MODE_ON_NETWORK=true）。演示支付与短信发件箱仍只对本机开放，` +
        '客服账号使用上面的随机密码；不要在公网这样运行。\n' +
        'Warning: local mode is reachable from the network. /dev tools still answer loopback only; never run it like this in public.',
    )
  }
  console.log(`号安心 running at http://${host}:${port}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
