import { Text, View } from '@tarojs/components'
import type { RentTerms } from '@/contract/catalogue'
import { RENT_RULE_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import './index.scss'

/** A rentable listing on a card of the goods list in 租号 mode: the hourly rent as its price, the deposit beside. */
export const rentCard = (rent: RentTerms) => ({
  price: { fen: rent.hourly, unit: '/小时' },
  note: `押金 ${formatPrice(rent.deposit)}`,
})

export const ruleLabel = (rule: string) => RENT_RULE_LABELS[rule as keyof typeof RENT_RULE_LABELS] ?? rule

/** 租号 on goodDetail: what an hour and a day cost, the deposit, how long a rental may last, the owner's rules. */
export default function RentTermsCard({ rent }: { rent: RentTerms }) {
  const rows: [string, string][] = [
    ['时租', `${formatPrice(rent.hourly)} / 小时`],
    ['日租', `${formatPrice(rent.daily)} / 天`],
    ['押金', `${formatPrice(rent.deposit)}（归还验号后退还）`],
    ['租期', `${rent.minHours}–${rent.maxHours} 小时`],
  ]
  return (
    <View className="rent-terms">
      {rows.map(([label, value]) => (
        <View key={label} className="rent-terms__row">
          <Text className="rent-terms__label">{label}</Text>
          <Text className="rent-terms__value">{value}</Text>
        </View>
      ))}
      {rent.rules.length > 0 && (
        <View className="rent-terms__rules" aria-label="租号规则">
          {rent.rules.map((rule) => (
            <Text key={rule} className="rent-terms__rule">
              {ruleLabel(rule)}
            </Text>
          ))}
        </View>
      )}
    </View>
  )
}
