import { useState, type ReactNode } from 'react'
import { Input, Text, View } from '@tarojs/components'
import { filterableFields } from '@/contract/attributes'
import type { AttributeField, AttributeFilter as Filter, NumberRange } from '@/contract/catalogue'
import './index.scss'

/** Whether a filter value actually narrows the list. */
export function isActiveFilter(value: Filter | undefined): value is Filter {
  if (value === undefined) return false
  if (typeof value === 'string') return value !== ''
  if (Array.isArray(value)) return value.length > 0
  return value.min !== undefined || value.max !== undefined
}

/** "段位：王者、星耀" / "英雄数：100–200个" — how an active filter reads in the chips row. */
export function describeFilter(field: AttributeField, value: Filter): string {
  const option = (id: string) => field.options.find((o) => o.id === id)?.label ?? id
  if (typeof value === 'string') return `${field.label}：${option(value)}`
  if (Array.isArray(value)) return `${field.label}：${value.map(option).join('、')}`
  return `${field.label}：${describeRange(value, field.unit)}`
}

export function describeRange({ min, max }: NumberRange, unit = ''): string {
  if (min !== undefined && max !== undefined) return `${min}–${max}${unit}`
  if (min !== undefined) return `${min}${unit}以上`
  return `${max}${unit}以下`
}

const parseNumber = (text: string): number | undefined => {
  const value = text.trim()
  return value === '' || Number.isNaN(Number(value)) ? undefined : Number(value)
}

interface AttributeFilterProps {
  fields: AttributeField[]
  value: Record<string, Filter>
  onChange: (value: Record<string, Filter>) => void
}

/** One block per searchable field: checkbox chips (any of), radio chips (exactly), or a min–max range. */
export default function AttributeFilter({ fields, value, onChange }: AttributeFilterProps) {
  const set = (key: string, next: Filter | undefined) => {
    const copy = { ...value }
    if (isActiveFilter(next)) copy[key] = next
    else delete copy[key]
    onChange(copy)
  }
  return (
    <View className="attribute-filter">
      {filterableFields(fields).map((field) => (
        <FilterBlock key={field.key} title={field.label} hint={blockHint(field)}>
          {field.type === 'number' ? (
            <RangeInput
              label={field.label}
              unit={field.unit}
              value={(value[field.key] as NumberRange | undefined) ?? {}}
              onChange={(range) => set(field.key, range)}
            />
          ) : (
            <View className="chip-group" role={field.type === 'checkbox' ? 'group' : 'radiogroup'}>
              {field.options.map((option) => {
                const current = value[field.key]
                const on =
                  field.type === 'checkbox'
                    ? Array.isArray(current) && current.includes(option.id)
                    : current === option.id
                const toggle = () => {
                  if (field.type === 'checkbox') {
                    const list = Array.isArray(current) ? current : []
                    set(field.key, on ? list.filter((id) => id !== option.id) : [...list, option.id])
                  } else {
                    set(field.key, on ? undefined : option.id)
                  }
                }
                return (
                  <Chip
                    key={option.id}
                    label={option.label}
                    on={on}
                    role={field.type === 'checkbox' ? 'checkbox' : 'radio'}
                    onClick={toggle}
                  />
                )
              })}
            </View>
          )}
        </FilterBlock>
      ))}
    </View>
  )
}

const blockHint = (field: AttributeField) =>
  field.type === 'checkbox' ? '可多选' : field.type === 'radio' ? '单选' : field.unit ? `单位：${field.unit}` : ''

export function FilterBlock({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <View className="filter-block">
      <View className="filter-block__head">
        <Text className="filter-block__title">{title}</Text>
        {hint && <Text className="filter-block__hint">{hint}</Text>}
      </View>
      {children}
    </View>
  )
}

export function Chip(props: { label: string; on: boolean; onClick: () => void; role?: 'checkbox' | 'radio' }) {
  const { label, on, onClick, role = 'checkbox' } = props
  return (
    <View className={`chip${on ? ' chip--on' : ''}`} role={role} aria-checked={on} aria-label={label} onClick={onClick}>
      <Text>{label}</Text>
    </View>
  )
}

interface RangeInputProps {
  label: string
  unit?: string
  value: NumberRange
  onChange: (value: NumberRange) => void
  /** Digits after the point the inputs accept ("digit" keyboard when > 0). */
  decimals?: boolean
}

/** Two inputs, 最低 – 最高. What the visitor typed is kept ("88.") while it still means the same number. */
export function RangeInput({ label, unit, value, onChange, decimals }: RangeInputProps) {
  const [typed, setTyped] = useState<Record<'min' | 'max', string>>({ min: '', max: '' })
  const shown = (side: 'min' | 'max') =>
    parseNumber(typed[side]) === value[side] ? typed[side] : value[side] === undefined ? '' : String(value[side])
  const input = (side: 'min' | 'max') => (
    <Input
      className="range-input__field"
      type={decimals ? 'digit' : 'number'}
      value={shown(side)}
      placeholder={side === 'min' ? '最低' : '最高'}
      placeholderClass="range-input__placeholder"
      aria-label={`${label}${side === 'min' ? '最低' : '最高'}`}
      onInput={(e) => {
        const text = e.detail.value
        setTyped((t) => ({ ...t, [side]: text }))
        onChange({ ...value, [side]: parseNumber(text) })
      }}
    />
  )
  return (
    <View className="range-input">
      {input('min')}
      <View className="range-input__dash" aria-hidden />
      {input('max')}
      {unit && <Text className="range-input__unit">{unit}</Text>}
    </View>
  )
}
