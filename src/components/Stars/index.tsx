import { Text, View } from '@tarojs/components'
import './index.scss'

const FIVE = [1, 2, 3, 4, 5]

/** A rating as five stars, the first `value` lit; an average lights a star from .75 on (4.5 shows four). */
export function Stars({ value, small = false }: { value: number; small?: boolean }) {
  const lit = Math.floor(value + 0.25)
  return (
    <View className={`stars${small ? ' stars--small' : ''}`} role="img" aria-label={`${value} 星`}>
      {FIVE.map((n) => (
        <Text key={n} className={`stars__star${n <= lit ? ' stars__star--on' : ''}`}>
          ★
        </Text>
      ))}
    </View>
  )
}

const WORDS = ['', '很差', '较差', '一般', '满意', '非常满意']

/** Picking a rating: five tappable stars and what the choice means. */
export function StarsInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <View className="stars stars--input" role="radiogroup" aria-label="评分">
      {FIVE.map((n) => (
        <View
          key={n}
          role="radio"
          aria-checked={n === value}
          aria-label={`${n} 星`}
          className={`stars__star${n <= value ? ' stars__star--on' : ''}`}
          onClick={() => onChange(n)}
        >
          <Text>★</Text>
        </View>
      ))}
      <Text className="stars__word">{WORDS[value]}</Text>
    </View>
  )
}
