import { AppError } from '../../server/lib/envelope'
import { createMemoryKv, type KvStore } from '../../server/lib/kv'
import { consume, waitText, type Limit } from '../../server/lib/rateLimit'

let now: number
let kv: KvStore
beforeEach(() => {
  now = 1_700_000_000_000
  kv = createMemoryKv(() => now)
})
afterEach(() => kv.close())

const limit = (key: string, max: number, windowSeconds: number, message = `${key} 太频繁，请 {s} 秒后再试`): Limit => ({
  key,
  max,
  windowSeconds,
  message,
})

/** The AppError `consume` refused with; fails the test when it did not refuse. */
async function refusal(limits: Limit[]): Promise<AppError> {
  try {
    await consume(kv, limits)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('consume did not refuse')
}

describe('consume', () => {
  test('allows max uses, then refuses with 429 and the seconds left in the window', async () => {
    const sms = limit('rl:sms:phone:13800000000', 3, 60)
    for (let i = 0; i < 3; i++) await expect(consume(kv, [sms])).resolves.toBeUndefined()

    const first = await refusal([sms])
    expect(first.code).toBe(429)
    expect(first.data).toEqual({ retryAfter: 60 })
    expect(first.message).toBe('rl:sms:phone:13800000000 太频繁，请 60 秒后再试')

    now += 20_500
    const later = await refusal([sms])
    expect(later.code).toBe(429)
    // 39.5 s left, rounded up: never tell the user to retry before the window ends.
    expect(later.data).toEqual({ retryAfter: 40 })
    expect(later.message).toBe('rl:sms:phone:13800000000 太频繁，请 40 秒后再试')

    now += 39_000
    expect((await refusal([sms])).data).toEqual({ retryAfter: 1 })
  })

  test('refused attempts do not extend the window', async () => {
    const login = limit('rl:login:ip:1.2.3.4', 1, 10)
    await consume(kv, [login])
    for (let i = 0; i < 5; i++) {
      now += 1_000
      expect((await refusal([login])).data).toEqual({ retryAfter: 10 - (i + 1) })
    }
  })

  test('the window resets once it has passed', async () => {
    const login = limit('rl:login:ip:1.2.3.4', 2, 30)
    await consume(kv, [login])
    await consume(kv, [login])
    await expect(consume(kv, [login])).rejects.toBeInstanceOf(AppError)

    now += 29_999
    await expect(consume(kv, [login])).rejects.toBeInstanceOf(AppError)

    now += 1
    await expect(consume(kv, [login])).resolves.toBeUndefined()
    await expect(consume(kv, [login])).resolves.toBeUndefined()
    expect((await refusal([login])).data).toEqual({ retryAfter: 30 })
  })

  test('limits on different keys are counted separately', async () => {
    await consume(kv, [limit('rl:a', 1, 60)])
    await expect(consume(kv, [limit('rl:b', 1, 60)])).resolves.toBeUndefined()
    await expect(consume(kv, [limit('rl:a', 1, 60)])).rejects.toMatchObject({ code: 429 })
  })

  test('every limit is counted while none is over', async () => {
    await consume(kv, [limit('rl:phone', 5, 60), limit('rl:ip', 5, 3600)])
    await consume(kv, [limit('rl:phone', 5, 60), limit('rl:ip', 5, 3600)])
    expect(await kv.get('rl:phone')).toBe('2')
    expect(await kv.get('rl:ip')).toBe('2')
    expect(await kv.ttl('rl:ip')).toBe(3600)
  })

  test('the first limit that is over wins and the later ones are not counted', async () => {
    const phone = limit('rl:phone', 1, 60)
    const ip = limit('rl:ip', 1, 3600)
    await consume(kv, [phone, ip])

    // Both are over now: the first in the list is reported, with its own message and window.
    const error = await refusal([phone, ip])
    expect(error.message).toBe('rl:phone 太频繁，请 60 秒后再试')
    expect(error.data).toEqual({ retryAfter: 60 })
    expect(await kv.get('rl:ip')).toBe('1')

    // Only the later limit over: it is reported, and the earlier one was counted on the way.
    const fresh = limit('rl:fresh', 10, 60)
    const second = await refusal([fresh, ip])
    expect(second.message).toBe('rl:ip 太频繁，请 3600 秒后再试')
    expect(second.data).toEqual({ retryAfter: 3600 })
    expect(await kv.get('rl:fresh')).toBe('1')
  })

  test('a refusal by a short per-phone limit does not use up the long per-IP limit', async () => {
    const phone = limit('rl:phone', 1, 60)
    const ip = limit('rl:ip', 3, 3600)
    await consume(kv, [phone, ip])
    for (let i = 0; i < 10; i++) await expect(consume(kv, [phone, ip])).rejects.toMatchObject({ code: 429 })
    expect(await kv.get('rl:ip')).toBe('1')

    now += 60_000
    await consume(kv, [phone, ip])
    expect(await kv.get('rl:ip')).toBe('2')
  })

  test('a message without {s} is kept as it is', async () => {
    const quiet = limit('rl:q', 0, 60, '操作太频繁')
    const error = await refusal([quiet])
    expect(error.message).toBe('操作太频繁')
    expect(error.data).toEqual({ retryAfter: 60 })
  })

  test('{wait} says the wait in words, rounded up', async () => {
    const error = await refusal([limit('rl:w', 0, 900, '请 {wait}后再试')])
    expect(error.message).toBe('请 15 分钟后再试')
    expect([waitText(45), waitText(60), waitText(61), waitText(3600), waitText(3601)]).toEqual([
      '45 秒',
      '1 分钟',
      '2 分钟',
      '1 小时',
      '2 小时',
    ])
  })
})
