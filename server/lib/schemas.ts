/** TypeBox pieces the routes share. */
import { Type } from 'typebox'

export const MAX_ID = 2_147_483_647

/** A positive integer id; `title` names it in messages (`公告编号必须是整数`). */
export const Id = (title: string) => Type.Integer({ title, minimum: 1, maximum: MAX_ID })

export const Time = Type.String({ format: 'date-time' })
export const NullableTime = Type.Union([Time, Type.Null()])

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
