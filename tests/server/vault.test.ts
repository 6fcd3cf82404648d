import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  createVault,
  keyedHash,
  loadLookupKey,
  loadVaultKeys,
  VaultError,
  type VaultKeys,
} from '../../server/lib/vault'
import { eq } from 'drizzle-orm'
import { games, goods, goodsCredentials, users } from '../../server/db/schema'
import { credentialsAad, storeCredentials } from '../../server/modules/catalogue/credentials'
import { idNumberAad } from '../../server/modules/user/service'
import { rewrapAll } from '../../server/modules/vault/rotation'
import type { AccountCredentials } from '../../src/contract/consignment'
import { createTestDatabase } from './helpers/database'

const key1 = randomBytes(32)
const key2 = randomBytes(32)
const AAD = 'goods:42:cred:v1'

const vaultWith = (keys: Record<string, Buffer>, activeKid: string) => createVault({ keys, activeKid })

type EnvelopeJson = Record<'kid' | 'wdek' | 'iv' | 'tag' | 'ct', string> & { v: number }

/** Flips one bit of a base64 field of the envelope. */
function flipBit(envelope: string, field: 'wdek' | 'iv' | 'tag' | 'ct', byte = 0): string {
  const parsed = JSON.parse(envelope) as EnvelopeJson
  const bytes = Buffer.from(parsed[field], 'base64')
  bytes[byte % bytes.length] ^= 0x01
  return JSON.stringify({ ...parsed, [field]: bytes.toString('base64') })
}

