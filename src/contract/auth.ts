/** Payloads and results of the session and account calls (API.md, "Session and account"). */
import { Type, type Static } from 'typebox'
import { Body, literals, Time } from './schemas'

const Phone = Type.String({ title: '手机号', maxLength: 11 })
const SmsCode = Type.String({ title: '短信验证码', pattern: '^\\d{6}$' })
const Password = Type.String({ title: '密码', minLength: 1, maxLength: 64 })
const CaptchaUuid = Type.String({ title: '图形验证码编号', minLength: 1, maxLength: 64 })
const CaptchaCode = Type.String({ title: '图形验证码', minLength: 1, maxLength: 8 })
/** Checked by the service, which answers the screen's own words when it is not given. */
const Agree = Type.Boolean({ title: '同意协议' })

export const SmsScene = literals(['login', 'register', 'password'] as const, { title: '验证码用途' })
export type SmsScene = Static<typeof SmsScene>

export const Captcha = Type.Object({
  captchaEnabled: Type.Boolean(),
  uuid: Type.String(),
  /** A raster data URL (PNG): mini-programs do not render SVG data URLs. */
  img: Type.String(),
})
export type Captcha = Static<typeof Captcha>

/** GET /sms/sendYzm: the picture code is checked before any SMS goes out. */
export const SmsRequest = Type.Object({ phone: Phone, scene: SmsScene, uuid: CaptchaUuid, code: CaptchaCode })
export type SmsRequest = Static<typeof SmsRequest>

/** Seconds before another code may be sent to this phone. */
export const SmsSent = Type.Object({ cooldown: Type.Integer() })
export type SmsSent = Static<typeof SmsSent>

/**
 * The data of a 429 from sendYzm: how long to wait, and `codeSent` when the refusal is only that a code went
 * to this phone less than a minute ago (the button then counts down; other refusals leave it as it was).
 */
export const SmsRefusal = Type.Object({ retryAfter: Type.Integer(), codeSent: Type.Optional(Type.Boolean()) })
export type SmsRefusal = Static<typeof SmsRefusal>

export const SessionToken = Type.Object({ token: Type.String(), expiresAt: Time })
export type SessionToken = Static<typeof SessionToken>

/** The phone sign-in also says whether it created the account. */
export const PhoneSession = Type.Object({ ...SessionToken.properties, created: Type.Boolean() })
export type PhoneSession = Static<typeof PhoneSession>

export const PasswordLogin = Body({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 20 }),
  password: Password,
  uuid: CaptchaUuid,
  code: CaptchaCode,
})
export type PasswordLogin = Static<typeof PasswordLogin>

export const PhoneLogin = Body({ phone: Phone, smsCode: SmsCode, agree: Agree })
export type PhoneLogin = Static<typeof PhoneLogin>

export const Registration = Body({
  username: Type.String({ title: '用户名', maxLength: 20 }),
  password: Password,
  phone: Phone,
  smsCode: SmsCode,
  uuid: CaptchaUuid,
  code: CaptchaCode,
  agree: Agree,
})
export type Registration = Static<typeof Registration>

export const Registered = Type.Object({ userId: Type.Integer() })
export type Registered = Static<typeof Registered>

export const PasswordReset = Body({
  phone: Phone,
  smsCode: SmsCode,
  password: Password,
  /** Required when a signed-in user changes an existing password. */
  currentPassword: Type.Optional(Type.String({ title: '当前密码', maxLength: 64 })),
})
export type PasswordReset = Static<typeof PasswordReset>
