/**
 * Accounts and sign-in: captchas, SMS codes, passwords, real names. Rules (product/DOMAIN.md, ASVS 6):
 * a captcha and an SMS code are used once; a wrong password never says whether the user exists; a
 * password change ends the user's other sessions.
 *
 * Every "N tries" rule reserves its try before it checks anything (one atomic INCR in the KV store), so
 * a burst of concurrent guesses gets no more comparisons than a patient attacker: five per SMS code,
 * one per captcha image. Password sign-in is throttled, never locked: five tries per account from one
 * address, thirty per address, fifty per account from everywhere — a stranger elsewhere cannot lock
 * the owner out, and the owner can always sign in with an SMS code. The limits apply alike to names
 * nobody has, so the answer never tells which accounts exist.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { checkPassword, checkPhone, checkUsername } from '../../../src/contract/validation'
import type { AppDeps } from '../../deps'
import { isUniqueViolation, type Executor } from '../../db'
import { users } from '../../db/schema'
import { createSession, revokeSessions } from '../../lib/auth'
import { checkCaptchaAnswer, createCaptcha } from '../../lib/captcha'
import { AppError, checkField, invalid } from '../../lib/envelope'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { consume } from '../../lib/rateLimit'
import type { SmsScene } from '../../lib/sms'

type Deps = Pick<AppDeps, 'config' | 'database' | 'kv' | 'sms'> & {
  /** Where an SMS the provider refused is reported (the send runs after the answer). */
  log: { error(object: unknown, message: string): void }
}
export interface Client {
  ip: string
  userAgent: string
}

const CAPTCHA_TTL_S = 120
const SMS_CODE_TTL_S = 300
const SMS_MAX_TRIES = 5
const LOGIN_WINDOW_S = 900

const CAPTCHA_WRONG = '图形验证码错误或已过期，请重新输入'
const SMS_WRONG = '短信验证码错误或已过期'
const SMS_SPENT = '验证码错误次数过多，请重新获取'
const LOGIN_WRONG = '用户名或密码错误'

// ---------------------------------------------------------------- captcha

export async function issueCaptcha(
  { kv }: Pick<Deps, 'kv'>,
  client: Client,
): Promise<{ captchaEnabled: true; uuid: string; img: string }> {
  // Each image costs a render: a person needs a few a minute, a script asking for thousands is refused.
  await consume(kv, [
    { key: `rl:captcha:ip:${client.ip}`, max: 30, windowSeconds: 60, message: '获取验证码过于频繁，请 {wait}后再试' },
  ])
  const { answer, image } = await createCaptcha()
  const uuid = randomUUID()
  await kv.set(`captcha:${uuid}`, answer, CAPTCHA_TTL_S)
  return { captchaEnabled: true, uuid, img: image }
}

/** Deleted on the first check, right or wrong: one image, one guess. */
export async function spendCaptcha({ kv }: Pick<Deps, 'kv'>, uuid: string, code: string): Promise<void> {
  const answer = await kv.take(`captcha:${uuid}`)
  if (answer === null || !checkCaptchaAnswer(answer, code)) invalid('code', CAPTCHA_WRONG)
}

// ---------------------------------------------------------------- SMS codes

const smsKey = (scene: SmsScene, phone: string) => `sms:code:${scene}:${phone}`
const smsTriesKey = (scene: SmsScene, phone: string) => `sms:tries:${scene}:${phone}`

async function findUserIdByPhone(db: Executor, phone: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  return row?.id
}

