import { Text, View } from '@tarojs/components'
import LazyImage from '@/components/LazyImage'
import PriceTag from '@/components/PriceTag'
import type { RecentDeal } from '@/contract/catalogue'
import { openPage } from '@/navigation'
import { formatTime } from '@/utils/time'
import './index.scss'

type Deal = Pick<RecentDeal, 'id' | 'title' | 'price' | 'soldAt'>

/**
 * One sold listing: its picture, title, a line about it (game and region on home and finish, how alike on an
 * appraisal), price and when it sold.
 */
export default function DealRow({ deal, image, meta }: { deal: Deal; image: string; meta: string }) {
  return (
    <View
      className="deal-row"
      role="link"
      aria-label={deal.title}
      onClick={() => openPage('goodDetail', { id: deal.id })}
    >
      <LazyImage className="deal-row__thumb" src={image} alt={deal.title} />
      <View className="deal-row__body">
        <Text className="deal-row__title">{deal.title}</Text>
        <Text className="deal-row__meta">{meta}</Text>
        <View className="deal-row__bottom">
          <PriceTag fen={deal.price} size="small" />
          <Text className="deal-row__time">{formatTime(deal.soldAt)} 成交</Text>
        </View>
      </View>
    </View>
  )
}
