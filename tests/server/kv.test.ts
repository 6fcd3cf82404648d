import { randomBytes } from 'node:crypto'
import { createMemoryKv, openRedisKv, type KvStore } from '../../server/lib/kv'

/** Waits (up to 2 s) for something a published message makes true. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(done()).toBe(true)
}

/** The contract both adapters keep; `elapse` moves time forward for the store under test. */
function kvContract(open: () => Promise<{ kv: KvStore; elapse(ms: number): Promise<void> }>) {
  let kv: KvStore
  let elapse: (ms: number) => Promise<void>
  beforeEach(async () => {
    ;({ kv, elapse } = await open())
  })
  afterEach(() => kv.close())

  test('ping answers while the store is reachable', async () => {
    await expect(kv.ping()).resolves.toBeUndefined()
  })

  test('set then get; a missing key is null; del removes', async () => {
    expect(await kv.get('captcha:a')).toBeNull()
    await kv.set('captcha:a', '7', 120)
    expect(await kv.get('captcha:a')).toBe('7')
    await kv.del('captcha:a')
    expect(await kv.get('captcha:a')).toBeNull()
  })

  test('a value expires after its TTL', async () => {
    await kv.set('sms:138', '123456', 1)
    await elapse(1100)
    expect(await kv.get('sms:138')).toBeNull()
  })

  test('incr counts within a window that starts at the first increment', async () => {
    expect(await kv.incr('rate:ip', 1)).toBe(1)
    expect(await kv.incr('rate:ip', 1)).toBe(2)
    await elapse(600)
    expect(await kv.incr('rate:ip', 1)).toBe(3)
    await elapse(600)
    expect(await kv.incr('rate:ip', 1)).toBe(1)
  })

  test('ttl counts down and is 0 for a missing key', async () => {
    expect(await kv.ttl('rate:none')).toBe(0)
    await kv.set('rate:t', '1', 60)
    expect(await kv.ttl('rate:t')).toBeGreaterThan(58)
    expect(await kv.ttl('rate:t')).toBeLessThanOrEqual(60)
  })

  test('publish reaches the channel’s listeners and no others; a listener that stopped hears nothing', async () => {
    const heard: string[] = []
    const elsewhere: string[] = []
    const stop = await kv.subscribe('room', (message) => heard.push(message))
    await kv.subscribe('other', (message) => elsewhere.push(message))
    await kv.publish('room', 'a')
    await until(() => heard.length === 1)
    stop()
    await kv.publish('room', 'b')
    await kv.publish('other', 'c')
    await until(() => elsewhere.length === 1)
    expect(heard).toEqual(['a'])
    expect(elsewhere).toEqual(['c'])
  })

  test('take returns the value once', async () => {
    await kv.set('captcha:b', '42', 120)
    expect(await kv.take('captcha:b')).toBe('42')
    expect(await kv.take('captcha:b')).toBeNull()
    expect(await kv.get('captcha:b')).toBeNull()
  })
}

describe('memory KvStore', () => {
  kvContract(async () => {
    let now = 1_000_000
    return {
      kv: createMemoryKv(() => now),
      elapse: async (ms) => {
        now += ms
      },
    }
  })

  test('reports its kind', async () => {
    const kv = createMemoryKv()
    expect(kv.kind).toBe('memory')
    await kv.close()
  })
})

const redisUrl = process.env.REDIS_URL
const describeRedis = redisUrl ? describe : describe.skip

describeRedis('redis KvStore (runs only when REDIS_URL is set)', () => {
  kvContract(async () => ({
    // A prefix of its own per test, so runs never see each other's keys.
    kv: await openRedisKv(redisUrl!, `haoanxin-test:${randomBytes(4).toString('hex')}:`),
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }))
})

describeRedis('redis KvStore across instances (runs only when REDIS_URL is set)', () => {
  test('what one instance publishes, another hears', async () => {
    const prefix = `haoanxin-test:${randomBytes(4).toString('hex')}:`
    const [one, two] = await Promise.all([openRedisKv(redisUrl!, prefix), openRedisKv(redisUrl!, prefix)])
    try {
      const heard: string[] = []
      await two.subscribe('room', (message) => heard.push(message))
      await one.publish('room', 'from one')
      await until(() => heard.length === 1)
      expect(heard).toEqual(['from one'])
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })
})

test('a Redis that cannot be reached fails at open, with its address', async () => {
  await expect(openRedisKv('redis://127.0.0.1:1')).rejects.toThrow('无法连接 Redis（127.0.0.1:1）')
})
