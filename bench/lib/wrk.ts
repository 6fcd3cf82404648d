/**
 * The HTTP load from wrk (C, Debian's `wrk` package) instead of a Node client: the load generator shares the
 * server's two cores, and Node's undici spent ≈ 0.15 ms of CPU a goods list, wrk ≈ 0.03 ms — CPU the system
 * under test then lacks. Same shape as `runLoad`: a closed loop of `concurrency` connections, each
 * sending the next request as soon as the last answer is read, cycling through the requests in order.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { LoadResult } from './load'
import { tempDir } from './proc'

export interface HttpCall {
  method: 'GET' | 'POST'
  path: string
  body?: string
}

export function hasWrk(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, 'wrk')))
}

/** A Lua long string that cannot end early, whatever the text holds. */
function luaString(text: string): string {
  let level = ''
  while (text.includes(`]${level}]`)) level += '='
  return `[${level}[${text}]${level}]`
}

function script(calls: HttpCall[], headers: Record<string, string>): string {
  const specs = calls
    .map(
      (c) => `  { ${luaString(c.method)}, ${luaString(c.path)}, ${c.body === undefined ? 'nil' : luaString(c.body)} },`,
    )
    .join('\n')
  const headerTable = Object.entries(headers)
    .map(([k, v]) => `[ ${luaString(k)} ] = ${luaString(v)}`)
    .join(', ')
  return `local specs = {
${specs}
}
local headers = { ${headerTable} }
local requests = {}
local n = 0
function init(args)
  for i, s in ipairs(specs) do
    -- wrk.format writes Host and Content-Length into the table it is given: each request gets its own.
    local h = {}
    for k, v in pairs(headers) do h[k] = v end
    requests[i] = wrk.format(s[1], s[2], h, s[3])
  end
end
function request()
  n = n + 1
  return requests[(n - 1) % #requests + 1]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`
}

function wrk(origin: string, scriptPath: string, concurrency: number, seconds: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      ['-t1', `-c${concurrency}`, `-d${seconds}s`, '--timeout', '10s', '-s', scriptPath, origin],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))))
  })
}

/** Warms up for `warmupSeconds` unrecorded, then records for `seconds`. Non-2xx answers count as errors. */
export async function runWrk(
  origin: string,
  calls: HttpCall[],
  headers: Record<string, string>,
  options: { concurrency: number; seconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  const dir = tempDir('haoanxin-bench-wrk-')
  try {
    const scriptPath = path.join(dir.dir, 'load.lua')
    fs.writeFileSync(scriptPath, script(calls, headers))
    if (options.warmupSeconds > 0) await wrk(origin, scriptPath, options.concurrency, options.warmupSeconds)
    const out = await wrk(origin, scriptPath, options.concurrency, options.seconds)
    const line = out.split('\n').find((l) => l.startsWith('RESULT '))
    if (!line) throw new Error(`wrk printed no result: ${out}`)
    const [count, durationUs, p50, p99, status, socket] = line.split(' ').slice(1).map(Number)
    const errors = status + socket
    return {
      p50: p50 / 1000,
      p99: p99 / 1000,
      rate: count / (durationUs / 1e6),
      count,
      errors,
      firstError: errors ? `${status} answers not 2xx/3xx, ${socket} socket errors or timeouts` : undefined,
    }
  } finally {
    await dir.remove()
  }
}
