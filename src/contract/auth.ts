/** Payloads and results of the session and account calls (API.md, "Session and account"). */

export type SmsScene = 'login' | 'register' | 'password'

export interface Captcha {
  captchaEnabled: boolean
  uuid: string
  /** A raster data URL (PNG): mini-programs do not render SVG data URLs. */
  img: string
}

export interface SessionToken {
  token: string
  expiresAt: string
}

export interface PasswordLogin {
  username: string
  password: string
  uuid: string
  code: string
}

export interface PhoneLogin {
  phone: string
  smsCode: string
  agree: true
}

export interface Registration {
  username: string
  password: string
  phone: string
  smsCode: string
  uuid: string
  code: string
  agree: true
}

export interface PasswordReset {
  phone: string
  smsCode: string
  password: string
  /** Required when a signed-in user changes an existing password. */
  currentPassword?: string
}
