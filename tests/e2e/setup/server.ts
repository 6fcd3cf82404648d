import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../support/freePort'

/** Where the running server's facts are left for the tests and the teardown (jest runs them in other contexts). */
// One per checkout: two clones running their suites at once must not stop each other's server.
const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)
export const STATE_FILE = path.join(os.tmpdir(), `haoanxin-e2e-server-${checkout}.json`)

export interface ServerState {
  pid: number
  baseUrl: string
  dataDir: string
}

/** Runs `npm start` exactly as a newcomer would, on a free port and an empty data directory. */
export async function startServer(): Promise<ServerState> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-e2e-data-'))
  const child = spawn('npm', ['start'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const baseUrl = `http://localhost:${port}`
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)

  const deadline = Date.now() + 240_000 // npm start may build the H5 first
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`)
    if (output.includes(baseUrl)) {
      try {
        const health = await fetch(`${baseUrl}/api/ready`)
        if (health.ok) {
          child.stdout.removeListener('data', collect)
          child.stderr.removeListener('data', collect)
          child.unref()
          return { pid: child.pid as number, baseUrl, dataDir }
        }
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  process.kill(-(child.pid as number), 'SIGTERM')
  throw new Error(`npm start did not print ${baseUrl} and answer /api/ready in time:\n${output}`)
}

/** Stops the whole process group of `npm start` and waits for it to be gone. */
export async function stopServer(state: ServerState): Promise<void> {
  try {
    process.kill(-state.pid, 'SIGTERM')
  } catch {
    return
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-state.pid, 0)
    } catch {
      break
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true })
}

/** The server the tests drive: E2E_BASE_URL when set (one already running), else the suite's own. */
export const e2eBaseUrl = (): string => process.env.E2E_BASE_URL ?? readServerState().baseUrl

export function readServerState(): ServerState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as ServerState
}
