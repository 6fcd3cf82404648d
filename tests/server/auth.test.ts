/**
 * The "Session and account" calls of API.md against a real database: every endpoint's success, missing
 * and revoked tokens, another user's data, bad input, brute force, captcha reuse, SMS limits, and a scan
 * of every response body of this file for secrets.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../../server/db'
import { sessions, users } from '../../server/db/schema'
import { demoAccountsText, seedDemoUsers } from '../../server/seed/users'
import { verifyPassword } from '../../server/lib/passwords'
import { isValidIdNumber } from '../../src/contract/validation'
import type { LocalSmsSender } from '../../server/lib/sms'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createPerson } from './helpers/http'
import { productionEnv } from './helpers/production'

let database: Database
let app: ReturnType<typeof createTestApp>
const bodies: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') bodies.push(payload)
    return payload
  })
  await app.ready()
})

// Every body this file received, against every secret the database holds at the end.
afterAll(async () => {
  const rows = await database.db.select().from(users)
  const sessionRows = await database.db.select().from(sessions)
  const secrets = [
    ...rows.flatMap((row) => [row.passwordHash, row.idNumberSealed]),
    ...sessionRows.map((row) => row.tokenHash),
    '11010519491231002X',
    '$argon2id$',
  ].filter((value): value is string => Boolean(value))
  expect(bodies.length).toBeGreaterThan(100)
  for (const body of bodies) for (const secret of secrets) expect(body.includes(secret)).toBe(false)
  await app.close()
  await database.close()
})

// Response data is read field by field in assertions; jest reports a wrong shape better than a type would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = { code: number; msg: string; data?: any }
let ipCounter = 0
/** Each test call comes from its own address unless given one, so per-IP limits stay out of the way. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; body?: object; query?: Record<string, string>; ip?: string } = {},
) {
  const response = await app.inject({
    method,
    url,
    query: options.query,
    payload: options.body,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  })
  return { status: response.statusCode, body: response.json() as Reply }
}

async function captcha(): Promise<{ uuid: string; code: string }> {
  const { body } = await call('GET', '/api/captchaImage')
  return { uuid: body.data.uuid, code: (await app.deps.kv.get(`captcha:${body.data.uuid}`)) as string }
}

const outbox = () => app.deps.sms as LocalSmsSender

/** Sends a code (lifting the 60 s cooldown, which its own test covers) and reads it from the outbox. */
async function smsCode(phone: string, scene: string, ip?: string): Promise<string> {
  await app.deps.kv.del(`rl:sms:cool:${phone}`)
  const { status, body } = await call('GET', '/api/sms/sendYzm', { query: { phone, scene, ...(await captcha()) }, ip })
  expect({ status, body }).toMatchObject({ status: 200, body: { data: { cooldown: 60 } } })
  return outbox().outbox(phone)[0].code
}

