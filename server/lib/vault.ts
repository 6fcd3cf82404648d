import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Envelope encryption for secrets kept in the database (game-account credentials, ID numbers).
 *
 * Each record gets its own random data key (DEK); the DEK encrypts the value and is itself encrypted
 * ("wrapped") by a key-encryption key (KEK) that never enters the database. Both layers are AES-256-GCM
 * and authenticate the caller's AAD, the row identity (`goods:42:cred:v1`): an envelope copied into
 * another row, or altered by one bit, fails to open instead of decrypting to something else.
 *
 * Rotating a KEK: add a new kid, make it active, `rewrap` every envelope (only the wrapped DEK changes),
 * then retire the old kid once no row names it.
 */

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16
const KID_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/

interface Envelope {
  v: 1
  kid: string
  /** IV, wrapped DEK and tag of the KEK layer, concatenated, base64. */
  wdek: string
  iv: string
  tag: string
  ct: string
}

export interface VaultKeys {
  keys: Record<string, Buffer>
  activeKid: string
}

export interface Vault {
  /** The key new envelopes are sealed under (VAULT_KEYS' first). */
  readonly activeKid: string
  /** The key an envelope was sealed (or last re-wrapped) under. */
  kidOf(envelope: string): string
  seal(plaintext: string, aad: string): string
  /** Throws VaultError when the key id is unknown, the AAD differs, or any part was altered. */
  open(envelope: string, aad: string): string
  /** Re-wraps the DEK under the active KEK; the ciphertext itself is left as it is. */
  rewrap(envelope: string, aad: string): string
}

/** Never user-facing: a failure here means a key or a row is wrong, which is a server error. */
export class VaultError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VaultError'
  }
}

function encrypt(key: Buffer, plaintext: Buffer, aad: string) {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ct, tag: cipher.getAuthTag() }
}

function decrypt(key: Buffer, iv: Buffer, ct: Buffer, tag: Buffer, aad: string): Buffer {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new VaultError('vault: malformed envelope')
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(tag)
  try {
    return Buffer.concat([decipher.update(ct), decipher.final()])
  } catch {
    throw new VaultError('vault: envelope does not authenticate (wrong AAD, wrong key or altered data)')
  }
}

function parseEnvelope(text: string): Envelope {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new VaultError('vault: envelope is not JSON')
  }
  const envelope = value as Partial<Envelope> | null
  if (
    envelope?.v !== 1 ||
    typeof envelope.kid !== 'string' ||
    typeof envelope.wdek !== 'string' ||
    typeof envelope.iv !== 'string' ||
    typeof envelope.tag !== 'string' ||
    typeof envelope.ct !== 'string'
  ) {
    throw new VaultError('vault: malformed envelope')
  }
  return envelope as Envelope
}

function checkKeys({ keys, activeKid }: VaultKeys): void {
  for (const [kid, key] of Object.entries(keys)) {
    if (!KID_PATTERN.test(kid)) throw new VaultError(`vault: invalid key id "${kid}"`)
    if (key.length !== KEY_BYTES) throw new VaultError(`vault: key "${kid}" must be ${KEY_BYTES} bytes`)
  }
  if (!Object.hasOwn(keys, activeKid)) throw new VaultError(`vault: active key id "${activeKid}" has no key`)
}

export function createVault(config: VaultKeys): Vault {
  checkKeys(config)
  // Copied so a caller mutating its object cannot swap keys under a running vault.
  const keys = new Map(Object.entries(config.keys).map(([kid, key]) => [kid, Buffer.from(key)]))
  const activeKid = config.activeKid

  const kek = (kid: string): Buffer => {
    const key = keys.get(kid)
    if (!key) throw new VaultError(`vault: unknown key id "${kid}"`)
    return key
  }

  const wrap = (dek: Buffer, aad: string): string => {
    const { iv, ct, tag } = encrypt(kek(activeKid), dek, aad)
    return Buffer.concat([iv, ct, tag]).toString('base64')
  }

  const unwrap = (envelope: Envelope, aad: string): Buffer => {
    const wdek = Buffer.from(envelope.wdek, 'base64')
    if (wdek.length !== IV_BYTES + KEY_BYTES + TAG_BYTES) throw new VaultError('vault: malformed envelope')
    const iv = wdek.subarray(0, IV_BYTES)
    const ct = wdek.subarray(IV_BYTES, IV_BYTES + KEY_BYTES)
    const tag = wdek.subarray(IV_BYTES + KEY_BYTES)
    return decrypt(kek(envelope.kid), iv, ct, tag, aad)
  }

  return {
    activeKid,
    kidOf: (text) => parseEnvelope(text).kid,
    seal(plaintext, aad) {
      const dek = randomBytes(KEY_BYTES)
      const { iv, ct, tag } = encrypt(dek, Buffer.from(plaintext, 'utf8'), aad)
      const envelope: Envelope = {
        v: 1,
        kid: activeKid,
        wdek: wrap(dek, aad),
        iv: iv.toString('base64'),
        tag: tag.toString('base64'),
        ct: ct.toString('base64'),
      }
      return JSON.stringify(envelope)
    },
    open(text, aad) {
      const envelope = parseEnvelope(text)
      const dek = unwrap(envelope, aad)
      const b64 = (part: string) => Buffer.from(part, 'base64')
      return decrypt(dek, b64(envelope.iv), b64(envelope.ct), b64(envelope.tag), aad).toString('utf8')
    },
    rewrap(text, aad) {
      const envelope = parseEnvelope(text)
      const rewrapped: Envelope = { ...envelope, kid: activeKid, wdek: wrap(unwrap(envelope, aad), aad) }
      return JSON.stringify(rewrapped)
    },
  }
}

