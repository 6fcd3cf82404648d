/**
 * What a game's attribute template produces, for every client that shows it: the sell form's fields, the
 * list's filters, and the rules a template must keep — used by the H5 (the form, the filter sheet), the
 * console (the template editor's live preview, checked as you type) and the server (the rule that counts).
 * Types only from the schema files, so no schema code reaches a bundle.
 */
import type { AttributeField } from './catalogue'

const bySort = (a: AttributeField, b: AttributeField) => a.sort - b.sort

/** The fields a seller fills in when listing, in template order. */
export const sellFormFields = (fields: AttributeField[]): AttributeField[] =>
  fields.filter((f) => f.showOnSellForm).sort(bySort)

/** The fields goodList can filter by: searchable radio, checkbox and number fields, in template order. */
export const filterableFields = (fields: AttributeField[]): AttributeField[] =>
  fields
    .filter((f) => f.searchable && (f.type === 'number' || (f.options.length > 0 && f.type !== 'text')))
    .sort(bySort)

const hasOptions = (field: AttributeField) => field.type === 'radio' || field.type === 'checkbox'

/**
 * The first rule a template breaks, as the field path and the Chinese reason (`null` when it keeps them
 * all): keys unique, choices with options (unique ids), options only on choices, a required field on the
 * sell form, filters only on numbers and choices.
 */
export function templateProblem(fields: AttributeField[]): { field: string; message: string } | null {
  const keys = new Set<string>()
  for (const [i, field] of fields.entries()) {
    const at = (part: string) => `fields.${i}.${part}`
    const name = field.label || field.key
    if (keys.has(field.key)) return { field: at('key'), message: `字段键「${field.key}」重复` }
    keys.add(field.key)
    if (hasOptions(field)) {
      if (field.options.length === 0) return { field: at('options'), message: `「${name}」是选择题，至少要有一个选项` }
      const ids = new Set(field.options.map((o) => o.id))
      const labels = new Set(field.options.map((o) => o.label))
      if (ids.size < field.options.length || labels.size < field.options.length)
        return { field: at('options'), message: `「${name}」的选项重复` }
    } else if (field.options.length > 0) {
      return { field: at('options'), message: `「${name}」不是单选或多选，不能有选项` }
    }
    if (field.required && !field.showOnSellForm)
      return { field: at('required'), message: `「${name}」是必填字段，必须在发布表单中填写` }
    if (field.searchable && (field.type === 'text' || field.type === 'date'))
      return { field: at('searchable'), message: `「${name}」不能作为筛选：只有数字、单选、多选字段可以筛选` }
  }
  return null
}
