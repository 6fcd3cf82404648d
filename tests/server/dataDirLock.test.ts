import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { acquireDataDirLock, DataDirLockedError } from '../../server/lib/dataDirLock'

let dataDir: string
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-lock-')), 'data')
})
afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }))

const lockFile = () => path.join(dataDir, 'server.pid')

/** The PID of a process that has exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', ''])
  return pid!
}

describe('data-dir lock', () => {
  test('creates the directory and writes our PID to DATA_DIR/server.pid; release removes it', () => {
    const lock = acquireDataDirLock(dataDir)
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    expect(fs.readdirSync(dataDir)).toEqual(['server.pid'])
    lock.release()
    expect(fs.existsSync(lockFile())).toBe(false)
  })

  test('refuses while the PID in the lock is alive, naming the directory and the PID', () => {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(lockFile(), `${process.ppid}\n`)
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `数据目录 ${dataDir} 正被另一个服务器进程（PID ${process.ppid}）使用。请先停止它，或用 DATA_DIR 指定另一个目录。`,
    )
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid))
  })

  test.each([
    ['a PID that has exited', () => String(deadPid())],
    ['garbage', () => 'not a pid'],
  ])('takes over a stale lock holding %s', (_name, content) => {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(lockFile(), content())
    const lock = acquireDataDirLock(dataDir)
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  test('release leaves a lock that another process has taken since', () => {
    const lock = acquireDataDirLock(dataDir)
    fs.writeFileSync(lockFile(), `${process.ppid}\n`)
    lock.release()
    expect(fs.existsSync(lockFile())).toBe(true)
  })
})
