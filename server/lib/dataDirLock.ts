import fs from 'node:fs'
import path from 'node:path'

/**
 * Two processes on one PGlite directory corrupt it (pglite#1106), so the first server to start owns
 * DATA_DIR until it stops; a lock left by a crashed server (its PID is gone) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `数据目录 ${dataDir} 正被另一个服务器进程（PID ${pid}）使用。请先停止它，或用 DATA_DIR 指定另一个目录。\n` +
        `The data directory ${dataDir} is in use by another server process (PID ${pid}). ` +
        `Stop it first, or set DATA_DIR to another directory.`,
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  readonly file: string
  release(): void
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'server.pid')
  // Written aside and hard-linked into place: the link fails if the lock exists, and a competitor never
  // reads a half-written file that it would take for a stale one.
  const draft = `${file}.${process.pid}`
  fs.writeFileSync(draft, `${process.pid}\n`)
  try {
    for (;;) {
      try {
        fs.linkSync(draft, file)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = readPid(file)
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner)
      fs.rmSync(file, { force: true })
    }
  } finally {
    fs.rmSync(draft, { force: true })
  }
  return {
    file,
    release() {
      if (readPid(file) === process.pid) fs.rmSync(file, { force: true })
    },
  }
}
