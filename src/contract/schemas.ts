/**
 * The TypeBox building blocks of the contract's payloads. Each payload is declared once, in its domain's
 * file, as a schema with a type of the same name (`Static<typeof X>`): the server validates and answers
 * with the schema, the client imports only the type (`import type`), so none of this reaches its bundle.
 */
import { Type, type Static, type TObject, type TObjectOptions, type TProperties, type TSchema } from 'typebox'

/** The largest int4: ids, amounts and counts stay within PostgreSQL's integer. */
export const MAX_ID = 2_147_483_647

/** A positive integer id; `title` names it in messages (`公告编号必须是整数`). */
export const Id = (title: string) => Type.Integer({ title, minimum: 1, maximum: MAX_ID })

/** An amount of money in fen. */
export const Money = (title?: string) => Type.Integer({ title, minimum: 0, maximum: MAX_ID, description: '分' })

/** An ISO-8601 time. */
export const Time = Type.String({ format: 'date-time' })
export const NullableTime = Type.Union([Time, Type.Null()])

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * One of a fixed list of strings; a wrong value is answered `<title>只能是：a、b、c`. Typed as the union
 * of the values (a union built from an array is otherwise typed `never`).
 */
export const literals = <T extends string>(
  values: readonly T[],
  options: { title?: string; description?: string } = {},
) =>
  Type.Unsafe<T>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  )

/** A request body, or an object inside one: unknown fields are refused (400 不支持的字段：x), not dropped. */
export const Body = <T extends TProperties>(properties: T, options: TObjectOptions = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false })

/**
 * One of several bodies told apart by a constant property (`mode: 'appraise' | 'recycle'`): the validator
 * reads the tag first and checks only the body it names, so its messages are that body's own, not a
 * union's "matches none of".
 */
export const Tagged = <const T extends TObject[]>(tag: string, members: T, options: { title: string }) =>
  Type.Unsafe<Static<T[number]>>({
    type: 'object',
    title: options.title,
    required: [tag],
    oneOf: members,
    discriminator: { propertyName: tag },
  })

/** `pageNum` (1-based) and `pageSize` (≤ 200) of every paged list; the default size comes from settings. */
export const pageParams = {
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
}

export type SortKey<F extends string> = `${F}.${'asc' | 'desc'}`

/** `sort` of a staff table (the console's sortable columns): `<field>.asc` or `<field>.desc`. */
export const sortParam = <F extends string>(fields: readonly F[]) =>
  Type.Optional(
    literals(
      fields.flatMap((field): SortKey<F>[] => [`${field}.asc`, `${field}.desc`]),
      { title: '排序', description: '字段.asc 或 字段.desc' },
    ),
  )

/** The query of a plain paged list. */
export const PageQuery = Type.Object(pageParams)
