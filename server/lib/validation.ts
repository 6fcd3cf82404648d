/**
 * Schema errors in the user's language. Every request property carries its Chinese label as the JSON
 * Schema `title` (`Type.String({ title: '手机号' })`), which also names it in the OpenAPI document;
 * `checkRouteSchemas` refuses a route that forgets one, so a message can never fall back to English.
 */
import type { FastifySchemaValidationError, RouteOptions } from 'fastify'
import { MAX_ID } from '../../src/contract/schemas'

type Schema = Record<string, unknown> & {
  title?: string
  pattern?: string
  format?: string
  maximum?: number
  type?: string | string[]
  properties?: Record<string, Schema>
  patternProperties?: Record<string, Schema>
  additionalProperties?: boolean | Schema
  items?: Schema | Schema[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  const?: unknown
  enum?: unknown[]
}

export type RequestPart = 'body' | 'querystring' | 'params' | 'headers'
const REQUEST_PARTS: RequestPart[] = ['body', 'querystring', 'params', 'headers']

const PART_LABELS: Record<RequestPart, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
}

export interface FieldError {
  /** Dotted path of the field in its part (`contact.phone`, `images.0`); empty for the part itself. */
  field: string
  message: string
}

const members = (schema: Schema): Schema[] => [
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
  ...(schema.allOf ?? []),
]

function childSchema(schema: Schema, segment: string): Schema | undefined {
  const property = schema.properties?.[segment]
  if (property) return property
  if (schema.items && /^\d+$/.test(segment)) {
    return Array.isArray(schema.items) ? schema.items[Number(segment)] : schema.items
  }
  for (const [pattern, patternSchema] of Object.entries(schema.patternProperties ?? {})) {
    if (new RegExp(pattern).test(segment)) return patternSchema
  }
  if (typeof schema.additionalProperties === 'object') return schema.additionalProperties
  for (const member of members(schema)) {
    const found = childSchema(member, segment)
    if (found) return found
  }
  return undefined
}

/** The schema at a path and the nearest label on the way (an array item is named by its array). */
function locate(root: Schema | undefined, segments: string[]): { schema?: Schema; label?: string } {
  let schema = root
  let label: string | undefined
  for (const segment of segments) {
    schema = schema && childSchema(schema, segment)
    label = schema?.title ?? label
  }
  return { schema, label }
}

const constants = (schema: Schema | undefined): unknown[] | undefined => {
  if (!schema) return undefined
  if (schema.enum) return schema.enum
  const options = members(schema)
  return options.length > 0 && options.every((m) => 'const' in m) ? options.map((m) => m.const) : undefined
}

function describe(error: FastifySchemaValidationError, label: string, schema: Schema | undefined): string {
  const params = error.params as Record<string, unknown>
  const limit = params.limit
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type).split(',')
      return `${label}必须是${types.map((t) => TYPE_NAMES[t] ?? t).join('或')}`
    }
    case 'required':
      return `${label}不能为空`
    case 'minLength':
      return limit === 1 ? `${label}不能为空` : `${label}至少 ${limit} 个字符`
    case 'maxLength':
      return `${label}最多 ${limit} 个字符`
    case 'minimum':
      return `${label}不能小于 ${limit}`
    case 'maximum':
      return `${label}不能大于 ${limit}`
    case 'exclusiveMinimum':
      return `${label}必须大于 ${limit}`
    case 'exclusiveMaximum':
      return `${label}必须小于 ${limit}`
    case 'pattern':
      if (params.pattern === NO_CONTROL_CHARS) return `${label}不能包含控制字符`
      if (params.pattern === SANE_YEAR) return `${label}超出可用的日期范围`
      return `${label}格式不正确`
    case 'multipleOf':
      return `${label}必须是 ${params.multipleOf} 的倍数`
    case 'minItems':
      return `${label}至少 ${limit} 项`
    case 'maxItems':
      return `${label}最多 ${limit} 项`
    case 'uniqueItems':
      return `${label}不能有重复项`
    case 'minProperties':
      return `${label}至少填写 ${limit} 项`
    case 'maxProperties':
      return `${label}最多 ${limit} 项`
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf': {
      const allowed = constants(schema) ?? (error.keyword === 'const' ? [params.allowedValue] : undefined)
      return allowed ? `${label}只能是：${allowed.map(String).join('、')}` : `${label}格式不正确`
    }
    default:
      return `${label}格式不正确`
  }
}

