/**
 * The console's sign-in: enrolment by a TOTP secret on the first sign-in, password and code after that,
 * a code accepted once, five wrong tries locking the account for 15 minutes (a burst included), sessions
 * that end after 8 h idle, and console sessions the only kind `/api/admin` accepts.
 */
import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { auditLog, sessions, users } from '../../server/db/schema'
import { createSession } from '../../server/lib/auth'
import { hashPassword } from '../../server/lib/passwords'
import { totpNow, TOTP_STEP_MS } from '../../server/lib/totp'
import { seedDemoUsers } from '../../server/seed/users'
import { STAFF_LOGIN_WRONG } from '../../server/modules/staff/service'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createCaller, createPerson } from './helpers/http'

let database: Database
let app: App & { deps: ReturnType<typeof createTestApp>['deps'] }
let call: ReturnType<typeof createCaller>

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

let staffCount = 0
/** A staff member with a password and no authenticator yet. */
async function newStaff(roles: ('admin' | 'reviewer' | 'finance')[] = ['reviewer']) {
  staffCount += 1
  const username = `staff${staffCount}`
  await database.db
    .insert(users)
    .values({ username, roles: ['user', ...roles], passwordHash: await hashPassword('desk-2026') })
  return username
}

const login = (body: object, ip?: string) => call('POST', '/api/admin/login', { body, ip })

/** Enrols `username` and returns the secret its authenticator now holds. */
async function enrol(username: string): Promise<string> {
  const first = await login({ username, password: 'desk-2026' })
  expect(first.status).toBe(200)
  const { secret, otpauthUrl } = first.body.data.enrolment
  expect(otpauthUrl).toBe(
    `otpauth://totp/%E5%8F%B7%E5%AE%89%E5%BF%83:${username}?secret=${secret}&issuer=%E5%8F%B7%E5%AE%89%E5%BF%83`,
  )
  const done = await login({ username, password: 'desk-2026', totp: totpNow(secret) })
  expect(done.status).toBe(200)
  return secret
}

describe('enrolment', () => {
  test('the first sign-in shows a secret (the same until it is proved), its first code completes it', async () => {
    const username = await newStaff()
    const first = await login({ username, password: 'desk-2026' })
    expect(first.body.data).not.toHaveProperty('token')
    const again = await login({ username, password: 'desk-2026' })
    expect(again.body.data.enrolment.secret).toBe(first.body.data.enrolment.secret)
    const [row] = await database.db.select().from(users).where(eq(users.username, username))
    // Sealed at rest, not enrolled yet.
    expect(row.totpSealed).not.toContain(first.body.data.enrolment.secret)
    expect(row.totpEnrolledAt).toBeNull()

    const wrongCode = await login({ username, password: 'desk-2026', totp: '000000' })
    expect(wrongCode.body).toMatchObject({ code: 400, msg: STAFF_LOGIN_WRONG })
    const signedIn = await login({
      username,
      password: 'desk-2026',
      totp: totpNow(first.body.data.enrolment.secret),
    })
    expect(signedIn.body.data).toMatchObject({ roles: ['reviewer'] })
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, row.id))
    expect(audits.map((a) => a.action)).toEqual(['staff.enrol'])

    // Enrolled: the secret is never shown again; a password alone is wrong.
    const passwordOnly = await login({ username, password: 'desk-2026' })
    expect(passwordOnly.body).toMatchObject({ code: 400, msg: STAFF_LOGIN_WRONG })
  })

  test('a wrong password shows nothing, and a user without a staff role is wrong whatever they type', async () => {
    const username = await newStaff()
    expect((await login({ username, password: 'nope-2026' })).body).toMatchObject({ code: 400, msg: STAFF_LOGIN_WRONG })
    await database.db.insert(users).values({ username: 'plainuser', passwordHash: await hashPassword('desk-2026') })
    expect((await login({ username: 'plainuser', password: 'desk-2026' })).body).toMatchObject({
      code: 400,
      msg: STAFF_LOGIN_WRONG,
    })
    expect((await login({ username: 'nobody', password: 'desk-2026' })).status).toBe(400)
  })
})