describe('createVault', () => {
  const vault = vaultWith({ k1: key1 }, 'k1')

  test('seal then open returns the plaintext, unicode included', () => {
    for (const plaintext of ['hunter2', '', '账号：玩家一号 密码：pässwörd 🎮🔑', 'x'.repeat(10_000)]) {
      const envelope = vault.seal(plaintext, AAD)
      expect(envelope).not.toContain(plaintext || '\u0000')
      expect(vault.open(envelope, AAD)).toBe(plaintext)
    }
  })

  test('the envelope names the active key and never holds the plaintext', () => {
    const envelope = JSON.parse(vault.seal('secret-password', AAD)) as EnvelopeJson
    expect(envelope.v).toBe(1)
    expect(envelope.kid).toBe('k1')
    expect(Buffer.from(envelope.ct, 'base64').toString('utf8')).not.toBe('secret-password')
    expect(Buffer.from(envelope.iv, 'base64')).toHaveLength(12)
    expect(Buffer.from(envelope.tag, 'base64')).toHaveLength(16)
    expect(Buffer.from(envelope.wdek, 'base64')).toHaveLength(12 + 32 + 16)
  })

  test('two envelopes of one plaintext differ in every random part', () => {
    const a = JSON.parse(vault.seal('same', AAD)) as EnvelopeJson
    const b = JSON.parse(vault.seal('same', AAD)) as EnvelopeJson
    expect(a.wdek).not.toBe(b.wdek)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ct).not.toBe(b.ct)
    expect(a.tag).not.toBe(b.tag)
  })

  test('opening with a different AAD fails', () => {
    const envelope = vault.seal('secret', AAD)
    expect(() => vault.open(envelope, 'goods:42:cred:v2')).toThrow(VaultError)
    expect(() => vault.open(envelope, '')).toThrow(VaultError)
  })

  test.each(['ct', 'tag', 'iv', 'wdek'] as const)('one bit flipped in %s fails', (field) => {
    const envelope = vault.seal('secret value', AAD)
    expect(vault.open(envelope, AAD)).toBe('secret value')
    expect(() => vault.open(flipBit(envelope, field), AAD)).toThrow(VaultError)
    expect(() => vault.open(flipBit(envelope, field, 7), AAD)).toThrow(VaultError)
  })

  test('a bit flipped in each part of the wrapped DEK (IV, key, tag) fails', () => {
    const envelope = vault.seal('secret value', AAD)
    for (const byte of [0, 12, 43, 44, 59]) {
      expect(() => vault.open(flipBit(envelope, 'wdek', byte), AAD)).toThrow(VaultError)
    }
  })

  test('an envelope copied into another row does not open there', () => {
    const row42 = vault.seal('password of 42', 'goods:42:cred:v1')
    const row43 = vault.seal('password of 43', 'goods:43:cred:v1')
    expect(() => vault.open(row42, 'goods:43:cred:v1')).toThrow(VaultError)
    // Nor does a mix of one row's wrapped DEK and another row's ciphertext.
    const mixed = { ...(JSON.parse(row43) as EnvelopeJson), wdek: (JSON.parse(row42) as EnvelopeJson).wdek }
    expect(() => vault.open(JSON.stringify(mixed), 'goods:43:cred:v1')).toThrow(VaultError)
    expect(() => vault.open(JSON.stringify(mixed), 'goods:42:cred:v1')).toThrow(VaultError)
  })

  test('an unknown key id fails', () => {
    const envelope = vault.seal('secret', AAD)
    const renamed = JSON.stringify({ ...(JSON.parse(envelope) as EnvelopeJson), kid: 'k9' })
    expect(() => vault.open(renamed, AAD)).toThrow(/unknown key id "k9"/)
    expect(() => vaultWith({ k2: key2 }, 'k2').open(envelope, AAD)).toThrow(VaultError)
  })

  test('a key with the right id but the wrong bytes fails', () => {
    const envelope = vault.seal('secret', AAD)
    expect(() => vaultWith({ k1: key2 }, 'k1').open(envelope, AAD)).toThrow(VaultError)
  })

  test('malformed envelopes are refused with VaultError', () => {
    const envelope = JSON.parse(vault.seal('secret', AAD)) as EnvelopeJson
    for (const text of [
      'not json',
      'null',
      JSON.stringify({ ...envelope, v: 2 }),
      JSON.stringify({ ...envelope, ct: undefined }),
      JSON.stringify({ ...envelope, wdek: envelope.wdek.slice(0, 20) }),
    ]) {
      expect(() => vault.open(text, AAD)).toThrow(VaultError)
    }
  })

  test('rewrap under a new active key keeps the ciphertext and opens with the new key alone', () => {
    const old = vaultWith({ k1: key1 }, 'k1')
    const rotating = vaultWith({ k1: key1, k2: key2 }, 'k2')
    const onlyNew = vaultWith({ k2: key2 }, 'k2')
    const sealed = old.seal('账号密码', AAD)
    const rewrapped = rotating.rewrap(sealed, AAD)

    const before = JSON.parse(sealed) as EnvelopeJson
    const after = JSON.parse(rewrapped) as EnvelopeJson
    expect(after.kid).toBe('k2')
    expect(after.ct).toBe(before.ct)
    expect(after.iv).toBe(before.iv)
    expect(after.tag).toBe(before.tag)
    expect(after.wdek).not.toBe(before.wdek)

    expect(onlyNew.open(rewrapped, AAD)).toBe('账号密码')
    expect(rotating.open(rewrapped, AAD)).toBe('账号密码')
    expect(() => onlyNew.open(sealed, AAD)).toThrow(VaultError)
    expect(() => old.open(rewrapped, AAD)).toThrow(VaultError)
    expect(() => rotating.rewrap(sealed, 'goods:43:cred:v1')).toThrow(VaultError)
  })

  test('a caller mutating its key object cannot swap the key of a running vault', () => {
    const keys = { k1: Buffer.from(key1) }
    const running = vaultWith(keys, 'k1')
    const envelope = running.seal('secret', AAD)
    keys.k1.fill(0)
    expect(running.open(envelope, AAD)).toBe('secret')
  })

  test('invalid key sets are refused', () => {
    expect(() => vaultWith({ k1: randomBytes(16) }, 'k1')).toThrow(VaultError)
    expect(() => vaultWith({ k1: key1 }, 'k2')).toThrow(VaultError)
    expect(() => vaultWith({ 'bad kid': key1 }, 'bad kid')).toThrow(VaultError)
  })
})

