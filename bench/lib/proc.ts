/**
 * The processes a benchmark starts — the real server, a private PostgreSQL, `npm run` steps — each
 * stopped by its own PID, also when the benchmark fails or is interrupted half-way.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '..', '..')

/** Called in reverse order on the way out; each removes itself once it has run. */
const cleanups = new Set<() => Promise<void> | void>()

export function onCleanup(fn: () => Promise<void> | void): () => Promise<void> {
  let done = false
  const run = async () => {
    if (done) return
    done = true
    cleanups.delete(run)
    await fn()
  }
  cleanups.add(run)
  return run
}

export async function cleanupAll(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    try {
      await fn()
    } catch (error) {
      console.error(error)
    }
  }
}

/** Runs `main`, cleaning up after it — also on Ctrl-C — and exiting non-zero on failure. */
export function runMain(main: () => Promise<void>): void {
  const interrupted = () => {
    console.error('\ninterrupted: stopping what was started …')
    void cleanupAll().then(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  main()
    .then(cleanupAll)
    .catch(async (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error)
      await cleanupAll()
      process.exit(1)
    })
}

export function tempDir(prefix: string): { dir: string; remove: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  const remove = onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }))
  return { dir, remove }
}

/** The environment without anything that would point the server elsewhere than where we say. */
export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'PORT', 'HOST', 'DATA_DIR']) delete env[key]
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value
  return env
}

/** Runs a command to its end in the project root; rejects on a non-zero exit. Returns its stdout. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stop = onCleanup(() => void child.kill('SIGTERM'))
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk
      if (!options.quiet) process.stdout.write(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk
      if (!options.quiet) process.stderr.write(chunk)
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      void stop()
      if (code === 0) resolve(out)
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}\n${err.slice(-2000)}`))
    })
  })
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`; resolves when it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  origin: string
  pid: number
  stop(): Promise<void>
}

/**
 * The real server (`server/main.ts` through tsx, as `npm run dev:server` runs it) on a port of the
 * kernel's choice, NODE_ENV unset so the demo users and catalogue are seeded. Resolves once it listens.
 */
export async function startServer(options: {
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
}): Promise<RunningServer & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stop = onCleanup(() => stopChild(child))
  let log = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${log}`)), 180_000)
    const read = (chunk: Buffer) => {
      log += chunk
      const match = /running at http:\/\/[^:\s]+:(\d+)/.exec(log)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout!.on('data', read)
    // The server's own error lines (pino level 50) are the benchmark's business too.
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) if (line.includes('"level":50')) process.stderr.write(`${line}\n`)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk
      process.stderr.write(chunk)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${log}`))
    })
  }).catch(async (error) => {
    await stop()
    throw error
  })
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop, child }
}
