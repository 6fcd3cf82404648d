/**
 * Every "N tries" rule under a burst: 200 wrong guesses and the right one sent at once. Each rule must
 * reserve its try before it compares, so the burst gets no more comparisons than a patient attacker and
 * the right guess, arriving after the limit is spent, is refused. Runs on the memory store, and again on
 * Redis when REDIS_URL is set (CI's second pass).
 */
import { randomBytes } from 'node:crypto'
import type { Database } from '../../server/db'
import { users } from '../../server/db/schema'
import { createMemoryKv, openRedisKv, type KvStore } from '../../server/lib/kv'
import { hashPassword } from '../../server/lib/passwords'
import type { LocalSmsSender } from '../../server/lib/sms'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const BURST = 200
const RIGHT_AT = 100

function limitsUnder(openKv: () => Promise<KvStore>) {
  let app: ReturnType<typeof createTestApp>
  beforeAll(async () => {
    app = createTestApp(database, { kv: await openKv() })
    await app.ready()
  })
  afterAll(() => app.close())

  let counter = 0
  const unique = () => `${Date.now() % 1e6}${String(++counter).padStart(3, '0')}`

  /** A captcha whose answer the test knows, without rendering one. */
  async function captcha(answer = 'ACDE') {
    const uuid = `burst-${randomBytes(8).toString('hex')}`
    await app.deps.kv.set(`captcha:${uuid}`, answer, 120)
    return { uuid, code: answer }
  }

  /** Sends every body at once; the answers come back in the order the bodies were given. */
  const burst = (url: string, bodies: object[], ip: (index: number) => string) =>
    Promise.all(
      bodies.map(async (body, index) => {
        const response = await app.inject({ method: 'POST', url, payload: body, remoteAddress: ip(index) })
        return { status: response.statusCode, msg: (response.json() as { msg: string }).msg }
      }),
    )

  test('SMS code: at most 5 guesses are compared, the right one after them is refused', async () => {
    const phone = `135${unique().padStart(8, '0').slice(-8)}`
    const sent = await app.inject({
      method: 'GET',
      url: '/api/sms/sendYzm',
      query: { phone, scene: 'login', ...(await captcha()) },
    })
    expect(sent.statusCode).toBe(200)
    const code = (app.deps.sms as LocalSmsSender).outbox(phone)[0].code
    const wrong = code === '000000' ? '111111' : '000000'
    const bodies = Array.from({ length: BURST }, () => ({ phone, smsCode: wrong, agree: true }))
    bodies.splice(RIGHT_AT, 0, { phone, smsCode: code, agree: true })

    const answers = await burst('/api/h5/login', bodies, (i) => `10.20.${i >> 8}.${i & 255}`)
    expect(answers[RIGHT_AT]).toEqual({ status: 400, msg: '验证码错误次数过多，请重新获取' })
    expect(answers.filter((a) => a.msg === '短信验证码错误或已过期')).toHaveLength(5)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0)
    // The code is burnt: even alone, afterwards, it no longer works.
    const after = await app.inject({
      method: 'POST',
      url: '/api/h5/login',
      payload: { phone, smsCode: code, agree: true },
    })
    expect(after.statusCode).toBe(400)
  })

  async function userWithPassword(password: string) {
    const username = `burst${unique()}`
    await database.db.insert(users).values({
      username,
      phone: `136${unique().padStart(8, '0').slice(-8)}`,
      passwordHash: await hashPassword(password),
    })
    return username
  }

  async function passwordBurst(username: string, password: string, ip: (index: number) => string) {
    const bodies: object[] = []
    for (let i = 0; i < BURST; i += 1) bodies.push({ username, password: `wrong-${i}`, ...(await captcha()) })
    bodies.splice(RIGHT_AT, 0, { username, password, ...(await captcha()) })
    return burst('/api/login', bodies, ip)
  }

  test('password from one address: at most 5 are verified, the right one after them is refused', async () => {
    const username = await userWithPassword('right-password-1')
    const answers = await passwordBurst(username, 'right-password-1', () => '10.21.0.1')
    expect(answers[RIGHT_AT].status).toBe(429)
    expect(answers.filter((a) => a.msg === '用户名或密码错误')).toHaveLength(5)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0)
  })

  test('password from 201 addresses: at most 50 are verified for the account, the right one is refused', async () => {
    const username = await userWithPassword('right-password-2')
    const answers = await passwordBurst(username, 'right-password-2', (i) => `10.22.${i >> 8}.${i & 255}`)
    expect(answers[RIGHT_AT]).toMatchObject({ status: 429, msg: expect.stringContaining('该账号密码尝试次数过多') })
    expect(answers.filter((a) => a.msg === '用户名或密码错误')).toHaveLength(50)
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0)
  })

  test('captcha: one image is compared once, whatever the burst', async () => {
    const username = await userWithPassword('right-password-3')
    const { uuid } = await captcha('HJKM')
    const bodies = Array.from({ length: BURST }, () => ({ username, password: 'right-password-3', uuid, code: 'WXYA' }))
    bodies.splice(RIGHT_AT, 0, { username, password: 'right-password-3', uuid, code: 'HJKM' })
    const answers = await burst('/api/login', bodies, (i) => `10.23.${i >> 8}.${i & 255}`)
    const spent = answers.filter((a) => a.msg === '图形验证码错误或已过期，请重新输入')
    expect(spent.length).toBeGreaterThanOrEqual(BURST)
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1)
  })

  /** Asks for a login code for each phone at once, each from its address and with its own solved captcha. */
  const smsBurst = async (phones: string[], ip: (index: number) => string) => {
    const captchas = await Promise.all(phones.map(() => captcha()))
    return Promise.all(
      phones.map(async (phone, index) => {
        const query = { phone, scene: 'login', ...captchas[index] }
        const response = await app.inject({ url: '/api/sms/sendYzm', query, remoteAddress: ip(index) })
        return response.statusCode
      }),
    )
  }
  const delivered = (phones: string[]) =>
    (app.deps.sms as LocalSmsSender).outbox().filter((entry) => phones.includes(entry.phone)).length

  test('SMS bombing from one address: 1,000 phones at once, 20 messages sent (the hourly limit per address)', async () => {
    const prefix = unique().slice(-4)
    const phones = Array.from({ length: 1000 }, (_, i) => `137${prefix}${String(i).padStart(4, '0')}`)
    const answers = await smsBurst(phones, () => '10.25.0.1')
    expect(answers.filter((status) => status === 200)).toHaveLength(20)
    expect(answers.filter((status) => status === 429)).toHaveLength(980)
    expect(delivered(phones)).toBe(20)
  })

  test('SMS bombing of one phone: 1,000 addresses at once, one message sent (the cool-down per phone)', async () => {
    const phone = `136${unique().padStart(8, '0').slice(-8)}`
    const answers = await smsBurst(
      Array.from({ length: 1000 }, () => phone),
      (index) => `10.26.${Math.floor(index / 250)}.${index % 250}`,
    )
    expect(answers.filter((status) => status === 200)).toHaveLength(1)
    expect(delivered([phone])).toBe(1)
  })

  test('captcha images: 30 a minute per address, then 429', async () => {
    const ip = '10.24.0.1'
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/api/captchaImage', remoteAddress: ip })),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30)
    const refused = answers.find((a) => a.statusCode === 429)!.json()
    expect(refused.msg).toMatch(/^获取验证码过于频繁，请 (\d+ 秒|1 分钟)后再试$/)
  })
}

describe('on the memory store', () => limitsUnder(async () => createMemoryKv()))

const redisUrl = process.env.REDIS_URL
const describeRedis = redisUrl ? describe : describe.skip
describeRedis('on Redis (runs only when REDIS_URL is set)', () =>
  limitsUnder(() => openRedisKv(redisUrl!, `haoanxin-test:${randomBytes(4).toString('hex')}:`)),
)
