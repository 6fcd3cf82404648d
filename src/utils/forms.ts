import { PHONE_PATTERN } from '@/contract/validation'

/** Checks of the content forms (feedback, merchant application, escrow request); '' when fine. */

export function checkLength(value: string, what: string, min: number, max: number): string {
  const length = value.trim().length
  if (length === 0) return `请填写${what}`
  if (length < min) return `${what}至少 ${min} 个字`
  return length > max ? `${what}最多 ${max} 个字` : ''
}

/** An optional mainland mobile number. */
export const checkOptionalPhone = (phone: string): string =>
  !phone || PHONE_PATTERN.test(phone) ? '' : '请输入正确的 11 位手机号'

/** Returns the first problem of a form, '' when there is none. */
export const firstProblem = (problems: Record<string, string>): string => Object.values(problems).find(Boolean) ?? ''