export async function sendSmsCode(
  deps: Deps,
  query: { phone: string; scene: SmsScene; uuid: string; code: string },
  client: Client,
): Promise<{ cooldown: number }> {
  checkField('phone', checkPhone(query.phone))
  await spendCaptcha(deps, query.uuid, query.code)
  await consume(deps.kv, [
    { key: `rl:sms:ip:${client.ip}`, max: 20, windowSeconds: 3600, message: '发送过于频繁，请 {s} 秒后再试' },
    {
      key: `rl:sms:cool:${query.phone}`,
      max: 1,
      windowSeconds: 60,
      message: '验证码已发送，请 {s} 秒后再试',
      data: { codeSent: true },
    },
    { key: `rl:sms:day:${query.phone}`, max: 10, windowSeconds: 86_400, message: '该手机号今日验证码次数已用完' },
  ])
  // A reset code for a phone nobody registered is not sent, but the answer is the same, and it comes as
  // fast: the provider is called after the answer in both cases, so neither the words nor the timing
  // reveal which phones have accounts.
  const registered = await findUserIdByPhone(deps.database.db, query.phone)
  if (query.scene === 'password' && registered === undefined) return { cooldown: 60 }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await deps.kv.set(smsKey(query.scene, query.phone), code, SMS_CODE_TTL_S)
  await deps.kv.del(smsTriesKey(query.scene, query.phone))
  // Not awaited: the provider's round trip would otherwise tell a registered phone from an unknown one.
  deps.sms.send(query.phone, query.scene, code).catch(async (error: unknown) => {
    // Never delivered: the code is dropped so that no guess can match it.
    await deps.kv.del(smsKey(query.scene, query.phone)).catch(() => undefined)
    deps.log.error({ err: error, scene: query.scene }, 'the SMS provider refused a verification code')
  })
  return { cooldown: 60 }
}

/**
 * Single use, bound to phone and scene. The try is reserved before the code is even read, so at most
 * SMS_MAX_TRIES guesses are ever compared with one code, however many arrive at once; the next one
 * burns it.
 */
async function spendSmsCode({ kv }: Pick<Deps, 'kv'>, scene: SmsScene, phone: string, given: string): Promise<void> {
  const key = smsKey(scene, phone)
  if ((await kv.incr(smsTriesKey(scene, phone), SMS_CODE_TTL_S)) > SMS_MAX_TRIES) {
    await kv.del(key)
    invalid('smsCode', SMS_SPENT)
  }
  const expected = await kv.get(key)
  const matches =
    expected !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  if (matches && (await kv.take(key)) === expected) return
  invalid('smsCode', SMS_WRONG)
}

// ---------------------------------------------------------------- sign-in

function requireAgreement(agree: boolean): void {
  if (!agree) invalid('agree', '请阅读并同意《用户协议》和《隐私政策》')
}

// Verifying against this when the user does not exist costs the same time as a real check.
let dummyHash: Promise<string> | undefined

export async function loginByPassword(
  deps: Deps,
  body: { username: string; password: string; uuid: string; code: string },
  client: Client,
) {
  await spendCaptcha(deps, body.uuid, body.code)
  const { db } = deps.database
  const account = body.username.trim()
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, disabled: users.disabled })
    .from(users)
    .where(/^1\d{10}$/.test(account) ? eq(users.phone, account) : sql`lower(${users.username}) = lower(${account})`)

  // One budget per account whichever name (username or phone) it is tried under; a name nobody has
  // gets the same budget, so a 429 says nothing about existence.
  const subject = user ? `u${user.id}` : `n${account.toLowerCase()}`
  const pairKey = `rl:login:pair:${subject}:${client.ip}`
  await consume(deps.kv, [
    {
      key: `rl:login:ip:${client.ip}`,
      max: 30,
      windowSeconds: LOGIN_WINDOW_S,
      message: '登录尝试过于频繁，请 {wait}后再试',
    },
    {
      key: pairKey,
      max: 5,
      windowSeconds: LOGIN_WINDOW_S,
      message: '密码错误次数过多，请 {wait}后再试，或使用短信验证码登录',
    },
    {
      key: `rl:login:account:${subject}`,
      max: 50,
      windowSeconds: 3600,
      message: '该账号密码尝试次数过多，请 {wait}后再试，或使用短信验证码登录',
    },
  ])
  const hash = user?.passwordHash ?? (await (dummyHash ??= hashPassword(randomUUID())))
  const valid = await verifyPassword(hash, body.password)
  if (!user || !user.passwordHash || !valid) throw new AppError(400, LOGIN_WRONG)
  if (user.disabled) throw new AppError(403, '账号已停用，请联系客服')
  // The owner's own typos from this address are forgiven once they get in.
  await deps.kv.del(pairKey)
  return createSession(db, user.id, deps.config.sessionTtlDays, client)
}

/**
 * A phone number's first sign-in creates its account: a random username (`u` and 10 hex digits) and the
 * nickname 用户<last four digits> — neither ever shows the number.
 */
