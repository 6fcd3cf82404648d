import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import DealRow from '@/components/DealRow'
import PriceBand from '@/components/PriceBand'
import Sheet from '@/components/Sheet'
import { formatPrice } from '@/contract/money'
import { PRICE_INDEX_DAYS } from '@/contract/constants'
import type { FairPosition, FairPrice } from '@/contract/priceIndex'

const VERDICTS: Record<FairPosition, { title: string; text: string }> = {
  low: { title: '低于同类成交', text: '比多数同类账号的成交价低' },
  fair: { title: '价格合理', text: '在同类账号成交价的中间区间' },
  high: { title: '高于同类成交', text: '比多数同类账号的成交价高，建议对比后再下单' },
}

/**
 * 价格参考: where this listing's price sits against what comparable accounts sold for here (the sold-price
 * index). Shown only when there are enough comparable deals to say; fetched with the listing (index.tsx).
 */
export default function FairPriceCard({ fair, price }: { fair: FairPrice | null; price: number }) {
  const [open, setOpen] = useState(false)
  if (!fair?.band || !fair.position) return null
  const verdict = VERDICTS[fair.position]
  return (
    <View className="good-detail__card good-detail__fair">
      <View className="good-detail__fair-head">
        <Text className="good-detail__section">价格参考</Text>
        <Text className={`good-detail__fair-verdict good-detail__fair-verdict--${fair.position}`}>{verdict.title}</Text>
      </View>
      <Text className="good-detail__fair-text">
        {verdict.text}：近 {PRICE_INDEX_DAYS} 天 {fair.comparableCount} 笔同类成交中间 50% 为{' '}
        {formatPrice(fair.band.min)} – {formatPrice(fair.band.max)}
      </Text>
      <PriceBand band={fair.band} marker={{ value: price, label: '本商品' }} />
      <View className="good-detail__fair-more" role="button" aria-label="查看同类成交" onClick={() => setOpen(true)}>
        <Text>查看同类成交 ›</Text>
      </View>
      {open && (
        <Sheet title="同类成交" onClose={() => setOpen(false)}>
          {fair.comparables.map((deal) => (
            <DealRow key={deal.id} deal={deal} image={deal.cover} meta={`相似度 ${deal.similarity}%`} />
          ))}
        </Sheet>
      )}
    </View>
  )
}
