/**
 * The one response shape of the API (RuoYi style, product/API.md): `{code, msg, data}`, paged lists
 * `{code, msg, rows, total}`; the HTTP status equals `code`. Routes return `ok(…)` / `page(…)` and throw
 * `AppError` for anything else.
 */
import { Type, type TSchema } from 'typebox'

export const OK_MSG = '操作成功'
export const PAGE_MSG = '查询成功'

export function ok(): { code: 200; msg: string }
export function ok<T>(data: T): { code: 200; msg: string; data: T }
export function ok<T>(data?: T) {
  return data === undefined ? { code: 200, msg: OK_MSG } : { code: 200, msg: OK_MSG, data }
}

export function page<T>(rows: T[], total: number): { code: 200; msg: string; rows: T[]; total: number } {
  return { code: 200, msg: PAGE_MSG, rows, total }
}

/** A refusal the user can act on: `msg` is shown to them as is, so it is Chinese and names the field or rule. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly data?: unknown,
  ) {
    super(msg)
    this.name = 'AppError'
  }
}

/**
 * A refusal of one field, shaped like a schema error so the client shows it under the field: `message`
 * is the answer's `msg`, `fieldMessage` the words under the field (the same unless given).
 */
export function fieldError(field: string, message: string, fieldMessage = message): AppError {
  return new AppError(400, message, { errors: [{ field, message: fieldMessage }] })
}

export function invalid(field: string, message: string, fieldMessage?: string): never {
  throw fieldError(field, message, fieldMessage)
}

/** Refuses `field` when a contract check found a problem (the check answers '' when all is well). */
export function checkField(field: string, problem: string): void {
  if (problem) invalid(field, problem)
}

/**
 * A text field trimmed and within its bounds (counted in characters, as people count them), or the refusal
 * naming it: spaces alone are no answer to a required field.
 */
export function boundedText(
  field: string,
  value: string,
  label: string,
  { min, max }: { readonly min: number; readonly max: number },
): string {
  const trimmed = value.trim()
  const length = [...trimmed].length
  if (length === 0 && min > 0) invalid(field, `${label}不能为空`)
  if (length < min) invalid(field, `${label}至少 ${min} 个字符`)
  if (length > max) invalid(field, `${label}最多 ${max} 个字符`)
  return trimmed
}

/** Response schema of `ok(data)`. */
export const Ajax = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal(200), msg: Type.String(), data })

/** Response schema of `ok()`. */
export const AjaxOk = Type.Object({ code: Type.Literal(200), msg: Type.String() })

/** Response schema of `page(rows, total)`. */
export const Table = <T extends TSchema>(row: T) =>
  Type.Object({ code: Type.Literal(200), msg: Type.String(), rows: Type.Array(row), total: Type.Integer() })

export const ErrorReply = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Optional(Type.Unknown()),
})
