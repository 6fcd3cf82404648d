import { randomBytes } from 'node:crypto'
import { Client } from 'pg'
import { and, eq } from 'drizzle-orm'
import { connectDatabase, startEmbedded, type Database } from '../../../server/db'
import { auditLog } from '../../../server/db/schema'

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A database of its own on the PostgreSQL of DATABASE_URL, dropped on close. */
async function onPostgres(adminUrl: string, maxConnections: number): Promise<Database> {
  const name = `haoanxin_test_${process.pid}_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return connectDatabase({
    kind: 'postgres',
    url: url.toString(),
    maxConnections,
    stop: () => adminQuery(adminUrl, `drop database "${name}" with (force)`),
  })
}

/**
 * An in-memory PGlite in the same child process and behind the same pool of one as `npm start`. (In
 * jest's module sandbox PGlite cannot load at all: its CommonJS build uses dynamic `import()`.)
 */
async function onPGlite(): Promise<Database> {
  const embedded = await startEmbedded('memory://')
  return connectDatabase({ kind: 'embedded', url: embedded.url, maxConnections: 1, stop: embedded.stop })
}

/**
 * A fresh, migrated database for one test file; `close()` it in afterAll. `maxConnections` sizes the
 * PostgreSQL pool (races need several); the embedded database always has the one connection it has in production.
 */
export function createTestDatabase(options: { maxConnections?: number } = {}): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL
  return adminUrl ? onPostgres(adminUrl, options.maxConnections ?? 5) : onPGlite()
}

/** The audit log's actions on one subject, oldest first. */
export async function auditActions(database: Database, subjectType: string, subjectId: number): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(auditLog.id)
  return rows.map((row) => row.action)
}

/**
 * A digest of every table's rows but the sessions' (which each call's sign-in and use move on): equal before and
 * after a request exactly when the request changed nothing. One statement over every table.
 */
export async function stateDigest(database: Database): Promise<Record<string, string>> {
  const { rows: tables } = await database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
  )
  const { rows } = await database.pool.query<{ name: string; md5: string }>(
    tables
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
      )
      .join(' union all '),
  )
  return Object.fromEntries(rows.map((row) => [row.name, row.md5]))
}