describe('loadVaultKeys', () => {
  let dir: string
  let keyFile: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-vault-'))
    keyFile = path.join(dir, 'nested', 'vault-keys.json')
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  const b64 = (key: Buffer) => key.toString('base64')

  test('VAULT_KEYS: the first entry is the active key, every entry is loaded', () => {
    const loaded = loadVaultKeys({ envValue: `new:${b64(key2)}, old:${b64(key1)}`, keyFile, production: true })
    expect(loaded.activeKid).toBe('new')
    expect(Object.keys(loaded.keys).sort()).toEqual(['new', 'old'])
    expect(loaded.keys.new.equals(key2)).toBe(true)
    expect(loaded.keys.old.equals(key1)).toBe(true)
    expect(fs.existsSync(keyFile)).toBe(false)
    // The loaded set works with createVault and the key order matters.
    const sealed = createVault(loaded).seal('x', AAD)
    expect((JSON.parse(sealed) as EnvelopeJson).kid).toBe('new')
  })

  test('VAULT_KEYS: a duplicate key id is refused', () => {
    expect(() => loadVaultKeys({ envValue: `a:${b64(key1)},a:${b64(key2)}`, keyFile })).toThrow(/appears twice/)
  })

  test('VAULT_KEYS: a key that is not 32 bytes of base64 is refused', () => {
    for (const key of [randomBytes(16), randomBytes(31), randomBytes(33)]) {
      expect(() => loadVaultKeys({ envValue: `a:${b64(key)}`, keyFile })).toThrow(VaultError)
    }
    expect(() => loadVaultKeys({ envValue: 'a:', keyFile })).toThrow(VaultError)
  })

  test.each([
    ['no colon', () => b64(key1)],
    ['an empty key id', () => `:${b64(key1)}`],
    ['a key id with a space', () => `my key:${b64(key1)}`],
    ['a key id too long', () => `${'k'.repeat(33)}:${b64(key1)}`],
    ['a trailing comma', () => `a:${b64(key1)},`],
  ])('VAULT_KEYS: %s is refused as a bad format', (_name, value) => {
    expect(() => loadVaultKeys({ envValue: value(), keyFile })).toThrow(/VAULT_KEYS must look like/)
  })

  test('production without VAULT_KEYS refuses and writes no key file', () => {
    expect(() => loadVaultKeys({ keyFile, production: true })).toThrow(/VAULT_KEYS must be set in production/)
    expect(() => loadVaultKeys({ envValue: '  ', keyFile, production: true })).toThrow(VaultError)
    expect(fs.existsSync(keyFile)).toBe(false)
  })

  test('without VAULT_KEYS a local key file is created once with mode 0600 and reused', () => {
    const first = loadVaultKeys({ keyFile })
    expect(first.activeKid).toBe('local1')
    expect(first.keys.local1).toHaveLength(32)
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    // The draft written aside is gone.
    expect(fs.readdirSync(path.dirname(keyFile))).toEqual(['vault-keys.json'])

    const content = fs.readFileSync(keyFile, 'utf8')
    const second = loadVaultKeys({ keyFile })
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(content)
    expect(second.activeKid).toBe('local1')
    expect(second.keys.local1.equals(first.keys.local1)).toBe(true)

    // An envelope sealed after the first load opens after the second.
    expect(createVault(second).open(createVault(first).seal('persisted', AAD), AAD)).toBe('persisted')
  })

  test('an existing key file is read as it is', () => {
    fs.mkdirSync(path.dirname(keyFile), { recursive: true })
    const content = { activeKid: 'b', keys: { a: b64(key1), b: b64(key2) } }
    fs.writeFileSync(keyFile, JSON.stringify(content), { mode: 0o600 })
    const loaded: VaultKeys = loadVaultKeys({ keyFile })
    expect(loaded.activeKid).toBe('b')
    expect(loaded.keys.a.equals(key1)).toBe(true)
    expect(loaded.keys.b.equals(key2)).toBe(true)
  })

  test.each([
    ['not JSON', 'this is not json'],
    ['empty', ''],
    ['null', 'null'],
    ['without keys', JSON.stringify({ activeKid: 'a' })],
    ['with a short key', JSON.stringify({ activeKid: 'a', keys: { a: randomBytes(16).toString('base64') } })],
    [
      'naming a missing active key',
      JSON.stringify({ activeKid: 'b', keys: { a: randomBytes(32).toString('base64') } }),
    ],
  ])('a corrupt key file (%s) is refused and left alone', (_name, content) => {
    fs.mkdirSync(path.dirname(keyFile), { recursive: true })
    fs.writeFileSync(keyFile, content, { mode: 0o600 })
    expect(() => loadVaultKeys({ keyFile })).toThrow(VaultError)
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(content)
  })
})

