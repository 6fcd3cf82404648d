/**
 * `npm run backup` and its restore, as a person runs them: a data directory (or a PostgreSQL database) with
 * data in it is backed up, restored somewhere empty, and the restored copy holds the same rows, uploads and keys.
 * The embedded copy refuses while a server holds the directory, and a restore refuses a directory in use.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Client, type Pool } from 'pg'
import { connectDatabase, startEmbedded } from '../../server/db'

const root = path.resolve(__dirname, '../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-backup-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** Runs `npm run backup -- …` (scripts/backup.ts) with `env`; answers its exit code and output. */
async function backupScript(args: string[], env: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _url, ...base } = process.env
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
      cwd: root,
      env: { ...base, PG_BIN: process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', ...env },
    })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

/** Opens (and migrates) the embedded database of `dataDir`, runs `work` on its pool, closes it. */
async function withEmbedded<T>(dataDir: string, work: (pool: Pool) => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true })
  const embedded = await startEmbedded(path.join(dataDir, 'pglite'))
  const database = await connectDatabase({
    kind: 'embedded',
    url: embedded.url,
    maxConnections: 1,
    stop: embedded.stop,
  })
  try {
    return await work(database.pool)
  } finally {
    await database.close()
  }
}

const FEE = `select value from settings where key = 'serviceFee'`

test('the embedded database: a backup of a stopped server restores into an empty DATA_DIR whole', async () => {
  const dataDir = path.join(work, 'data')
  await withEmbedded(dataDir, (pool) => pool.query(`update settings set value = '2468' where key = 'serviceFee'`))
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
  fs.writeFileSync(path.join(dataDir, 'uploads', 'a.jpg'), 'picture')
  fs.mkdirSync(path.join(dataDir, 'keys'), { recursive: true })
  fs.writeFileSync(path.join(dataDir, 'keys', 'vault.json'), '{"k":1}')

  const file = path.join(work, 'copy.tar.gz')
  const made = await backupScript([file], { DATA_DIR: dataDir })
  expect(made).toEqual({ code: 0, output: expect.stringContaining(`备份已写入：${file}`) })

  const restoredDir = path.join(work, 'restored')
  expect((await backupScript(['--restore', file], { DATA_DIR: restoredDir })).code).toBe(0)
  expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'a.jpg'), 'utf8')).toBe('picture')
  expect(fs.readFileSync(path.join(restoredDir, 'keys', 'vault.json'), 'utf8')).toBe('{"k":1}')
  const fee = await withEmbedded(restoredDir, async (pool) => (await pool.query(FEE)).rows[0].value)
  expect(fee).toBe(2468)

  // Not over data already there.
  const again = await backupScript(['--restore', file], { DATA_DIR: restoredDir })
  expect(again.code).toBe(1)
  expect(again.output).toContain('不是空的')
}, 120_000)

test('the embedded database is not copied under a running server', async () => {
  const dataDir = path.join(work, 'busy')
  fs.mkdirSync(dataDir, { recursive: true })
  // This test's own process stands for the server holding the directory.
  fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid))
  const refused = await backupScript([path.join(work, 'busy.tar.gz')], { DATA_DIR: dataDir })
  expect(refused.code).toBe(1)
  expect(refused.output).toContain(`正被另一个服务器进程（PID ${process.pid}）使用`)
  expect(fs.existsSync(path.join(work, 'busy.tar.gz'))).toBe(false)
})

const adminUrl = process.env.DATABASE_URL
const onPostgres = adminUrl ? test : test.skip

onPostgres(
  'PostgreSQL (runs when DATABASE_URL is set): pg_dump restores into an empty database',
  async () => {
    const admin = new Client({ connectionString: adminUrl })
    await admin.connect()
    const names = [`haoanxin_backup_${process.pid}`, `haoanxin_restore_${process.pid}`]
    const urlOf = (name: string) => Object.assign(new URL(adminUrl!), { pathname: `/${name}` }).toString()
    try {
      for (const name of names) await admin.query(`create database "${name}"`)
      const source = await connectDatabase({ kind: 'postgres', url: urlOf(names[0]), maxConnections: 1 })
      await source.pool.query(`update settings set value = '1357' where key = 'serviceFee'`)
      await source.close()
      const file = path.join(work, 'pg.dump')
      const env = { DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: urlOf(names[0]) }
      expect((await backupScript([file], env)).code).toBe(0)
      const restored = await backupScript(['--restore', file], { ...env, DATABASE_URL: urlOf(names[1]) })
      expect(restored).toMatchObject({ code: 0 })
      const target = new Client({ connectionString: urlOf(names[1]) })
      await target.connect()
      expect((await target.query(FEE)).rows[0].value).toBe(1357)
      await target.end()
    } finally {
      for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  },
  120_000,
)
