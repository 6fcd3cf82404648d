import { Text, View } from '@tarojs/components'
import LazyImage from '@/components/LazyImage'
import PriceTag from '@/components/PriceTag'
import Skeleton from '@/components/Skeleton'
import type { OrderGoods as Goods } from '@/contract/orders'
import './index.scss'

interface OrderGoodsProps {
  /** The listing, or an order's snapshot of it. */
  goods: Pick<Goods, 'title' | 'coverImage' | 'gameName' | 'regionNames' | 'price'>
  onClick?: () => void
}

/** The goods line of an order: small cover, two-line title, game and region, price. */
export default function OrderGoods({ goods, onClick }: OrderGoodsProps) {
  const region = [goods.gameName, ...goods.regionNames].filter(Boolean).join(' · ')
  return (
    <View className="order-goods" role={onClick ? 'link' : undefined} aria-label={goods.title} onClick={onClick}>
      <LazyImage className="order-goods__cover" src={goods.coverImage} alt={goods.title} lazy={false} />
      <View className="order-goods__body">
        <Text className="order-goods__title">{goods.title}</Text>
        <Text className="order-goods__region">{region}</Text>
        <PriceTag fen={goods.price} size="small" />
      </View>
    </View>
  )
}

/** Grey blocks shaped like the goods line while it loads. */
export function OrderGoodsSkeleton() {
  return (
    <View className="order-goods" aria-hidden>
      <Skeleton className="order-goods__cover" />
      <View className="order-goods__body">
        <Skeleton className="skeleton-line" />
        <Skeleton className="skeleton-line skeleton-line--short" />
        <Skeleton className="skeleton-line skeleton-line--tiny" />
      </View>
    </View>
  )
}
