/**
 * A consistent backup, and its restore:
 *
 *   npm run backup [-- file.tar.gz]        # DATA_DIR (embedded database, uploads, local keys) → a tarball
 *   npm run backup [-- file.dump]          # with DATABASE_URL: pg_dump --format=custom (+ the uploads beside it)
 *   npm run backup -- --restore <file>     # into an empty DATA_DIR, or into the empty database of DATABASE_URL
 *
 * The embedded database is copied while no server runs on DATA_DIR (the data-dir lock is taken for the copy, so
 * a running server makes it stop with a clear message): PGlite checkpoints when it closes, so the directory of a
 * stopped server is a consistent copy. PostgreSQL is dumped beside live servers (pg_dump reads one snapshot).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../server/config'
import { acquireDataDirLock } from '../server/lib/dataDirLock'

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')

/** `pg_dump`/`pg_restore` from PATH or PG_BIN (a Debian PostgreSQL keeps them in /usr/lib/postgresql/<v>/bin). */
function pgTool(name: string): string {
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(path.delimiter)].filter(Boolean) as string[]
  for (const dir of dirs) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name)
  throw new Error(
    `找不到 ${name}：请安装 PostgreSQL 客户端，或用 PG_BIN 指定它所在的目录 (${name} not found; set PG_BIN)`,
  )
}

const tar = (args: string[]) => execFileSync('tar', args, { stdio: 'inherit' })

function backup(file: string | undefined): string {
  const config = loadConfig()
  if (config.databaseUrl) {
    const out = path.resolve(file ?? `haoanxin-${stamp()}.dump`)
    execFileSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${out}`, config.databaseUrl], {
      stdio: 'inherit',
    })
    const uploads = path.join(config.dataDir, 'uploads')
    if (fs.existsSync(uploads)) tar(['-czf', `${out}.uploads.tar.gz`, '-C', config.dataDir, 'uploads'])
    return out
  }
  const out = path.resolve(file ?? `haoanxin-${stamp()}.tar.gz`)
  const lock = acquireDataDirLock(config.dataDir)
  try {
    const parts = ['pglite', 'uploads', 'keys'].filter((part) => fs.existsSync(path.join(config.dataDir, part)))
    tar(['-czf', out, '-C', config.dataDir, ...parts])
  } finally {
    lock.release()
  }
  return out
}

function restore(file: string): void {
  const config = loadConfig()
  const from = path.resolve(file)
  if (!fs.existsSync(from)) throw new Error(`备份文件不存在：${from}`)
  if (config.databaseUrl) {
    execFileSync(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, from], {
      stdio: 'inherit',
    })
    if (fs.existsSync(`${from}.uploads.tar.gz`)) {
      fs.mkdirSync(config.dataDir, { recursive: true })
      tar(['-xzf', `${from}.uploads.tar.gz`, '-C', config.dataDir])
    }
    return
  }
  const taken = ['pglite', 'uploads', 'keys'].filter((part) => fs.existsSync(path.join(config.dataDir, part)))
  if (taken.length > 0)
    throw new Error(
      `数据目录 ${config.dataDir} 不是空的（${taken.join('、')}）：请恢复到新的 DATA_DIR (restore into an empty DATA_DIR)`,
    )
  const lock = acquireDataDirLock(config.dataDir)
  try {
    tar(['-xzf', from, '-C', config.dataDir])
  } finally {
    lock.release()
  }
}

function main(args: string[]): void {
  if (args[0] === '--restore') {
    if (!args[1]) throw new Error('用法：npm run backup -- --restore <备份文件>')
    restore(args[1])
    console.log(`已恢复：${path.resolve(args[1])}`)
  } else {
    console.log(`备份已写入：${backup(args[0])}`)
  }
}

try {
  main(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
