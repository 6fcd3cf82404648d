/**
 * What a QQ number, WeChat id, phone or game account "is" when people type it: one spelling per value,
 * so 客服验证 and 黑号查询 match exactly (" 285 123 4567 " is 2851234567, "+86 138-0013-8000" is
 * 13800138000, WeChat ids ignore case), and the masked form shown instead of the value.
 */
import { SUBJECT_MAX_LENGTH, type BlacklistSubjectKind } from '../../../src/contract/trust'
import { isValidIdNumber, maskPhone, PHONE_PATTERN, QQ_PATTERN } from '../../../src/contract/validation'
import { keyedHash } from '../../lib/vault'

/** WeChat's own rule: 6–20 letters, digits, `_` or `-`, starting with a letter (stored lower-case). */
const WEIXIN_PATTERN = /^[a-z][a-z0-9_-]{5,19}$/

/** Without any space (ASCII, full-width, no-break); what every kind starts from. */
const compact = (value: string) => value.normalize('NFKC').replace(/\s+/g, '')

export function normalizePhone(value: string): string | null {
  const digits = compact(value)
    .replace(/[-().]/g, '')
    .replace(/^(\+86|0086|86)(?=1\d{10}$)/, '')
  return PHONE_PATTERN.test(digits) ? digits : null
}

export function normalizeQq(value: string): string | null {
  const digits = compact(value)
  return QQ_PATTERN.test(digits) ? digits : null
}

export function normalizeWeixin(value: string): string | null {
  const id = compact(value).toLowerCase()
  return WEIXIN_PATTERN.test(id) ? id : null
}

/** The normalized subject of a kind, or null when the value cannot be one (a letter in a QQ number). */
export function normalizeSubject(kind: BlacklistSubjectKind, value: string): string | null {
  switch (kind) {
    case 'qq':
      return normalizeQq(value)
    case 'weixin':
      return normalizeWeixin(value)
    case 'phone':
      return normalizePhone(value)
    case 'id_number': {
      const id = compact(value).toUpperCase()
      return /^\d{17}[\dX]$/.test(id) ? id : null
    }
    case 'game_account': {
      const account = compact(value).toLowerCase()
      return account.length > 0 && account.length <= SUBJECT_MAX_LENGTH ? account : null
    }
  }
}

/** Why an operator's subject was refused, per kind. */
export const SUBJECT_RULES: Record<BlacklistSubjectKind, string> = {
  game_account: `游戏账号为 1–${SUBJECT_MAX_LENGTH} 个字符`,
  qq: 'QQ 号为 5–12 位数字',
  weixin: '微信号为 6–20 位字母、数字、下划线或减号，以字母开头',
  phone: '请输入正确的 11 位手机号',
  id_number: '身份证号不正确，请核对后重新输入',
}

/** Like normalizeSubject, but an ID number must also carry a valid check character (operators add these). */
export function normalizeNewSubject(kind: BlacklistSubjectKind, value: string): string | null {
  const subject = normalizeSubject(kind, value)
  return kind === 'id_number' && subject && !isValidIdNumber(subject) ? null : subject
}

/** `138****8000`, `98*****21`, `110***********1234`: enough to recognise, not enough to use. */
export function maskSubject(kind: BlacklistSubjectKind, subject: string): string {
  if (kind === 'phone') return maskPhone(subject)
  const chars = [...subject]
  if (chars.length < 2) return '*'
  const [head, tail] = kind === 'id_number' ? [3, 4] : chars.length > 4 ? [2, 2] : [1, chars.length > 2 ? 1 : 0]
  return (
    chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(chars.length - tail).join('')
  )
}

/** The stored form of a subject: the kind is part of the hashed text, so a QQ number never matches a game account. */
export const subjectHash = (key: Buffer, kind: BlacklistSubjectKind, subject: string) =>
  keyedHash(key, `${kind}:${subject}`)