let phoneCounter = 0
const newPhone = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneCounter).padStart(3, '0')}`

async function registerUser(username: string, password = 'secret123') {
  const phone = newPhone()
  const smsCodeValue = await smsCode(phone, 'register')
  const { status, body } = await call('POST', '/api/register', {
    body: { username, password, phone, smsCode: smsCodeValue, agree: true, ...(await captcha()) },
  })
  expect(status).toBe(200)
  return { userId: body.data.userId as number, phone, password, username }
}

async function login(username: string, password: string, ip?: string) {
  return call('POST', '/api/login', { body: { username, password, ...(await captcha()) }, ip })
}

async function signIn(username: string, password: string): Promise<string> {
  const { status, body } = await login(username, password)
  expect(status).toBe(200)
  return body.data.token
}

describe('captcha', () => {
  test('a PNG data URL whose answer works once', async () => {
    const { body } = await call('GET', '/api/captchaImage')
    expect(body.data).toMatchObject({ captchaEnabled: true, uuid: expect.any(String) })
    expect(body.data.img).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(body.data.img.split(',')[1], 'base64')
    expect((await sharp(png).metadata()).format).toBe('png')

    const answer = (await app.deps.kv.get(`captcha:${body.data.uuid}`)) as string
    const user = await registerUser('capuser1')
    const first = await call('POST', '/api/login', {
      body: { username: user.username, password: user.password, uuid: body.data.uuid, code: answer },
    })
    expect(first.status).toBe(200)
    const reuse = await call('POST', '/api/login', {
      body: { username: user.username, password: user.password, uuid: body.data.uuid, code: answer },
    })
    expect(reuse).toMatchObject({ status: 400, body: { msg: '图形验证码错误或已过期，请重新输入' } })
  })

  test('a wrong answer spends the captcha', async () => {
    const { uuid, code } = await captcha()
    const wrong = code === 'AAAA' ? 'CCCC' : 'AAAA'
    const user = await registerUser('capuser2')
    expect(
      (await call('POST', '/api/login', { body: { username: user.username, password: 'x', uuid, code: wrong } }))
        .status,
    ).toBe(400)
    const retry = await call('POST', '/api/login', {
      body: { username: user.username, password: user.password, uuid, code },
    })
    expect(retry.body.msg).toBe('图形验证码错误或已过期，请重新输入')
  })
})

describe('SMS codes', () => {
  test('require a solved captcha and a valid phone', async () => {
    const phone = newPhone()
    const noCaptcha = await call('GET', '/api/sms/sendYzm', { query: { phone, scene: 'login', uuid: 'x', code: '1' } })
    expect(noCaptcha).toMatchObject({ status: 400, body: { msg: '图形验证码错误或已过期，请重新输入' } })
    const badPhone = await call('GET', '/api/sms/sendYzm', {
      query: { phone: '12345', scene: 'login', ...(await captcha()) },
    })
    expect(badPhone).toMatchObject({ status: 400, body: { msg: '请输入正确的 11 位手机号' } })
    const badScene = await call('GET', '/api/sms/sendYzm', { query: { phone, scene: 'spam', ...(await captcha()) } })
    expect(badScene.status).toBe(400)
    expect(badScene.body.msg).toContain('验证码用途')
    expect(outbox().outbox(phone)).toHaveLength(0)
  })

  test('one per phone per 60 s, ten per day', async () => {
    const phone = newPhone()
    const code = await smsCode(phone, 'login')
    expect(code).toMatch(/^\d{6}$/)
    const again = await call('GET', '/api/sms/sendYzm', { query: { phone, scene: 'login', ...(await captcha()) } })
    expect(again.status).toBe(429)
    expect(again.body.data.retryAfter).toBeGreaterThan(50)
    expect(again.body.data.retryAfter).toBeLessThanOrEqual(60)
    expect(again.body.data.codeSent).toBe(true)

    for (let sent = 1; sent < 10; sent += 1) {
      await app.deps.kv.del(`rl:sms:cool:${phone}`)
      await smsCode(phone, 'login')
    }
    await app.deps.kv.del(`rl:sms:cool:${phone}`)
    const eleventh = await call('GET', '/api/sms/sendYzm', { query: { phone, scene: 'login', ...(await captcha()) } })
    expect(eleventh).toMatchObject({ status: 429, body: { msg: '该手机号今日验证码次数已用完' } })
    expect(outbox().outbox(phone)).toHaveLength(10)
  })

  test('twenty per IP per hour, whatever the phones', async () => {
    const ip = '192.0.2.77'
    for (let i = 0; i < 20; i += 1) await smsCode(newPhone(), 'login', ip)
    const phone = newPhone()
    const refused = await call('GET', '/api/sms/sendYzm', {
      query: { phone, scene: 'login', ...(await captcha()) },
      ip,
    })
    expect(refused.status).toBe(429)
    expect(refused.body.data.retryAfter).toBeGreaterThan(3500)
    expect(refused.body.data.codeSent).toBeUndefined()
    expect(outbox().outbox(phone)).toHaveLength(0)
  })

  test('single use, bound to its scene, burnt after five wrong tries', async () => {
    const phone = newPhone()
    const code = await smsCode(phone, 'login')
    const otherScene = await call('POST', '/api/h5/SmsforPwd', { body: { phone, smsCode: code, password: 'abc12345' } })
    expect(otherScene).toMatchObject({ status: 400, body: { msg: '短信验证码错误或已过期' } })
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', '/api/h5/login', { body: { phone, smsCode: wrong, agree: true } })).status).toBe(400)
    }
    const burnt = await call('POST', '/api/h5/login', { body: { phone, smsCode: code, agree: true } })
    expect(burnt).toMatchObject({ status: 400, body: { msg: '验证码错误次数过多，请重新获取' } })

    await app.deps.kv.del(`rl:sms:cool:${phone}`)
    const fresh = await smsCode(phone, 'login')
    expect((await call('POST', '/api/h5/login', { body: { phone, smsCode: fresh, agree: true } })).status).toBe(200)
    expect((await call('POST', '/api/h5/login', { body: { phone, smsCode: fresh, agree: true } })).status).toBe(400)
  })
})

describe('sign-in', () => {
  test('phone login creates the user once and needs the agreement', async () => {
    const phone = newPhone()
    const code = await smsCode(phone, 'login')
    const refused = await call('POST', '/api/h5/login', { body: { phone, smsCode: code, agree: false } })
    expect(refused).toMatchObject({ status: 400, body: { msg: '请阅读并同意《用户协议》和《隐私政策》' } })
    const first = await call('POST', '/api/h5/login', { body: { phone, smsCode: code, agree: true } })
    expect(first.body.data).toMatchObject({ created: true, token: expect.any(String) })
    expect(Date.parse(first.body.data.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)

    // Named without the number: it shows in public (nickname) and at the console (username).
    const profile = await call('GET', '/api/system/user/profile', { token: first.body.data.token })
    expect(profile.body.data).toMatchObject({
      userName: expect.stringMatching(/^u[0-9a-f]{10}$/),
      nickName: `用户${phone.slice(-4)}`,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    })
    expect(JSON.stringify(profile.body)).not.toContain(phone)

    await app.deps.kv.del(`rl:sms:cool:${phone}`)
    const second = await call('POST', '/api/h5/login', {
      body: { phone, smsCode: await smsCode(phone, 'login'), agree: true },
    })
    expect(second.body.data.created).toBe(false)
  })

  test('a wrong password and an unknown user get the same answer', async () => {
    await registerUser('samemsg1')
    const wrong = await login('samemsg1', 'wrong1234')
    const unknown = await login('nobody999', 'wrong1234')
    expect(wrong).toEqual({ status: 400, body: { code: 400, msg: '用户名或密码错误' } })
    expect(unknown).toEqual(wrong)
  })

  test('username is case-insensitive; the phone number works as the account too', async () => {
    const user = await registerUser('CaseUser')
    expect((await login('caseuser', user.password)).status).toBe(200)
    expect((await login(user.phone, user.password)).status).toBe(200)
  })

  test('five wrong passwords from one address hold that address back, not the owner elsewhere', async () => {
    const user = await registerUser('lockme1')
    const ip = '192.0.2.41'
    for (let i = 0; i < 5; i += 1) expect((await login('lockme1', 'bad12345', ip)).status).toBe(400)
    const sixth = await login('lockme1', user.password, ip)
    expect(sixth).toMatchObject({
      status: 429,
      body: { msg: '密码错误次数过多，请 15 分钟后再试，或使用短信验证码登录' },
    })
    expect(sixth.body.data.retryAfter).toBeGreaterThan(890)
    // The owner, from their own address, is not locked out by the stranger's tries.
    expect((await login('lockme1', user.password, '192.0.2.42')).status).toBe(200)
  })

  test('a name nobody has is throttled exactly like a real one', async () => {
    await registerUser('realname7')
    const answers = async (username: string, ip: string) => {
      const replies = []
      for (let i = 0; i < 6; i += 1) replies.push(await login(username, 'bad12345', ip))
      return replies
    }
    expect(await answers('nobody777', '192.0.2.43')).toEqual(await answers('realname7', '192.0.2.44'))
  })

  test('a disabled account cannot sign in and its sessions stop working', async () => {
    const user = await registerUser('disabled1')
    const token = await signIn('disabled1', user.password)
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, user.userId))
    expect((await login('disabled1', user.password)).body.msg).toBe('账号已停用，请联系客服')
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)
  })
})

describe('register', () => {
  test('refuses each bad field with its own message', async () => {
    const base = {
      username: 'goodname1',
      password: 'secret123',
      phone: newPhone(),
      smsCode: '123456',
      agree: true,
      uuid: 'u',
      code: '1',
    }
    const cases: [object, string][] = [
      [{ username: '1abc' }, '用户名为 4–20 位字母、数字或下划线，以字母开头'],
      // The username is the first nickname, which is public.
      [{ username: 'wang13812345678' }, '用户名不能包含手机号'],
      [{ phone: '2345' }, '请输入正确的 11 位手机号'],
      [{ password: 'short1' }, '密码至少 8 位'],
      [{ password: 'lettersonly' }, '密码需同时包含字母和数字'],
      [{ smsCode: '12' }, '短信验证码格式不正确'],
      [{ agree: false }, '请阅读并同意《用户协议》和《隐私政策》'],
      [{ role: 'operator' }, '不支持的字段：role'],
    ]
    for (const [patch, msg] of cases) {
      const { status, body } = await call('POST', '/api/register', { body: { ...base, ...patch } })
      expect({ status, msg: body.msg }).toEqual({ status: 400, msg })
    }
    const missing = await call('POST', '/api/register', { body: { ...base, username: undefined } })
    expect(missing.body.msg).toContain('用户名')
  })

  test('a taken username or phone is refused and nothing is written', async () => {
    const first = await registerUser('takenname')
    const phone = newPhone()
    const again = await call('POST', '/api/register', {
      body: {
        username: 'TakenName',
        password: 'secret123',
        phone,
        smsCode: await smsCode(phone, 'register'),
        agree: true,
        ...(await captcha()),
      },
    })
    expect(again).toMatchObject({ status: 400, body: { msg: '用户名已被使用' } })
    await app.deps.kv.del(`rl:sms:cool:${first.phone}`)
    const samePhone = await call('POST', '/api/register', {
      body: {
        username: 'othername',
        password: 'secret123',
        phone: first.phone,
        smsCode: await smsCode(first.phone, 'register'),
        agree: true,
        ...(await captcha()),
      },
    })
    expect(samePhone).toMatchObject({ status: 400, body: { msg: '该手机号已注册，请直接登录' } })
    expect(await database.db.select().from(users).where(eq(users.username, 'othername'))).toHaveLength(0)
  })
})

describe('sessions', () => {
  test('no token, a garbage token and a logged-out token all get 401', async () => {
    expect(await call('GET', '/api/system/user/profile')).toMatchObject({ status: 401, body: { msg: '请先登录' } })
    expect(await call('GET', '/api/system/user/profile', { token: 'garbage' })).toMatchObject({
      status: 401,
      body: { msg: '登录状态已过期，请重新登录' },
    })
    const user = await registerUser('logout1')
    const token = await signIn('logout1', user.password)
    const other = await signIn('logout1', user.password)
    expect((await call('POST', '/api/logout', { token })).status).toBe(200)
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)
    expect((await call('GET', '/api/system/user/profile', { token: other })).status).toBe(200)
  })

  test('the Token header works as well as Authorization; the server keeps only a hash', async () => {
    const user = await registerUser('tokenhdr')
    const token = await signIn('tokenhdr', user.password)
    const response = await app.inject({ method: 'GET', url: '/api/system/user/profile', headers: { token } })
    expect(response.statusCode).toBe(200)
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.userId))
    expect(rows.map((row) => row.tokenHash)).not.toContain(token)
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('an expired session gets 401; use pushes the expiry forward', async () => {
    const user = await registerUser('expiry1')
    const token = await signIn('expiry1', user.password)
    const past = new Date(Date.now() - 120_000)
    await database.db.update(sessions).set({ lastSeenAt: past }).where(eq(sessions.userId, user.userId))
    await call('GET', '/api/system/user/profile', { token })
    const [slid] = await database.db.select().from(sessions).where(eq(sessions.userId, user.userId))
    expect(slid.lastSeenAt.getTime()).toBeGreaterThan(past.getTime())

    await database.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.userId, user.userId))
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)
  })

  test('a session ends 30 days after sign-in however much it is used', async () => {
    const user = await registerUser('maxlife1')
    const token = await signIn('maxlife1', user.password)
    const born = new Date(Date.now() - 29.9 * 86_400_000)
    await database.db
      .update(sessions)
      .set({ createdAt: born, lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(sessions.userId, user.userId))
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(200)
    // Sliding stops at the absolute end instead of adding another 7 days.
    const [slid] = await database.db.select().from(sessions).where(eq(sessions.userId, user.userId))
    expect(slid.expiresAt.getTime()).toBe(born.getTime() + 30 * 86_400_000)

    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 30.1 * 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(sessions.userId, user.userId))
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)
  })

  test('退出所有设备 ends every session of the user, this one too, and no one else’s', async () => {
    const user = await registerUser('everywhere1')
    const other = await registerUser('everywhere2')
    const [a, b] = [await signIn('everywhere1', user.password), await signIn('everywhere1', user.password)]
    const stranger = await signIn('everywhere2', other.password)
    expect((await call('POST', '/api/logout/all')).status).toBe(401)
    expect((await call('POST', '/api/logout/all', { token: a })).status).toBe(200)
    for (const token of [a, b]) expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)
    expect((await call('GET', '/api/system/user/profile', { token: stranger })).status).toBe(200)
  })

  test('a password reset by SMS ends every session; a change keeps only the caller’s', async () => {
    const user = await registerUser('resetme1')
    const a = await signIn('resetme1', user.password)
    const b = await signIn('resetme1', user.password)

    const change = await call('POST', '/api/h5/SmsforPwd', {
      token: a,
      body: {
        phone: user.phone,
        smsCode: await smsCode(user.phone, 'password'),
        password: 'changed123',
        currentPassword: user.password,
      },
    })
    expect(change.status).toBe(200)
    expect((await call('GET', '/api/system/user/profile', { token: a })).status).toBe(200)
    expect((await call('GET', '/api/system/user/profile', { token: b })).status).toBe(401)
    expect((await login('resetme1', user.password)).status).toBe(400)

    await app.deps.kv.del(`rl:sms:cool:${user.phone}`)
    const reset = await call('POST', '/api/h5/SmsforPwd', {
      body: { phone: user.phone, smsCode: await smsCode(user.phone, 'password'), password: 'again1234' },
    })
    expect(reset.status).toBe(200)
    expect((await call('GET', '/api/system/user/profile', { token: a })).status).toBe(401)
    expect((await login('resetme1', 'again1234')).status).toBe(200)
  })

  test('a signed-in change needs the current password, five tries reserved before any compare', async () => {
    const user = await registerUser('current1')
    const token = await signIn('current1', user.password)
    expect((await call('GET', '/api/system/user/profile', { token })).body.data.hasPassword).toBe(true)
    const change = (extra: object, smsCodeValue: string) =>
      call('POST', '/api/h5/SmsforPwd', {
        token,
        body: { phone: user.phone, smsCode: smsCodeValue, password: 'taken1234', ...extra },
      })
    const code = await smsCode(user.phone, 'password')

    const missing = await change({}, code)
    expect(missing).toMatchObject({ status: 400, body: { msg: '请输入当前密码' } })
    const wrongOnce = await change({ currentPassword: 'guess0000' }, code)
    expect(wrongOnce).toMatchObject({ status: 400, body: { msg: '当前密码错误' } })

    // A stolen session bursts 200 guesses and the right one: 4 tries were left, the right one is refused.
    const burst = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => change({ currentPassword: `guess${1000 + i}` }, code)),
      change({ currentPassword: user.password }, code),
    ])
    expect(burst.filter((r) => r.body.msg === '当前密码错误')).toHaveLength(4)
    expect(burst.every((r) => r.status === 400 || r.status === 429)).toBe(true)
    expect((await change({ currentPassword: user.password }, code)).status).toBe(429)
    expect((await login('current1', user.password)).status).toBe(200)

    // The SMS code was never spent by those refusals: after the window it still works.
    await app.deps.kv.del(`rl:password:current:${user.userId}`)
    expect((await change({ currentPassword: user.password }, code)).status).toBe(200)
    expect((await login('current1', 'taken1234')).status).toBe(200)
  })

  test('an account made by SMS sign-in sets its first password with the code alone', async () => {
    const phone = newPhone()
    const signedIn = await call('POST', '/api/h5/login', {
      body: { phone, smsCode: await smsCode(phone, 'login'), agree: true },
    })
    const token = signedIn.body.data.token as string
    expect((await call('GET', '/api/system/user/profile', { token })).body.data.hasPassword).toBe(false)
    const set = await call('POST', '/api/h5/SmsforPwd', {
      token,
      body: { phone, smsCode: await smsCode(phone, 'password'), password: 'first1234' },
    })
    expect(set.status).toBe(200)
    expect((await call('GET', '/api/system/user/profile', { token })).body.data.hasPassword).toBe(true)
  })

  test('a signed-in user cannot change another user’s password', async () => {
    const victim = await registerUser('victim01')
    const attacker = await registerUser('attacker1')
    const token = await signIn('attacker1', attacker.password)
    // The attacker cannot receive the victim's code, but even with it the call is refused.
    const code = await smsCode(victim.phone, 'password')
    const refused = await call('POST', '/api/h5/SmsforPwd', {
      token,
      body: { phone: victim.phone, smsCode: code, password: 'hijack123', currentPassword: attacker.password },
    })
    expect(refused.status).toBe(403)
    expect((await login('victim01', victim.password)).status).toBe(200)
  })

  test('a reset code for an unknown phone is answered like any other, and not sent', async () => {
    const phone = newPhone()
    const { status } = await call('GET', '/api/sms/sendYzm', {
      query: { phone, scene: 'password', ...(await captcha()) },
    })
    expect(status).toBe(200)
    expect(outbox().outbox(phone)).toHaveLength(0)
  })
})

describe('profile', () => {
  test('each user reads and edits only their own', async () => {
    const alice = await registerUser('alice01')
    const bob = await registerUser('bob00001')
    const aliceToken = await signIn('alice01', alice.password)
    const bobToken = await signIn('bob00001', bob.password)

    const updated = await call('PUT', '/api/system/user/profile', {
      token: aliceToken,
      body: { nickName: ' 小爱 ', sex: '1', qq: '123456', weixin: 'alice_wx', email: 'a@example.com' },
    })
    expect(updated.body.data).toMatchObject({ userId: alice.userId, nickName: '小爱', sex: '1', qq: '123456' })
    const bobView = await call('GET', '/api/system/user/profile', { token: bobToken })
    expect(bobView.body.data).toMatchObject({ userId: bob.userId, userName: 'bob00001', nickName: 'bob00001' })

    // Nothing in the body can name another user or grant a role.
    for (const field of ['userId', 'roles', 'phone', 'realNameStatus']) {
      const refused = await call('PUT', '/api/system/user/profile', {
        token: bobToken,
        body: { [field]: alice.userId },
      })
      expect(refused).toMatchObject({ status: 400, body: { msg: `不支持的字段：${field}` } })
    }
  })

  test('bad values are refused field by field', async () => {
    const user = await registerUser('badprof1')
    const token = await signIn('badprof1', user.password)
    const cases: [object, string][] = [
      [{ nickName: '' }, '昵称不能为空'],
      [{ nickName: '   ' }, '昵称不能为空'],
      [{ nickName: '13812345678' }, '昵称不能包含手机号'],
      [{ nickName: '小王 138-1234-5678' }, '昵称不能包含手机号'],
      [{ email: 'not-mail' }, '邮箱格式不正确'],
      [{ sex: '3' }, '性别只能是：0、1、2'],
      [{ qq: '12' }, 'QQ格式不正确'],
      [{ avatar: 'https://evil.example/x.png' }, '头像格式不正确'],
    ]
    for (const [patch, msg] of cases) {
      const { status, body } = await call('PUT', '/api/system/user/profile', { token, body: patch })
      expect({ status, msg: body.msg }).toEqual({ status: 400, msg })
    }
    expect((await call('PUT', '/api/system/user/profile', { body: { nickName: 'x' } })).status).toBe(401)
  })
})

describe('real name', () => {
  const ID = '11010519491231002X'

  test('checks the ID number and the name, stores it sealed and shows it masked', async () => {
    const user = await registerUser('realname1')
    const token = await signIn('realname1', user.password)
    const badId = await call('POST', '/api/realname/auth', {
      token,
      body: { realName: '张三', idNumber: '110105194912310021' },
    })
    expect(badId).toMatchObject({ status: 400, body: { msg: '身份证号不正确，请核对后重新输入' } })
    const badName = await call('POST', '/api/realname/auth', { token, body: { realName: 'Zhang', idNumber: ID } })
    expect(badName).toMatchObject({ status: 400, body: { msg: '请输入身份证上的中文姓名' } })

    const done = await call('POST', '/api/realname/auth', {
      token,
      body: { realName: '张三丰', idNumber: ID.toLowerCase() },
    })
    expect(done.body.data).toEqual({ realNameStatus: 'verified', realName: '张**', idNumber: '110***********002X' })
    const profile = await call('GET', '/api/system/user/profile', { token })
    expect(profile.body.data).toMatchObject({
      realNameStatus: 'verified',
      realName: '张**',
      idNumber: '110***********002X',
    })

    const [row] = await database.db.select().from(users).where(eq(users.id, user.userId))
    expect(row.idNumberSealed).not.toContain(ID)
    expect(app.deps.vault.open(row.idNumberSealed as string, `users:${user.userId}:idNumber`)).toBe(ID)

    const again = await call('POST', '/api/realname/auth', { token, body: { realName: '张三丰', idNumber: ID } })
    expect(again).toMatchObject({ status: 409, body: { msg: '已完成实名认证，无需重复提交' } })
    expect((await call('POST', '/api/realname/auth', { body: { realName: '张三', idNumber: ID } })).status).toBe(401)
  })

  test('one ID number verifies at most three accounts, however many ask at once', async () => {
    const idNumber = [...'0123456789X'].map((c) => `32010219880101123${c}`).find(isValidIdNumber) as string
    const tokens = await Promise.all(
      ['farm1', 'farm2', 'farm3', 'farm4', 'farm5'].map(async (name) => {
        const user = await registerUser(name)
        return signIn(name, user.password)
      }),
    )
    const answers = await Promise.all(
      tokens.map((token) => call('POST', '/api/realname/auth', { token, body: { realName: '李四', idNumber } })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, body: { msg: '该身份证号已认证 3 个账号，不能再认证新的账号' } })
    }
    const rows = await database.db.select().from(users).where(eq(users.realName, '李四'))
    expect(rows).toHaveLength(3)
    // The count is kept by a keyed hash: neither the number nor its plain hash is in the row.
    for (const row of rows) expect(row.idNumberHash).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set(rows.map((row) => row.idNumberHash)).size).toBe(1)
  })
})

describe('image upload', () => {
  function multipart(content: Buffer, filename = 'a.jpg', field = 'file') {
    const boundary = '----haoanxin-test'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }

  async function upload(content: Buffer, token?: string, filename?: string, field?: string, url = '/api/upload/image') {
    const { payload, headers } = multipart(content, filename, field)
    const response = await app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
    return { status: response.statusCode, body: response.json() as Reply }
  }

  let token: string
  beforeAll(async () => {
    const user = await registerUser('uploader1')
    token = await signIn('uploader1', user.password)
  })

  test('re-encodes a JPEG without its EXIF/GPS and serves it with a long cache', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff5a1f' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-gps-owner' } })
      .toBuffer()
    expect(jpeg.includes('secret-gps-owner')).toBe(true)

    const { status, body } = await upload(jpeg, token)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{40}\.jpg$/),
      width: 64,
      height: 48,
    })

    const served = await app.inject({ method: 'GET', url: body.data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['cache-control']).toContain('immutable')
    expect(served.rawPayload.includes('secret-gps-owner')).toBe(false)
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()

    const avatar = await call('PUT', '/api/system/user/profile', { token, body: { avatar: body.data.url } })
    expect(avatar.body.data.avatar).toBe(body.data.url)
  })

  test('refuses what is not an image whatever its name, and needs a user', async () => {
    expect(await upload(Buffer.from('<script>alert(1)</script>'), token, 'x.png')).toMatchObject({
      status: 400,
      body: { msg: '图片格式不支持，请上传 JPG、PNG 或 WebP 图片' },
    })
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
    expect((await upload(gif, token, 'x.gif')).status).toBe(400)
    expect((await upload(Buffer.from('x'), undefined)).status).toBe(401)
    expect((await upload(Buffer.from('x'), token, 'a.jpg', 'other')).body.msg).toBe('请选择要上传的图片（字段 file）')
  })

  test('the console uploads through its own door, for editors only, into the same store', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#12b76a' } })
      .png()
      .toBuffer()
    const editor = await createPerson(database, ['user', 'editor'])
    const reviewer = await createPerson(database, ['user', 'reviewer'])
    const stored = await upload(png, editor.token, 'icon.png', 'file', '/api/admin/upload/image')
    expect(stored).toMatchObject({
      status: 200,
      body: { data: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{40}\.png$/) } },
    })
    expect((await upload(png, reviewer.token, 'icon.png', 'file', '/api/admin/upload/image')).status).toBe(403)
    expect((await upload(png, token, 'icon.png', 'file', '/api/admin/upload/image')).status).toBe(403)
    expect((await upload(png, undefined, 'icon.png', 'file', '/api/admin/upload/image')).status).toBe(401)
  })

  test('refuses more than 5 MB with 413', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1)
    expect(await upload(big, token)).toMatchObject({ status: 413, body: { msg: '图片不能超过 5 MB' } })
  })
})

describe('dev tools', () => {
  test('are absent in production', async () => {
    const production = createTestApp(database, { env: productionEnv() })
    await production.ready()
    expect((await production.inject({ method: 'GET', url: '/dev/sms/outbox' })).statusCode).toBe(404)
    expect((await production.inject({ method: 'GET', url: '/dev/captcha/x' })).statusCode).toBe(404)
    expect((await production.inject({ method: 'GET', url: '/dev/alipay?out_trade_no=P1' })).statusCode).toBe(404)
    await production.close()
  })

  test('answer loopback clients only, whatever a header says', async () => {
    for (const url of ['/dev/sms/outbox', '/dev/captcha/x', '/dev/alipay?out_trade_no=P1', '/dev/cashier.css']) {
      const away = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.168.1.20',
        headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' },
      })
      expect({ url, status: away.statusCode, msg: away.json().msg }).toEqual({
        url,
        status: 403,
        msg: '开发工具仅限本机访问',
      })
    }
    const pay = await app.inject({ method: 'POST', url: '/dev/alipay/pay', remoteAddress: '10.0.0.8', payload: {} })
    expect(pay.statusCode).toBe(403)
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.inject({ method: 'GET', url: '/dev/sms/outbox', remoteAddress })).statusCode).toBe(200)
    }
  })

  test('demo staff get a random password when local mode is on the network, the known one on loopback', async () => {
    const staffHash = async () =>
      (await database.db.select().from(users).where(eq(users.username, 'operator')))[0].passwordHash!
    const onNetwork = await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: true })
    const operator = onNetwork.find((account) => account.username === 'operator')!
    expect(operator.password).not.toBe('operator2026')
    expect(operator.password.length).toBeGreaterThanOrEqual(16)
    expect(await verifyPassword(await staffHash(), 'operator2026')).toBe(false)
    expect(await verifyPassword(await staffHash(), operator.password)).toBe(true)
    expect(onNetwork.find((account) => account.username === 'buyer')!.password).toBe('buyer2026')
    expect(demoAccountsText(onNetwork)).toContain(`operator / ${operator.password}`)

    await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
    expect(await verifyPassword(await staffHash(), 'operator2026')).toBe(true)
  })

  test('show the outbox and a captcha answer without spending it', async () => {
    const phone = newPhone()
    const code = await smsCode(phone, 'login')
    const box = await app.inject({ method: 'GET', url: `/dev/sms/outbox?phone=${phone}` })
    expect(box.json().data[0]).toMatchObject({ phone, scene: 'login', code })
    const { body } = await call('GET', '/api/captchaImage')
    const answer = (await app.inject({ method: 'GET', url: `/dev/captcha/${body.data.uuid}` })).json().data.answer
    expect(answer).toBe(await app.deps.kv.get(`captcha:${body.data.uuid}`))
  })
})
