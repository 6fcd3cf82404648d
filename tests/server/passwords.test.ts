import { hash } from '@node-rs/argon2'
import { hashPassword, verifyPassword } from '../../server/lib/passwords'

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

describe('passwords', () => {
  test('hashPassword gives an argon2id PHC string with m=19456, t=2, p=1', async () => {
    const stored = await hashPassword('correct horse battery staple')
    const match = PHC.exec(stored)
    expect(match).not.toBeNull()
    // 16-byte salt and 32-byte hash, unpadded base64.
    expect(Buffer.from(match![1], 'base64').length).toBeGreaterThanOrEqual(16)
    expect(Buffer.from(match![2], 'base64').length).toBeGreaterThanOrEqual(32)
    expect(stored).not.toContain('correct horse')
  })

  test('verifyPassword accepts the right password and refuses wrong ones', async () => {
    const stored = await hashPassword('密码Passw0rd!')
    expect(await verifyPassword(stored, '密码Passw0rd!')).toBe(true)
    expect(await verifyPassword(stored, '密码passw0rd!')).toBe(false)
    expect(await verifyPassword(stored, '密码Passw0rd')).toBe(false)
    expect(await verifyPassword(stored, '')).toBe(false)
  })

  test('two hashes of one password differ (random salt) and both verify', async () => {
    const a = await hashPassword('same password')
    const b = await hashPassword('same password')
    expect(a).not.toBe(b)
    expect(a.split('$')[4]).not.toBe(b.split('$')[4])
    expect(await verifyPassword(a, 'same password')).toBe(true)
    expect(await verifyPassword(b, 'same password')).toBe(true)
  })

  test('a hash made with older, weaker parameters still verifies', async () => {
    const old = await hash('legacy password', { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 })
    expect(old).toContain('$m=4096,t=3,p=1$')
    expect(await verifyPassword(old, 'legacy password')).toBe(true)
    expect(await verifyPassword(old, 'legacy passwort')).toBe(false)
  })
})
