import { Text, View } from '@tarojs/components'
import './index.scss'

interface Option<T> {
  value: T
  label: string
}

function Chip({ label, on, role, onClick }: { label: string; on: boolean; role: string; onClick: () => void }) {
  return (
    <View
      role={role}
      aria-checked={on}
      className={`choice-chips__chip${on ? ' choice-chips__chip--on' : ''}`}
      onClick={onClick}
    >
      <Text>{label}</Text>
    </View>
  )
}

interface ChoiceChipsProps<T extends string> {
  label: string
  options: Option<T>[]
  value: T
  onChange: (value: T) => void
}

/** A single choice among a few options, as a row of chips. */
export default function ChoiceChips<T extends string>({ label, options, value, onChange }: ChoiceChipsProps<T>) {
  return (
    <View className="choice-chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Chip
          key={option.value}
          role="radio"
          label={option.label}
          on={option.value === value}
          onClick={() => onChange(option.value)}
        />
      ))}
    </View>
  )
}

interface MultiChoiceChipsProps<T extends string | number> {
  label: string
  options: Option<T>[]
  values: T[]
  onChange: (values: T[]) => void
  /** At most this many on, a further tap saying so through `onFull`; without a limit, any number. */
  limit?: { max: number; onFull: () => void }
}

/** Several choices among a few options: each chip toggles, in the options' order. */
export function MultiChoiceChips<T extends string | number>(props: MultiChoiceChipsProps<T>) {
  const { label, options, values, onChange, limit } = props
  const toggle = (value: T) => {
    if (values.includes(value)) onChange(values.filter((v) => v !== value))
    else if (limit && values.length >= limit.max) limit.onFull()
    else onChange(options.map((o) => o.value).filter((v) => v === value || values.includes(v)))
  }
  return (
    <View className="choice-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <Chip
          key={option.value}
          role="checkbox"
          label={option.label}
          on={values.includes(option.value)}
          onClick={() => toggle(option.value)}
        />
      ))}
    </View>
  )
}