function decodeKey(kid: string, base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64')
  if (key.length !== KEY_BYTES) {
    throw new VaultError(`vault: key "${kid}" in ${source} must be ${KEY_BYTES} bytes of base64`)
  }
  return key
}

/** `kid1:base64key,kid2:base64key`; the first entry is the active key. */
function parseKeyList(value: string): VaultKeys {
  const keys: Record<string, Buffer> = {}
  const kids: string[] = []
  for (const entry of value.split(',')) {
    const separator = entry.indexOf(':')
    const kid = entry.slice(0, separator).trim()
    if (separator < 0 || !KID_PATTERN.test(kid)) {
      throw new VaultError('vault: VAULT_KEYS must look like "kid1:base64key,kid2:base64key"')
    }
    if (Object.hasOwn(keys, kid)) throw new VaultError(`vault: key id "${kid}" appears twice in VAULT_KEYS`)
    keys[kid] = decodeKey(kid, entry.slice(separator + 1).trim(), 'VAULT_KEYS')
    kids.push(kid)
  }
  return { keys, activeKid: kids[0] }
}

interface KeyFile {
  activeKid: string
  keys: Record<string, string>
}

function readKeyFile(file: string): VaultKeys {
  let parsed: Partial<KeyFile> | null
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new VaultError(`vault: cannot read key file ${file}: ${(error as Error).message}`)
  }
  if (typeof parsed?.activeKid !== 'string' || typeof parsed.keys !== 'object' || parsed.keys === null) {
    throw new VaultError(`vault: key file ${file} must be {"activeKid": "…", "keys": {"kid": "base64"}}`)
  }
  const keys = Object.fromEntries(
    Object.entries(parsed.keys).map(([kid, base64]) => [kid, decodeKey(kid, String(base64), file)]),
  )
  const result = { keys, activeKid: parsed.activeKid }
  checkKeys(result)
  return result
}

/**
 * Production passes the KEKs through the environment (`VAULT_KEYS`, filled from a secret store), so
 * every instance shares them and none sits on disk next to the data. Without it, the local and
 * development setup keeps one generated key in a 0600 JSON file; losing that file loses every secret
 * sealed with it. `production: true` refuses the file, because instances with private keys could not
 * read each other's rows.
 */
export function loadVaultKeys(options: { envValue?: string; keyFile: string; production?: boolean }): VaultKeys {
  if (options.envValue?.trim()) return parseKeyList(options.envValue)
  if (options.production) {
    throw new VaultError('vault: VAULT_KEYS must be set in production (format "kid1:base64key,kid2:base64key")')
  }
  const content: KeyFile = { activeKid: 'local1', keys: { local1: randomBytes(KEY_BYTES).toString('base64') } }
  createKeyFileOnce(options.keyFile, `${JSON.stringify(content, null, 2)}\n`)
  return readKeyFile(options.keyFile)
}

/** Writes a new key file (0600) unless one exists; returns without touching an existing one. */
function createKeyFileOnce(file: string, content: string): void {
  if (fs.existsSync(file)) return
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Written aside and linked into place: when two processes start together, exactly one key wins and
  // the other process never reads a half-written file.
  const draft = `${file}.${process.pid}.tmp`
  fs.writeFileSync(draft, content, { mode: 0o600 })
  try {
    fs.linkSync(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    fs.unlinkSync(draft)
  }
}

/**
 * The key of `keyedHash` lookups (blacklist subjects), 32 bytes: LOOKUP_HASH_KEY (base64) in production,
 * shared by every instance; otherwise a key file in DATA_DIR created on first start. It cannot be
 * rotated by re-wrapping as the vault's keys can: the hashes were made with it, and losing it makes every
 * stored record unfindable.
 */
export function loadLookupKey(options: { envValue?: string; keyFile: string; production?: boolean }): Buffer {
  if (options.envValue?.trim()) return decodeKey('lookup', options.envValue.trim(), 'LOOKUP_HASH_KEY')
  if (options.production) throw new VaultError('vault: LOOKUP_HASH_KEY must be set in production (32 bytes, base64)')
  createKeyFileOnce(options.keyFile, `${randomBytes(KEY_BYTES).toString('base64')}\n`)
  return decodeKey('lookup', fs.readFileSync(options.keyFile, 'utf8').trim(), options.keyFile)
}

/**
 * HMAC-SHA256 (hex) of an already-normalised value, for equality lookups and unique indexes on data
 * that must not be stored in clear (blacklisted QQ numbers, ID numbers). Unlike a plain hash it cannot
 * be reversed by hashing every possible ID number without the secret key.
 */
export function keyedHash(secretKey: Buffer, value: string): string {
  return createHmac('sha256', secretKey).update(value, 'utf8').digest('hex')
}
