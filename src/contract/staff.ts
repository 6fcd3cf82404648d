/** The staff side (API.md, "Operator console"): who works at the desk, and how they sign in. */
import { Type, type Static } from 'typebox'
import { Body, literals, Time } from './schemas'

/**
 * `admin` may do everything (settings and staff roles included); the others one desk each: `reviewer` the
 * listings, `service` orders and hand-over and feedback, `editor` catalogue and content, `finance` refunds,
 * payouts and the ledger.
 */
export const STAFF_ROLES = ['admin', 'reviewer', 'service', 'editor', 'finance'] as const
export const StaffRole = literals(STAFF_ROLES, { title: '员工角色' })
export type StaffRole = Static<typeof StaffRole>

/** A staff session ends after this long without a call, however long ago it began. */
export const STAFF_IDLE_HOURS = 8

/** RFC 6238: six digits, a new one every 30 s. */
export const TotpCode = Type.String({ title: '动态验证码', pattern: '^\\d{6}$' })

/** POST /api/admin/login. `totp` is left out only on the first sign-in, which answers an enrolment. */
export const StaffLogin = Body({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 64 }),
  totp: Type.Optional(TotpCode),
})
export type StaffLogin = Static<typeof StaffLogin>

export const StaffSession = Type.Object({
  token: Type.String(),
  expiresAt: Time,
  roles: Type.Array(StaffRole),
})
export type StaffSession = Static<typeof StaffSession>

/**
 * The first sign-in of a staff member with no authenticator yet: the secret to add to one (as the QR of
 * `otpauthUrl`, or typed), after which the same sign-in with its code completes the enrolment.
 */
export const StaffEnrolment = Type.Object({
  enrolment: Type.Object({ secret: Type.String(), otpauthUrl: Type.String() }),
})
export type StaffEnrolment = Static<typeof StaffEnrolment>

export const StaffLoginResult = Type.Union([StaffSession, StaffEnrolment])
export type StaffLoginResult = Static<typeof StaffLoginResult>

/** GET /api/admin/me: who is signed in at the console. */
export const StaffMe = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  roles: Type.Array(StaffRole),
})
export type StaffMe = Static<typeof StaffMe>

/** GET /dev/totp/{username} (local mode): the code an authenticator would show now. */
export const TotpNow = Type.Object({ code: TotpCode })
export type TotpNow = Static<typeof TotpNow>
