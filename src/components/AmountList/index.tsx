import { Text, View } from '@tarojs/components'
import { GUARANTEE_LABELS } from '@/contract/constants'
import type { GuaranteeType, Quote } from '@/contract/orders'
import { formatPrice } from '@/contract/money'
import './index.scss'

export interface AmountRow {
  label: string
  /** Integer fen from the server. */
  fen: number
  /** The row the eye should land on (the total). */
  strong?: boolean
  note?: string
}

/** Label on the left, amount on the right, one row per fee: the fee lines of an order. */
export default function AmountList({ rows }: { rows: AmountRow[] }) {
  return (
    <View className="amount-list">
      {rows.map((row) => (
        <View key={row.label} className={`amount-list__row${row.strong ? ' amount-list__row--strong' : ''}`}>
          <Text className="amount-list__label">
            {row.label}
            {row.note && <Text className="amount-list__note">{row.note}</Text>}
          </Text>
          <Text className="amount-list__value">{formatPrice(row.fen)}</Text>
        </View>
      ))}
    </View>
  )
}

/**
 * The fee lines of a quote or an order: goods, guarantee, service fee, total, and with a deposit the deposit
 * and the balance — what the total leaves after the deposit, both from the server.
 */
export function feeRows(
  amounts: Pick<Quote, 'goodsAmount' | 'guaranteeAmount' | 'serviceAmount' | 'totalAmount'>,
  guaranteeType: GuaranteeType,
  deposit: number | null,
  labels = { deposit: '定金', balance: '尾款' },
): AmountRow[] {
  return [
    { label: '商品金额', fen: amounts.goodsAmount },
    { label: '包赔费用', fen: amounts.guaranteeAmount, note: GUARANTEE_LABELS[guaranteeType] },
    { label: '服务费', fen: amounts.serviceAmount },
    { label: '订单总额', fen: amounts.totalAmount, strong: true },
    ...(deposit === null
      ? []
      : [
          { label: labels.deposit, fen: deposit },
          { label: labels.balance, fen: amounts.totalAmount - deposit },
        ]),
  ]
}
