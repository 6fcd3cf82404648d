import { createPrivateKey, createPublicKey } from 'node:crypto'
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
  /** Sessions end after this many days without use (SESSION_TTL_DAYS, default 7). */
  sessionTtlDays: number
  /** Client addresses come from X-Forwarded-For only when this names the proxies (TRUST_PROXY). */
  trustProxy: string | boolean
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
  }
  /** The site's public origin (PUBLIC_URL) for gateway callbacks; unset outside production → the request's own. */
  publicUrl?: string
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

function parsePositive(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < 1) problems.push(`${name} 必须是正整数 (${name} must be a positive integer)`)
  return value
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
  const config: Config = {
    port: parsePort(env.PORT, problems),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems),
    devTools: env.NODE_ENV !== 'production',
    h5Dir: H5_DIR,
    sessionTtlDays: parsePositive('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 7, problems),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
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
  }
  if (config.alipay && env.ALIPAY_GATEWAY) {
    config.alipay.gateway = parseUrl('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY, ['https:', 'http:'], problems)
  }
  if (config.wechatPay) checkWechatPayKeys(config.wechatPay, problems)
  if (config.lookupHashKey && Buffer.from(config.lookupHashKey, 'base64').length !== 32) {
    problems.push('LOOKUP_HASH_KEY 必须是 32 字节的 base64 (LOOKUP_HASH_KEY must be 32 bytes of base64)')
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
