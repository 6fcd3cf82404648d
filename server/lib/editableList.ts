/**
 * The short lists editors keep by hand — banners and anchors, social accounts, service contacts, QQ
 * groups. Each is declared once (its table, its schemas, how the fields given are checked) and served by
 * the same four staff calls under `/api/admin/<path>`: the whole list in order, add a row, change the
 * fields given, delete a row. Every change writes its audit row in the transaction of the change: the new
 * row, each changed field as from → to, the deleted row.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { asc, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Type, type TObject } from 'typebox'
import type { AuditAction, AuditSubject } from '../../src/contract/constants'
import { Id } from '../../src/contract/schemas'
import type { StaffRole } from '../../src/contract/staff'
import type { Executor } from '../db'
import { audit, staffOf, type Staff } from './audit'
import { Ajax, AjaxOk, AppError, invalid, ok, page, Table } from './envelope'
import { staffOnly } from './staff'

type Row = Record<string, unknown>

/** A subject whose create, update and delete are each a declared audit action. */
type ListSubject = {
  [S in AuditSubject]: `${S}.${'create' | 'update' | 'delete'}` extends AuditAction ? S : never
}[AuditSubject]

export interface EditableList {
  /** `/admin/<path>`. */
  path: string
  /** The audit subject: `banner` → `banner.create`, `banner.update`, `banner.delete`. */
  subject: ListSubject
  /** What the list holds, for the API's summaries ("轮播图与主播"). */
  title: string
  table: PgTable & { id: PgColumn; sort: PgColumn }
  /** Columns the list is ordered by before `sort` and `id` (banners by kind). */
  groupBy?: PgColumn[]
  row: TObject
  input: TObject
  patch: TObject
  /**
   * Checks the fields given — all of a new row (`current` undefined), some of an existing one; texts
   * already trimmed — and answers them as they are stored (normalized); a refusal names the field.
   */
  clean(fields: Row, current: Row | undefined, tx: Executor): Promise<Row>
}

const notFound = (list: EditableList) => new AppError(404, `${list.title}中没有这一项`)

/** Every text trimmed; a required one that was only spaces refused like an empty one. */
function trimmed(list: EditableList, fields: Row): Row {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value]
      const text = value.trim()
      const schema = list.input.properties[key] as { minLength?: number; title?: string }
      if (!text && (schema.minLength ?? 0) > 0) invalid(key, `${schema.title ?? key}不能为空`)
      return [key, text]
    }),
  )
}

export async function listRows(db: Executor, list: EditableList): Promise<Row[]> {
  const { table } = list
  return db
    .select()
    .from(table)
    .orderBy(...(list.groupBy ?? []), asc(table.sort), asc(table.id))
}

export async function addRow(db: Executor, staff: Staff, list: EditableList, input: Row): Promise<Row> {
  return db.transaction(async (tx) => {
    const values = await list.clean(trimmed(list, input), undefined, tx)
    const [row] = (await tx.insert(list.table).values(values).returning()) as Row[]
    await audit(tx, staff, `${list.subject}.create`, { type: list.subject, id: row.id as number }, { after: row })
    return row
  })
}

export async function changeRow(db: Executor, staff: Staff, list: EditableList, id: number, patch: Row): Promise<Row> {
  const { table } = list
  return db.transaction(async (tx) => {
    const [current] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as Row[]
    if (!current) throw notFound(list)
    const values = await list.clean(trimmed(list, patch), current, tx)
    const [row] = (await tx.update(table).set(values).where(eq(table.id, id)).returning()) as Row[]
    const changes = Object.fromEntries(
      Object.keys(values)
        .filter((key) => JSON.stringify(current[key]) !== JSON.stringify(row[key]))
        .map((key) => [key, { from: current[key], to: row[key] }]),
    )
    await audit(tx, staff, `${list.subject}.update`, { type: list.subject, id }, changes)
    return row
  })
}

export async function deleteRow(db: Executor, staff: Staff, list: EditableList, id: number): Promise<void> {
  const { table } = list
  await db.transaction(async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[]
    if (!row) throw notFound(list)
    await audit(tx, staff, `${list.subject}.delete`, { type: list.subject, id }, { before: row })
  })
}

const ItemId = Type.Object({ id: Id('编号') })

/** The four calls of each list, for `roles` (and admins). */
export const editableListRoutes: FastifyPluginAsyncTypebox<{
  db: Executor
  lists: EditableList[]
  roles: StaffRole[]
}> = async (app, { db, lists, roles }) => {
  const config = staffOnly(...roles)
  const tags = ['admin']
  for (const list of lists) {
    const base = `/admin/${list.path}`
    app.get(
      base,
      {
        config,
        schema: { summary: `${list.title}：全部（含隐藏），按排序`, tags, response: { 200: Table(list.row) } },
      },
      async () => {
        const rows = await listRows(db, list)
        return page(rows, rows.length)
      },
    )
    app.post(
      base,
      { config, schema: { summary: `新增${list.title}`, tags, body: list.input, response: { 200: Ajax(list.row) } } },
      async (request) => ok(await addRow(db, staffOf(request), list, request.body as Row)),
    )
    app.put(
      `${base}/:id`,
      {
        config,
        schema: {
          summary: `修改${list.title}（只改给出的字段）`,
          tags,
          params: ItemId,
          body: list.patch,
          response: { 200: Ajax(list.row) },
        },
      },
      async (request) => ok(await changeRow(db, staffOf(request), list, request.params.id, request.body as Row)),
    )
    app.delete(
      `${base}/:id`,
      { config, schema: { summary: `删除${list.title}`, tags, params: ItemId, response: { 200: AjaxOk } } },
      async (request) => {
        await deleteRow(db, staffOf(request), list, request.params.id)
        return ok()
      },
    )
  }
}