describe('signing in', () => {
  test('password and code give a console session; the same code does not work twice', async () => {
    const username = await newStaff(['finance'])
    const secret = await enrol(username)
    const code = totpNow(secret, Date.now() + TOTP_STEP_MS)
    const session = await login({ username, password: 'desk-2026', totp: code })
    expect(session.body.data).toMatchObject({ roles: ['finance'] })
    const me = await call('GET', '/api/admin/me', { token: session.body.data.token })
    expect(me.body.data).toMatchObject({ username, roles: ['finance'] })
    const replay = await login({ username, password: 'desk-2026', totp: code })
    expect(replay.body).toMatchObject({ code: 400, msg: '该动态验证码已用过，请等下一个' })
  })

  test('the demo staff come enrolled; in local mode /dev/totp answers a code the sign-in accepts', async () => {
    const seeded = await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
    const reviewer = seeded.find((account) => account.username === 'reviewer')!
    expect(reviewer.totpSecret).toMatch(/^[A-Z2-7]{32}$/)
    expect(seeded.find((account) => account.username === 'operator')!.roles).toEqual(['user', 'admin'])
    for (let i = 0; i < 2; i++) {
      // Twice in a row: the second answer is the next code, as the first was just used.
      const { code } = (await app.inject({ method: 'GET', url: '/dev/totp/reviewer' })).json().data
      const signedIn = await login({ username: 'reviewer', password: 'reviewer2026', totp: code })
      expect(signedIn.body.data).toMatchObject({ roles: ['reviewer'] })
    }
    expect((await app.inject({ method: 'GET', url: '/dev/totp/buyer' })).statusCode).toBe(404)
  })

  test('an H5 session of a staff member is not a console session', async () => {
    const admin = await createPerson(database, ['user', 'admin'])
    expect((await call('GET', '/api/admin/me', { token: admin.token })).status).toBe(200)
    // The same person signed in at the H5 (password, or an SMS code): no second factor was asked.
    const h5 = await createSession(database.db, admin.id, 7, { ip: '127.0.0.1', userAgent: 'jest' })
    expect((await call('GET', '/api/admin/me', { token: h5.token })).body).toMatchObject({
      code: 401,
      msg: '请在管理后台登录',
    })
  })
})

describe('lock-out and expiry', () => {
  test('five wrong tries lock the account for 15 minutes, even for the right password and code', async () => {
    const username = await newStaff()
    const secret = await enrol(username)
    for (let i = 0; i < 5; i++) {
      expect((await login({ username, password: 'wrong-2026', totp: totpNow(secret) })).status).toBe(400)
    }
    const locked = await login({ username, password: 'desk-2026', totp: totpNow(secret, Date.now() + TOTP_STEP_MS) })
    expect(locked.status).toBe(429)
    expect(locked.body.msg).toMatch(/^错误次数过多，账号已锁定，请 15 分钟后再试$/)
    expect(locked.body.data.retryAfter).toBeGreaterThan(890)
  })

  test('a burst of wrong tries gets five evaluated, not more', async () => {
    const username = await newStaff()
    await enrol(username)
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login({ username, password: 'wrong-2026', totp: '123456' })),
    )
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7)
  })

  test('a console session ends after 8 hours without a call', async () => {
    const username = await newStaff()
    const secret = await enrol(username)
    const { token } = (
      await login({ username, password: 'desk-2026', totp: totpNow(secret, Date.now() + TOTP_STEP_MS) })
    ).body.data
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.staff, true))
      .orderBy(sessions.id)
      .then((rows) => rows.slice(-1))
    const idleHours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000
    expect(idleHours).toBeCloseTo(8, 1)
    expect((await call('GET', '/api/admin/me', { token })).status).toBe(200)
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id))
    expect((await call('GET', '/api/admin/me', { token })).body).toMatchObject({ code: 401 })
  })
})
