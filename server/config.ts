import { createPrivateKey, createPublicKey } from 'node:crypto'
import { isIP } from 'node:net'
import path from 'node:path'
import { isLoopback } from './lib/network'

export interface Config {
  port: number
  /** HOST; local mode defaults to 127.0.0.1 and refuses another address without LOCAL_MODE_ON_NETWORK. */
  host: string
  /** Local mode bound beyond loopback on purpose (LOCAL_MODE_ON_NETWORK=true): demo staff get random passwords. */
  localModeOnNetwork: boolean
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
  /** Absolute path of the staff console's build (`npm run build:admin`). */
  adminDir: string
  /** Sessions end after this many days without use (SESSION_TTL_DAYS, default 7). */
  sessionTtlDays: number
  /** …and this many days after sign-in however much they are used (SESSION_MAX_DAYS, default 30). */
  sessionMaxDays: number
  /**
   * Client addresses come from X-Forwarded-For only when it was added by one of these proxies
   * (TRUST_PROXY: addresses, CIDRs or loopback/linklocal/uniquelocal); false trusts none.
   */
  trustProxy: string | false
  /** VAULT_KEYS `kid:base64,…`; unset outside production → a key file in DATA_DIR. */
  vaultKeys?: string
  /** LOOKUP_HASH_KEY, 32 bytes base64: the key of the blacklist's keyed hashes; unset outside production → a key file in DATA_DIR. */
  lookupHashKey?: string
  /** Aliyun SMS (all four ALIYUN_SMS_* set); unset outside production → the local outbox. */
  aliyunSms?: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string }
  /** A real-name (二要素) verification service (ID_VERIFY_URL + ID_VERIFY_APPCODE); unset → checksum only. */
  idVerify?: { url: string; appCode: string }
  /** Alipay merchant keys (ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY); unset outside production → the local gateway. */
  alipay?: {
    appId: string
    /** The app's RSA2 private key (PEM, PKCS#1 or PKCS#8). */
    privateKey: string
    /** Alipay's public key (PEM), which signs notices and answers. */
    alipayPublicKey: string
    /** ALIPAY_GATEWAY; default https://openapi.alipay.com/gateway.do. */
    gateway?: string
    /**
     * ALIPAY_MINI_APP_ID (optional): the Alipay mini-program, signing with the same key pair; its users
     * are named by alipay.system.oauth.token and pay by my.tradePay.
     */
    miniAppId?: string
  }
  /** WeChat Pay APIv3 merchant keys (all seven WECHAT_PAY_* set); unset outside production → the local gateway. */
  wechatPay?: {
    mchId: string
    appId: string
    /** Serial number of the merchant API certificate. */
    serialNo: string
    /** The merchant API private key (PEM). */
    privateKey: string
    /** 32 bytes. */
    apiV3Key: string
    /** The WeChat Pay platform public key (微信支付公钥, PEM) and its serial / key id. */
    platformPublicKey: string
    platformSerial: string
    /**
     * WECHAT_PAY_APP_SECRET, the official account's AppSecret (optional): with it, pages inside WeChat's
     * browser learn the payer's openid by web authorisation and pay by JSAPI; without it they are sent
     * to a browser.
     */
    appSecret?: string
    /**
     * WECHAT_PAY_MINI_APP_ID and WECHAT_PAY_MINI_APP_SECRET (optional, together): the mini-program bound to
     * the merchant, whose users are known by code2session and pay by requestPayment.
     */
    mini?: { appId: string; appSecret: string }
    /**
     * QQ_MINI_APP_ID and QQ_MINI_APP_SECRET (optional, together): the QQ mini-program. Its buyers pay by
     * WeChat Pay: an H5 trade of this merchant made through QQ's proxy, opened by qq.requestWxPayment.
     */
    qqMini?: { appId: string; appSecret: string }
  }
  /** The site's public origin (PUBLIC_URL) for gateway callbacks; unset outside production → the request's own. */
  publicUrl?: string
  /** METRICS_TOKEN: a bearer token that opens `/metrics` from anywhere (without it, only the internal network). */
  metricsToken?: string
  /** LOG_LEVEL: the least a log line must be to be written; default `info` in production, `warn` in local mode. */
  logLevel: LogLevel
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置错误 / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Where `taro build --type h5` writes; `npm start` rebuilds it when the client sources are newer. */
export const H5_DIR = path.resolve(__dirname, '..', 'dist', 'h5')
/** Where `vite build admin` writes; `npm start` builds it when missing or older than its sources. */
export const ADMIN_DIR = path.resolve(__dirname, '..', 'dist', 'admin')

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