/** One message per field; a union reports its own rule rather than the first branch it tried. */
export function describeValidation(
  errors: FastifySchemaValidationError[],
  part: RequestPart,
  root: unknown,
): FieldError[] {
  const byField = new Map<string, FieldError>()
  for (const error of errors) {
    const segments = error.instancePath.split('/').slice(1)
    const params = error.params as Record<string, unknown>
    let result: FieldError
    if (error.keyword === 'additionalProperties') {
      const field = [...segments, String(params.additionalProperty)].join('.')
      result = { field, message: `不支持的字段：${field}` }
    } else {
      if (error.keyword === 'required') segments.push(String(params.missingProperty))
      const { schema, label } = locate(root as Schema | undefined, segments)
      const field = segments.join('.')
      result = { field, message: describe(error, label ?? (field || PART_LABELS[part]), schema) }
    }
    const union = error.keyword === 'anyOf' || error.keyword === 'oneOf'
    if (!byField.has(result.field) || union) byField.set(result.field, result)
  }
  return [...byField.values()]
}

/**
 * Control characters other than tab, newline and carriage return. PostgreSQL refuses NUL in text (a 500
 * where a 400 belongs) and the others have no business in anything a person types.
 */
export const NO_CONTROL_CHARS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$'
/** Dates in 1900–2099: year 0000 and the like are not dates PostgreSQL (or a person) means. */
export const SANE_YEAR = '^(19|20)\\d{2}-'

/**
 * Throws when a request property has no Chinese `title`, or a body object would accept unknown fields;
 * then makes every request schema safe by default, so no route can forget it: strings refuse control
 * characters, numbers stay within int4 (MAX_ID), dates within 1900–2099. A route that means a tighter rule
 * states it; these only fill in what is not stated.
 */
export function checkRouteSchemas(route: RouteOptions): void {
  const schema = route.schema as Partial<Record<RequestPart, Schema>> | undefined
  if (!schema) return
  for (const part of REQUEST_PARTS) {
    const root = schema[part]
    if (!root) continue
    walk(root, part, part === 'body', (problem) => fail(route, part, problem))
    harden(root)
  }
}

function harden(schema: Schema): void {
  const types = [schema.type ?? []].flat()
  if (types.includes('string') && !('const' in schema) && !schema.enum) {
    if (typeof schema.format === 'string' && /^date(-time)?$/.test(schema.format)) schema.pattern ??= SANE_YEAR
    else if (schema.pattern === undefined) schema.pattern = NO_CONTROL_CHARS
    else if (schema.pattern !== NO_CONTROL_CHARS && !hasControlGuard(schema)) {
      schema.allOf = [...(schema.allOf ?? []), { pattern: NO_CONTROL_CHARS }]
    }
  }
  if ((types.includes('integer') || types.includes('number')) && schema.maximum === undefined) {
    schema.maximum = MAX_ID
  }
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...Object.values(schema.patternProperties ?? {}),
    ...(schema.items ? [schema.items].flat() : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ...members(schema),
  ]) {
    harden(child)
  }
}

const hasControlGuard = (schema: Schema) => (schema.allOf ?? []).some((member) => member.pattern === NO_CONTROL_CHARS)

function fail(route: RouteOptions, part: RequestPart, problem: string): never {
  throw new Error(`${String(route.method)} ${route.url}: ${part} ${problem}`)
}

function walk(schema: Schema, path: string, strict: boolean, report: (problem: string) => void): void {
  if (schema.properties) {
    if (strict && schema.additionalProperties !== false) {
      report(`object "${path}" must refuse unknown fields: use Body({…}) or additionalProperties: false`)
    }
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!property.title) report(`property "${path}.${key}" needs a Chinese label: { title: '…' }`)
      walk(property, `${path}.${key}`, strict, report)
    }
  }
  const items = schema.items ? [schema.items].flat() : []
  const nested = [...items, ...members(schema), ...Object.values(schema.patternProperties ?? {})]
  if (typeof schema.additionalProperties === 'object') nested.push(schema.additionalProperties)
  for (const child of nested) walk(child, path, strict, report)
}
