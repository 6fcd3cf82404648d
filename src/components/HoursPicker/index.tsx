import { Text, View } from '@tarojs/components'
import ChoiceChips from '@/components/ChoiceChips'
import './index.scss'

const QUICK = [1, 2, 3, 5, 8, 12, 24, 48, 72, 168]

export const hoursLabel = (hours: number) =>
  hours >= 24 && hours % 24 === 0
    ? `${hours / 24}天`
    : hours > 24
      ? `${Math.floor(hours / 24)}天${hours % 24}小时`
      : `${hours}小时`

interface HoursPickerProps {
  min: number
  max: number
  value: number
  onChange: (hours: number) => void
}

/** 租号's duration: the usual choices within the listing's bounds, and − / + by the hour. */
export default function HoursPicker({ min, max, value, onChange }: HoursPickerProps) {
  const quick = QUICK.filter((hours) => hours >= min && hours <= max)
  const step = (by: number) => onChange(Math.min(max, Math.max(min, value + by)))
  return (
    <View className="hours-picker">
      <View className="hours-picker__stepper">
        <View
          className={`hours-picker__step${value <= min ? ' hours-picker__step--off' : ''}`}
          role="button"
          aria-label="少一小时"
          aria-disabled={value <= min}
          onClick={() => step(-1)}
        >
          <Text>−</Text>
        </View>
        <Text className="hours-picker__value" aria-live="polite">
          {hoursLabel(value)}
        </Text>
        <View
          className={`hours-picker__step${value >= max ? ' hours-picker__step--off' : ''}`}
          role="button"
          aria-label="多一小时"
          aria-disabled={value >= max}
          onClick={() => step(1)}
        >
          <Text>+</Text>
        </View>
      </View>
      {quick.length > 1 && (
        <ChoiceChips
          label="常用时长"
          options={quick.map((hours) => ({ value: String(hours), label: hoursLabel(hours) }))}
          value={String(value)}
          onChange={(hours) => onChange(Number(hours))}
        />
      )}
    </View>
  )
}
