/**
 * What the gateways write on the wire: Alipay's yuan strings with two decimals and China-time
 * timestamps, WeChat's RFC 3339 times, and RSA-SHA256 signatures in base64 (both channels sign with it).
 * Amounts inside the server are integer fen.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'

/** '99.00' → 9900 exactly (no float arithmetic); null for anything that is not a money amount. */
export function parseYuan(text: unknown): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(typeof text === 'string' ? text : '')
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** 9900 → '99.00'. */
export function formatYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`)
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

const CHINA_OFFSET_MS = 8 * 3_600_000

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving), as Alipay's time fields are. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19)
}

/** The reverse of chinaTime; null for anything else. */
export function parseChinaTime(text: unknown): Date | null {
  return typeof text === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)
    ? new Date(`${text.replace(' ', 'T')}+08:00`)
    : null
}

/** `2026-11-23T10:34:56+08:00`, the form WeChat Pay writes and expects. */
export function rfc3339China(date: Date): string {
  return `${chinaTime(date).replace(' ', 'T')}+08:00`
}

/** A WeChat RFC 3339 time (any offset); null for anything else. */
export function parseRfc3339(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(text)) return null
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
}

export const rsaSign = (text: string, privateKey: string): string =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64')

/** False (never a throw) for a malformed signature or key. */
export function rsaVerify(text: string, signature: unknown, publicKey: string): boolean {
  if (typeof signature !== 'string' || signature === '') return false
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** A fresh RSA-2048 pair in PEM: PKCS#1 private key (alipay-sdk's default), SPKI public key. */
export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  }
}

/** Random letters and digits, for nonces and gateway-side numbers. */
export function randomToken(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string {
  const bytes = randomBytes(length)
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}
