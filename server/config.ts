import path from 'node:path'

export interface Config {
  port: number
  host: string
  /** Absolute path; holds the embedded database, uploads and local keys. */
  dataDir: string
  /** Set → a PostgreSQL pool; unset → the embedded PGlite in `dataDir`. */
  databaseUrl?: string
  /** Set → captchas, SMS codes and rate limits live in Redis; unset → in process memory. */
  redisUrl?: string
  /** False in production: every dev-only stand-in (local gateways, SMS outbox, /dev/*) hangs off this flag. */
  devTools: boolean
  /** Absolute path of the `taro build --type h5` output. */
  h5Dir: string
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置错误 / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Where `taro build --type h5` writes; `npm start` rebuilds it when the client sources are newer. */
export const H5_DIR = path.resolve(__dirname, '..', 'dist', 'h5')

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return 3000
  const port = Number(raw)
  if (!/^\d+$/.test(raw) || port > 65535) {
    problems.push(`PORT 必须是 0–65535 之间的整数，当前为 "${raw}" (PORT must be an integer from 0 to 65535)`)
  }
  return port
}

function parseUrl(name: string, raw: string | undefined, protocols: string[], problems: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined
  let protocol: string | undefined
  try {
    protocol = new URL(raw).protocol
  } catch {
    protocol = undefined
  }
  if (!protocol || !protocols.includes(protocol)) {
    const expected = protocols.map((p) => `${p}//…`).join(' 或 ')
    problems.push(`${name} 必须是 ${expected} 形式的地址 (${name} must be a ${protocols.join(' or ')} URL)`)
  }
  return raw
}

/** Reads the environment once at start; every problem is reported together so one restart fixes them all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = []
  const config: Config = {
    port: parsePort(env.PORT, problems),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems),
    devTools: env.NODE_ENV !== 'production',
    h5Dir: H5_DIR,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