function parsePositive(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < 1) problems.push(`${name} 必须是正整数 (${name} must be a positive integer)`)
  return value
}

function parseLogLevel(raw: string | undefined, fallback: LogLevel, problems: string[]): LogLevel {
  if (raw === undefined || raw === '') return fallback
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel
  problems.push(
    `LOG_LEVEL 必须是 ${LOG_LEVELS.join('、')} 之一，当前为 "${raw}" (LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')})`,
  )
  return fallback
}

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * `true` would take the first X-Forwarded-For address from anyone, so every per-address limit could be
 * dodged by writing the header: the proxies must be named.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): string | false {
  if (raw === undefined || raw === '' || raw === 'false') return false
  const entries = raw.split(',').map((entry) => entry.trim())
  const valid = (entry: string) => {
    if (PROXY_RANGES.includes(entry)) return true
    const [address, bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    return family > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits))
  }
  if (!entries.every(valid)) {
    problems.push(
      `TRUST_PROXY 必须列出反向代理的地址或网段（如 127.0.0.1,10.0.0.0/8 或 loopback），当前为 "${raw}" ` +
        '(TRUST_PROXY must name the proxies: addresses, CIDRs or loopback/linklocal/uniquelocal)',
    )
  }
  return entries.join(',')
}

/** A PEM key from one environment variable, which may also be written on one line with `\n` escapes. */
const pem = (raw: string | undefined) => raw?.replaceAll('\\n', '\n')

/** A group of variables that only make sense together: all set, none set, or a problem naming the missing ones. */
function group<T extends Record<string, string | undefined>>(
  prefix: string,
  values: T,
  problems: string[],
): { [K in keyof T]: string } | undefined {
  const missing = Object.entries(values).filter(([, value]) => !value)
  if (missing.length === Object.keys(values).length) return undefined
  if (missing.length > 0) {
    problems.push(
      `${prefix}* 需要一起设置，缺少 ${missing.map(([key]) => key).join('、')} (set all ${prefix}* variables)`,
    )
    return undefined
  }
  return values as { [K in keyof T]: string }
}

function checkWechatPayKeys(keys: NonNullable<Config['wechatPay']>, problems: string[]): void {
  if (Buffer.byteLength(keys.apiV3Key) !== 32) {
    problems.push('WECHAT_PAY_API_V3_KEY 必须是 32 个字符 (the APIv3 key is 32 bytes)')
  }
  for (const [name, parse, value] of [
    ['WECHAT_PAY_PRIVATE_KEY', createPrivateKey, keys.privateKey],
    ['WECHAT_PAY_PLATFORM_PUBLIC_KEY', createPublicKey, keys.platformPublicKey],
  ] as const) {
    try {
      parse(value)
    } catch {
      problems.push(`${name} 不是有效的 PEM 密钥 (${name} is not a PEM key)`)
    }
  }
}