export async function loginByPhone(
  deps: Deps,
  body: { phone: string; smsCode: string; agree: boolean },
  client: Client,
) {
  checkField('phone', checkPhone(body.phone))
  requireAgreement(body.agree)
  await spendSmsCode(deps, 'login', body.phone, body.smsCode)
  const { db } = deps.database
  const { user, created } = await accountOfPhone(db, body.phone)
  if (user.disabled) throw new AppError(403, '账号已停用，请联系客服')
  return { ...(await createSession(db, user.id, deps.config.sessionTtlDays, client)), created }
}

/**
 * The account of a phone, created when it has none. The insert takes whichever of two concurrent first sign-ins
 * comes first (the other finds the account by phone); a username already taken (40 random bits) is drawn again.
 */
async function accountOfPhone(
  db: Executor,
  phone: string,
): Promise<{ user: { id: number; disabled: boolean }; created: boolean }> {
  for (;;) {
    const [inserted] = await db
      .insert(users)
      .values({ username: `u${randomBytes(5).toString('hex')}`, phone, nickName: `用户${phone.slice(-4)}` })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (inserted) return { user: { ...inserted, disabled: false }, created: true }
    const [existing] = await db
      .select({ id: users.id, disabled: users.disabled })
      .from(users)
      .where(eq(users.phone, phone))
    if (existing) return { user: existing, created: false }
  }
}

export async function register(
  deps: Deps,
  body: {
    username: string
    password: string
    phone: string
    smsCode: string
    uuid: string
    code: string
    agree: boolean
  },
) {
  checkField('username', checkUsername(body.username))
  checkField('phone', checkPhone(body.phone))
  checkField('password', checkPassword(body.password))
  requireAgreement(body.agree)
  await spendCaptcha(deps, body.uuid, body.code)
  await spendSmsCode(deps, 'register', body.phone, body.smsCode)
  const passwordHash = await hashPassword(body.password)
  try {
    const [user] = await deps.database.db
      .insert(users)
      .values({ username: body.username, phone: body.phone, passwordHash, nickName: body.username })
      .returning({ id: users.id })
    return { userId: user.id }
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_key')) invalid('username', '用户名已被使用')
    if (isUniqueViolation(error, 'users_phone_key')) invalid('phone', '该手机号已注册，请直接登录')
    throw error
  }
}

/**
 * Reset (signed out) or change (signed in) a password by SMS code. A signed-in change of an account that
 * has a password also needs the current one (a borrowed session alone must not take the account over);
 * an account made by SMS sign-in sets its first password with the code alone. Every other session of
 * the user ends; a signed-in caller keeps the session they are using.
 */
export async function setPasswordBySms(
  deps: Deps,
  body: { phone: string; smsCode: string; password: string; currentPassword?: string },
  caller: { id: number; sessionId: number } | null,
): Promise<void> {
  checkField('phone', checkPhone(body.phone))
  checkField('password', checkPassword(body.password))
  const { db } = deps.database
  if (caller) await checkCurrentPassword(deps, caller.id, body.currentPassword)
  await spendSmsCode(deps, 'password', body.phone, body.smsCode)
  const userId = await findUserIdByPhone(db, body.phone)
  // No code was ever sent to an unknown phone, so this cannot be reached with one; kept as a guard.
  if (userId === undefined) invalid('smsCode', SMS_WRONG)
  if (caller && caller.id !== userId) throw new AppError(403, '只能修改自己账号的密码')
  const passwordHash = await hashPassword(body.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId))
    await revokeSessions(tx, userId, caller?.sessionId)
  })
}

/** Five tries per quarter hour, each reserved before the hash is compared. */
async function checkCurrentPassword(deps: Deps, userId: number, currentPassword = ''): Promise<void> {
  const [user] = await deps.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  if (!user?.passwordHash) return
  if (!currentPassword) invalid('currentPassword', '请输入当前密码')
  await consume(deps.kv, [
    {
      key: `rl:password:current:${userId}`,
      max: 5,
      windowSeconds: LOGIN_WINDOW_S,
      message: '当前密码错误次数过多，请 {wait}后再试',
    },
  ])
  if (!(await verifyPassword(user.passwordHash, currentPassword))) invalid('currentPassword', '当前密码错误')
}
