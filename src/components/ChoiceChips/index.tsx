import { Text, View } from '@tarojs/components'
import './index.scss'

interface ChoiceChipsProps<T extends string> {
  label: string
  options: { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/** A single choice among a few options, as a row of chips. */
export default function ChoiceChips<T extends string>({ label, options, value, onChange }: ChoiceChipsProps<T>) {
  return (
    <View className="choice-chips" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <View
          key={option.value}
          role="radio"
          aria-checked={option.value === value}
          className={`choice-chips__chip${option.value === value ? ' choice-chips__chip--on' : ''}`}
          onClick={() => onChange(option.value)}
        >
          <Text>{option.label}</Text>
        </View>
      ))}
    </View>
  )
}
