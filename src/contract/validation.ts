/**
 * Input rules shared by the client (inline errors) and the server (the rule that counts).
 * Each check returns '' when the value is fine, or the Chinese message to show.
 */

export const PHONE_PATTERN = /^1[3-9]\d{9}$/
/** An e-mail address, as an Alipay account may be one. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/
export const SMS_CODE_PATTERN = /^\d{6}$/
/** QQ numbers: 5–12 digits, not starting with 0. */
export const QQ_PATTERN = /^[1-9]\d{4,11}$/
export const QQ_RULE = 'QQ 号为 5–12 位数字'
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 64

/** An optional QQ number: '' or a valid one. */
export const checkOptionalQq = (qq: string): string => (!qq || QQ_PATTERN.test(qq) ? '' : QQ_RULE)

export function checkPhone(phone: string): string {
  if (!phone) return '请输入手机号'
  return PHONE_PATTERN.test(phone) ? '' : '请输入正确的 11 位手机号'
}

/** A payee's Alipay account: a phone number or an e-mail address. */
export const checkAlipayAccount = (account: string): string =>
  PHONE_PATTERN.test(account) || EMAIL_PATTERN.test(account) ? '' : '收款支付宝账号须为手机号或邮箱'

/** A username is also the first nickname, which is public: no phone number inside it either. */
export function checkUsername(username: string): string {
  if (!username) return '请输入用户名'
  if (!USERNAME_PATTERN.test(username)) return '用户名为 4–20 位字母、数字或下划线，以字母开头'
  return containsPhone(username) ? '用户名不能包含手机号' : ''
}

export function checkPassword(password: string): string {
  if (!password) return '请输入密码'
  if (password.length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 位`
  if (password.length > PASSWORD_MAX) return `密码最多 ${PASSWORD_MAX} 位`
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字'
  return ''
}

export function checkSmsCode(code: string): string {
  if (!code) return '请输入短信验证码'
  return SMS_CODE_PATTERN.test(code) ? '' : '短信验证码为 6 位数字'
}

export function checkCaptcha(code: string): string {
  return code.trim() ? '' : '请输入图形验证码'
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK_CHARS = '10X98765432'

/** GB 11643-1999: 17 digits, a valid birth date, and the ISO 7064 MOD 11-2 check character. */
export function isValidIdNumber(id: string): boolean {
  const value = id.toUpperCase()
  if (!/^\d{17}[\dX]$/.test(value)) return false
  const year = Number(value.slice(6, 10))
  const month = Number(value.slice(10, 12))
  const day = Number(value.slice(12, 14))
  const birth = new Date(Date.UTC(year, month - 1, day))
  if (
    year < 1900 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > Date.now()
  ) {
    return false
  }
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0)
  return ID_CHECK_CHARS[sum % 11] === value[17]
}

export function checkIdNumber(id: string): string {
  if (!id) return '请输入身份证号'
  return isValidIdNumber(id) ? '' : '身份证号不正确，请核对后重新输入'
}

/** Chinese names: 2–20 Han characters, optionally with the middle dot of minority names. */
export function checkRealName(name: string): string {
  if (!name) return '请输入真实姓名'
  return /^[\u4e00-\u9fa5]+(·[\u4e00-\u9fa5]+)*$/.test(name) && name.length >= 2 && name.length <= 20
    ? ''
    : '请输入身份证上的中文姓名'
}

/** `张*`, `欧阳**`: the first character of a name. */
export const maskName = (name: string) =>
  name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : ''

/** `110***********1234`: the first three and last four characters of an ID number. */
export const maskIdNumber = (id: string) => `${id.slice(0, 3)}***********${id.slice(-4)}`

/** 138****8000; no phone is ''. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  return PHONE_PATTERN.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}

/** `row` with its contact phone masked (one left out stays out). */
export const withMaskedPhone = <Row extends { phone?: string }>(row: Row): Row =>
  row.phone ? { ...row, phone: maskPhone(row.phone) } : row

/** An Alipay account as it is shown again: `13*…`-masked phone, or the e-mail's first two characters. */
export const maskAlipayAccount = (account: string) =>
  account.includes('@') ? `${account.slice(0, 2)}***${account.slice(account.indexOf('@'))}` : maskPhone(account)

export const NICKNAME_MAX = 20

/**
 * A nickname is public (seller cards, reviews, quotes, tickets): 1–20 characters, and never a phone number,
 * whole or inside it.
 */
export function checkNickName(nickName: string): string {
  const name = nickName.trim()
  if (!name) return '昵称不能为空'
  if (name.length > NICKNAME_MAX) return `昵称最多 ${NICKNAME_MAX} 个字符`
  return containsPhone(name) ? '昵称不能包含手机号' : ''
}

/** A mainland mobile number anywhere in `text`, spaces and dashes between its digits or not. */
const containsPhone = (text: string) => /1[3-9]\d{9}/.test(text.replace(/[\s-]/g, ''))
