import { Text } from '@tarojs/components'
import { formatPrice, priceParts } from '@/contract/money'
import './index.scss'

interface PriceTagProps {
  /** Integer fen. */
  fen: number
  size?: 'small' | 'medium' | 'large'
  /** Greyed, e.g. a sold listing. */
  muted?: boolean
  /** After the amount, small: "/小时" for a rent. */
  unit?: string
}

/** ¥ small, integer big, decimals small — in the accent colour and tabular digits (DESIGN.md). */
export default function PriceTag({ fen, size = 'medium', muted, unit }: PriceTagProps) {
  const { integer, decimals } = priceParts(fen)
  return (
    <Text
      className={`price-tag price-tag--${size}${muted ? ' price-tag--muted' : ''}`}
      aria-label={formatPrice(fen) + (unit ?? '')}
    >
      <Text className="price-tag__symbol">¥</Text>
      <Text className="price-tag__integer">{integer}</Text>
      <Text className="price-tag__decimals">.{decimals}</Text>
      {unit && <Text className="price-tag__decimals">{unit}</Text>}
    </Text>
  )
}
