import { Text, View } from '@tarojs/components'
import type { Estimate } from '@/contract/priceIndex'
import { formatPrice } from '@/contract/money'
import './index.scss'

interface PriceBandProps {
  /** The middle half of comparable deals (25th–75th percentile) and their median. */
  band: Estimate
  /** A price to place against the band (this listing's, the user's hope), with its name. */
  marker?: { value: number; label: string }
}

/**
 * Where prices sit: a track with the band of comparable deals highlighted, the median as a tick, and a
 * marker for the price in question. The track reaches a little beyond the band and the marker either way.
 */
export default function PriceBand({ band, marker }: PriceBandProps) {
  const low = Math.min(band.min, marker?.value ?? band.min) * 0.7
  const high = Math.max(band.max, marker?.value ?? band.max) * 1.3
  const at = (value: number) => `${(((value - low) / (high - low)) * 100).toFixed(1)}%`
  return (
    <View
      className="price-band"
      role="img"
      aria-label={`同类成交 ${formatPrice(band.min)} 至 ${formatPrice(band.max)}，中位数 ${formatPrice(band.point)}${
        marker ? `，${marker.label} ${formatPrice(marker.value)}` : ''
      }`}
    >
      <View className="price-band__track">
        <View
          className="price-band__band"
          style={{ left: at(band.min), width: `calc(${at(band.max)} - ${at(band.min)})` }}
        />
        <View className="price-band__median" style={{ left: at(band.point) }} />
        {marker && <View className="price-band__marker" style={{ left: at(marker.value) }} />}
      </View>
      <View className="price-band__labels">
        <Text className="price-band__edge" style={{ left: at(band.min) }}>
          {formatPrice(band.min)}
        </Text>
        <Text className="price-band__edge price-band__edge--max" style={{ left: at(band.max) }}>
          {formatPrice(band.max)}
        </Text>
      </View>
      <View className="price-band__legend">
        <Text className="price-band__key price-band__key--band">同类成交中间 50%</Text>
        <Text className="price-band__key price-band__key--median">中位数</Text>
        {marker && <Text className="price-band__key price-band__key--marker">{marker.label}</Text>}
      </View>
    </View>
  )
}
