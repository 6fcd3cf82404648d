import type { ApiResult } from '@/contract/envelope'
import type {
  Captcha,
  PasswordLogin,
  PasswordReset,
  PhoneLogin,
  PhoneSession,
  Registered,
  Registration,
  SessionToken,
  SmsRequest,
  SmsSent,
} from '@/contract/auth'
import { get, post } from './request'

export const fetchCaptcha = () => get<ApiResult<Captcha>>('/captchaImage')

export const sendSmsCode = (query: SmsRequest) => get<ApiResult<SmsSent>>('/sms/sendYzm', query)

export const loginByPassword = (body: PasswordLogin) => post<ApiResult<SessionToken>>('/login', body)

export const loginByPhone = (body: PhoneLogin) => post<ApiResult<PhoneSession>>('/h5/login', body)

export const register = (body: Registration) => post<ApiResult<Registered>>('/register', body)

export const resetPassword = (body: PasswordReset) => post<ApiResult<null>>('/h5/SmsforPwd', body)

export const logout = () => post<ApiResult<null>>('/logout')
export const logoutEverywhere = () => post<ApiResult<null>>('/logout/all')
