import { fork } from 'node:child_process'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { Pool } from 'pg'
import type { Config } from '../config'
import type { EmbeddedMessage } from './embedded'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

/**
 * What repository and service functions take: the database or a transaction. Inside
 * `db.transaction(tx => …)` every query must go through `tx`: on PGlite a query through `db` waits for
 * the transaction to end and deadlocks forever; on PostgreSQL it silently runs outside the transaction.
 */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>

export interface Database {
  kind: 'embedded' | 'postgres'
  pool: Pool
  db: Db
  close(): Promise<void>
}

const migrationsFolder = path.join(__dirname, 'migrations')
const projectRoot = path.resolve(__dirname, '../..')
// Any fixed number: it only has to be the same in every instance that may migrate at the same time.
const MIGRATION_LOCK = 7_246_117

/**
 * A unique index refused the write (`constraint`: that index). drizzle wraps the driver's error; PostgreSQL's
 * own carries the code and the index name.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string }
  return cause.code === '23505' && (constraint === undefined || cause.constraint === constraint)
}

export async function pingDatabase(executor: Executor): Promise<void> {
  await executor.execute(sql`select 1`)
}

/** Applies pending migrations; instances starting together against one PostgreSQL take turns. */
export async function migrateDatabase(pool: Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}

/** Pools, migrates and wraps a database that something else started; `stop` runs after the pool has ended. */
export async function connectDatabase(options: {
  kind: Database['kind']
  url: string
  maxConnections: number
  stop?: () => Promise<void>
}): Promise<Database> {
  const pool = new Pool({
    connectionString: options.url,
    max: options.maxConnections,
    // PGlite serves one connection: keep it instead of reconnecting after every idle spell.
    idleTimeoutMillis: options.kind === 'embedded' ? 0 : 10_000,
    // JIT compiles a plan whose estimated cost passes 100 000 — a count or a deep page at a million
    // listings — spending ~10 ms to save less than that: never worth it for these short statements.
    options: options.kind === 'postgres' ? '-c jit=off' : undefined,
  })
  // An idle connection that breaks (database restarted) must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error(`数据库连接中断：${error.message}`))
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      try {
        await pool.end()
      } finally {
        await options.stop?.()
      }
    })())
  try {
    await migrateDatabase(pool)
  } catch (error) {
    await close()
    throw error
  }
  return { kind: options.kind, pool, db: drizzle({ client: pool, schema }), close }
}

const EMBEDDED_START_TIMEOUT_MS = 120_000
const EMBEDDED_STOP_TIMEOUT_MS = 15_000

/**
 * Forks server/db/embedded.ts on `dir` (a directory, or `memory://` for tests) and resolves once it
 * listens on its private Unix socket. `onUnexpectedExit` fires if the child dies later without being stopped.
 */
export async function startEmbedded(
  dir: string,
  onUnexpectedExit?: (code: number | null) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = fork(path.join(__dirname, 'embedded.ts'), [], {
    // `--import tsx` resolves from the working directory: the project root, wherever the server was started.
    cwd: projectRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PGLITE_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own process group: Ctrl-C in a terminal reaches only the server, which finishes its requests
    // before stopping the database. If the server dies instead, the closed IPC channel stops the child.
    detached: true,
  })
  let ready = false
  let stopping = false
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  void exited.then((code) => {
    if (ready && !stopping) onUnexpectedExit?.(code)
  })

  const stop = async () => {
    stopping = true
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    // PGlite checkpoints on close; only a child that hangs well past that is killed outright.
    const timer = setTimeout(() => child.kill('SIGKILL'), EMBEDDED_STOP_TIMEOUT_MS)
    await exited
    clearTimeout(timer)
  }

  let timer: NodeJS.Timeout | undefined
  try {
    const socketDir = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`嵌入式数据库 ${EMBEDDED_START_TIMEOUT_MS / 1000} 秒内没有启动（${dir}）`)),
        EMBEDDED_START_TIMEOUT_MS,
      )
      child.on('message', (message: EmbeddedMessage) => {
        if (message.type === 'ready') resolve(message.socketDir)
        else reject(new Error(`嵌入式数据库启动失败（${dir}）：${message.message}`))
      })
      void exited.then((code) => reject(new Error(`嵌入式数据库进程退出（退出码 ${code}），目录 ${dir}`)))
    })
    ready = true
    // node-postgres takes a directory as `host` for a Unix socket (`<dir>/.s.PGSQL.5432`).
    return { url: `postgres://postgres@/postgres?host=${encodeURIComponent(socketDir)}`, stop }
  } catch (error) {
    await stop()
    throw error
  } finally {
    clearTimeout(timer)
  }
}

export interface OpenOptions {
  /** The embedded database process died while the server was running; nothing can be served any more. */
  onEmbeddedExit?: (code: number | null) => void
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    return connectDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: 10 })
  }
  const embedded = await startEmbedded(path.join(config.dataDir, 'pglite'), options.onEmbeddedExit)
  return connectDatabase({ kind: 'embedded', url: embedded.url, maxConnections: 1, stop: embedded.stop })
}
