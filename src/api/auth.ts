import type { ApiResult } from '@/contract/envelope'
import type {
  Captcha,
  PasswordLogin,
  PasswordReset,
  PhoneLogin,
  Registration,
  SessionToken,
  SmsScene,
} from '@/contract/auth'
import { get, post } from './request'

export const fetchCaptcha = () => get<ApiResult<Captcha>>('/captchaImage')

export const sendSmsCode = (query: { phone: string; scene: SmsScene; uuid: string; code: string }) =>
  get<ApiResult<{ cooldown: number }>>('/sms/sendYzm', query)

export const loginByPassword = (body: PasswordLogin) => post<ApiResult<SessionToken>>('/login', body)

export const loginByPhone = (body: PhoneLogin) =>
  post<ApiResult<SessionToken & { created: boolean }>>('/h5/login', body)

export const register = (body: Registration) => post<ApiResult<{ userId: number }>>('/register', body)

export const resetPassword = (body: PasswordReset) => post<ApiResult<null>>('/h5/SmsforPwd', body)

export const logout = () => post<ApiResult<null>>('/logout')
export const logoutEverywhere = () => post<ApiResult<null>>('/logout/all')