describe('loadLookupKey', () => {
  let dir: string
  let keyFile: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-lookup-'))
    keyFile = path.join(dir, 'keys', 'lookup-hash.key')
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  test('LOOKUP_HASH_KEY is used as given and no file is written', () => {
    const key = loadLookupKey({ envValue: ` ${key1.toString('base64')} `, keyFile, production: true })
    expect(key.equals(key1)).toBe(true)
    expect(fs.existsSync(keyFile)).toBe(false)
    expect(() => loadLookupKey({ envValue: randomBytes(16).toString('base64'), keyFile })).toThrow(VaultError)
  })

  test('production without LOOKUP_HASH_KEY refuses and writes no key file', () => {
    expect(() => loadLookupKey({ keyFile, production: true })).toThrow(/LOOKUP_HASH_KEY must be set in production/)
    expect(fs.existsSync(keyFile)).toBe(false)
  })

  test('without LOOKUP_HASH_KEY a local key file is created once with mode 0600 and reused', () => {
    const first = loadLookupKey({ keyFile })
    expect(first).toHaveLength(32)
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.dirname(keyFile))).toEqual(['lookup-hash.key'])
    expect(loadLookupKey({ keyFile }).equals(first)).toBe(true)
  })

  test('a corrupt key file is refused and left alone', () => {
    fs.mkdirSync(path.dirname(keyFile), { recursive: true })
    fs.writeFileSync(keyFile, 'short', { mode: 0o600 })
    expect(() => loadLookupKey({ keyFile })).toThrow(VaultError)
    expect(fs.readFileSync(keyFile, 'utf8')).toBe('short')
  })
})

describe('keyedHash', () => {
  test('is HMAC-SHA256 in hex (RFC 4231 test case 2)', () => {
    expect(keyedHash(Buffer.from('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
  })

  test('is deterministic per key and differs across keys and values', () => {
    const value = '110101199003077777'
    expect(keyedHash(key1, value)).toMatch(/^[0-9a-f]{64}$/)
    expect(keyedHash(key1, value)).toBe(keyedHash(Buffer.from(key1), value))
    expect(keyedHash(key1, value)).not.toBe(keyedHash(key2, value))
    expect(keyedHash(key1, value)).not.toBe(keyedHash(key1, '110101199003077778'))
  })

  test('hashes the value as given: normalising is left to the caller', () => {
    expect(keyedHash(key1, '\u00e9')).not.toBe(keyedHash(key1, 'e\u0301'))
    expect(keyedHash(key1, 'abc')).not.toBe(keyedHash(key1, 'ABC'))
  })
})

describe('rotating the key over the database (npm run vault:rewrap)', () => {
  test('every sealed column is re-wrapped under the new key, after which the old key can go', async () => {
    const database = await createTestDatabase()
    try {
      const old = vaultWith({ k1: key1 }, 'k1')
      const db = database.db
      const [person] = await db.insert(users).values({ username: 'rotating' }).returning()
      await db
        .update(users)
        .set({ idNumberSealed: old.seal('110101199003071234', idNumberAad(person.id)) })
        .where(eq(users.id, person.id))
      const [game] = await db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
      const [item] = await db.insert(goods).values({ gameId: game.id, title: '号', price: 100 }).returning()
      await storeCredentials(db, old, item.id, { account: 'a', password: 'p' } as AccountCredentials)

      const rotating = vaultWith({ k2: key2, k1: key1 }, 'k2')
      const first = await rewrapAll(db, rotating)
      expect(first.columns['users.id_number_sealed']).toEqual({ rewrapped: 1, current: 0 })
      expect(first.columns['goods_credentials.sealed']).toEqual({ rewrapped: 1, current: 0 })
      expect((await rewrapAll(db, rotating)).columns['goods_credentials.sealed']).toEqual({ rewrapped: 0, current: 1 })

      const retired = vaultWith({ k2: key2 }, 'k2')
      const [after] = await db.select().from(users).where(eq(users.id, person.id))
      expect(retired.open(after.idNumberSealed!, idNumberAad(person.id))).toBe('110101199003071234')
      const [credentials] = await db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, item.id))
      expect(JSON.parse(retired.open(credentials.sealed, credentialsAad(item.id)))).toEqual({
        account: 'a',
        password: 'p',
      })
    } finally {
      await database.close()
    }
  })
})