/** Reads the environment once at start; every problem is reported together so one restart fixes them all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = []
  const devTools = env.NODE_ENV !== 'production'
  const config: Config = {
    port: parsePort(env.PORT, problems),
    // Local mode serves the SMS outbox and a cashier that marks trades paid: this machine only, by default.
    host: env.HOST || (devTools ? '127.0.0.1' : '0.0.0.0'),
    localModeOnNetwork: devTools && env.LOCAL_MODE_ON_NETWORK === 'true',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems),
    devTools,
    h5Dir: H5_DIR,
    adminDir: ADMIN_DIR,
    sessionTtlDays: parsePositive('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 7, problems),
    sessionMaxDays: parsePositive('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 30, problems),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    vaultKeys: env.VAULT_KEYS || undefined,
    lookupHashKey: env.LOOKUP_HASH_KEY?.trim() || undefined,
    aliyunSms: group(
      'ALIYUN_SMS_',
      {
        accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: env.ALIYUN_SMS_SIGN_NAME,
        templateCode: env.ALIYUN_SMS_TEMPLATE_CODE,
      },
      problems,
    ),
    idVerify: group('ID_VERIFY_', { url: env.ID_VERIFY_URL, appCode: env.ID_VERIFY_APPCODE }, problems),
    alipay: group(
      'ALIPAY_',
      {
        appId: env.ALIPAY_APP_ID,
        privateKey: pem(env.ALIPAY_PRIVATE_KEY),
        alipayPublicKey: pem(env.ALIPAY_PUBLIC_KEY),
      },
      problems,
    ),
    wechatPay: group(
      'WECHAT_PAY_',
      {
        mchId: env.WECHAT_PAY_MCH_ID,
        appId: env.WECHAT_PAY_APP_ID,
        serialNo: env.WECHAT_PAY_SERIAL_NO,
        privateKey: pem(env.WECHAT_PAY_PRIVATE_KEY),
        apiV3Key: env.WECHAT_PAY_API_V3_KEY,
        platformPublicKey: pem(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
        platformSerial: env.WECHAT_PAY_PLATFORM_SERIAL,
      },
      problems,
    ),
    publicUrl: parseUrl('PUBLIC_URL', env.PUBLIC_URL, ['https:', 'http:'], problems)?.replace(/\/+$/, ''),
    metricsToken: env.METRICS_TOKEN || undefined,
    logLevel: parseLogLevel(env.LOG_LEVEL, devTools ? 'warn' : 'info', problems),
  }
  if (config.alipay && env.ALIPAY_MINI_APP_ID) config.alipay.miniAppId = env.ALIPAY_MINI_APP_ID.trim()
  if (config.alipay && env.ALIPAY_GATEWAY) {
    config.alipay.gateway = parseUrl('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY, ['https:', 'http:'], problems)
  }
  if (config.wechatPay) {
    checkWechatPayKeys(config.wechatPay, problems)
    if (env.WECHAT_PAY_APP_SECRET) config.wechatPay.appSecret = env.WECHAT_PAY_APP_SECRET.trim()
    const mini = group(
      'WECHAT_PAY_MINI_',
      { appId: env.WECHAT_PAY_MINI_APP_ID, appSecret: env.WECHAT_PAY_MINI_APP_SECRET },
      problems,
    )
    if (mini) config.wechatPay.mini = mini
    const qqMini = group('QQ_MINI_', { appId: env.QQ_MINI_APP_ID, appSecret: env.QQ_MINI_APP_SECRET }, problems)
    if (qqMini) config.wechatPay.qqMini = qqMini
  }
  if (config.metricsToken && config.metricsToken.length < 24) {
    problems.push('METRICS_TOKEN 至少 24 个字符 (METRICS_TOKEN must be at least 24 characters)')
  }
  if (config.lookupHashKey && Buffer.from(config.lookupHashKey, 'base64').length !== 32) {
    problems.push('LOOKUP_HASH_KEY 必须是 32 字节的 base64 (LOOKUP_HASH_KEY must be 32 bytes of base64)')
  }
  if (config.devTools && !isLoopback(config.host) && !config.localModeOnNetwork) {
    problems.push(
      `本地模式（演示支付、短信发件箱）只监听本机，HOST=${config.host} 需要同时设置 LOCAL_MODE_ON_NETWORK=true ` +
        '(local mode binds to loopback; set LOCAL_MODE_ON_NETWORK=true to expose it on purpose)',
    )
  }
  if (!config.devTools) {
    // Production never falls back to a stand-in: a missing secret stops the start instead.
    if (!config.vaultKeys) problems.push('生产环境必须设置 VAULT_KEYS (VAULT_KEYS is required in production)')
    if (!config.lookupHashKey)
      problems.push('生产环境必须设置 LOOKUP_HASH_KEY (the blacklist lookup key is required in production)')
    if (!config.aliyunSms) problems.push('生产环境必须设置 ALIYUN_SMS_* (an SMS provider is required in production)')
    if (!config.idVerify) problems.push('生产环境必须设置 ID_VERIFY_URL 与 ID_VERIFY_APPCODE (real-name verification)')
    if (!config.alipay)
      problems.push('生产环境必须设置 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY (Alipay merchant keys)')
    if (!config.wechatPay) problems.push('生产环境必须设置 WECHAT_PAY_* (WeChat Pay merchant keys)')
    if (!config.publicUrl) problems.push('生产环境必须设置 PUBLIC_URL (the public origin for payment callbacks)')
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
