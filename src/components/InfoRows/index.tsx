import { Text, View } from '@tarojs/components'
import './index.scss'

/** A panel's facts, a grey label beside each value (a rental's hours and money, a ticket's terms). */
export default function InfoRows({ rows }: { rows: [string, string][] }) {
  return (
    <View className="info-rows">
      {rows.map(([label, value]) => (
        <View key={label} className="info-rows__row">
          <Text className="info-rows__label">{label}</Text>
          <Text className="info-rows__value">{value}</Text>
        </View>
      ))}
    </View>
  )
}
