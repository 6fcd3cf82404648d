import { Text, View } from '@tarojs/components'
import { formatCount } from '@/contract/money'
import type { PublicReview, SellerCard as Card } from '@/contract/reviews'
import { formatDate } from '@/utils/time'
import { Stars } from '@/components/Stars'
import './index.scss'

/** Share of five-star reviews, as people read it. */
const fiveStarShare = (bps: number) => `${Math.round(bps / 100)}%`

/**
 * One review: who (masked for the public), the stars, the tags and the words (contact details masked for the
 * public), and what was bought unless the page already shows it.
 */
export function ReviewItem({ review, goods = true }: { review: PublicReview; goods?: boolean }) {
  return (
    <View className="seller-card__review">
      <View className="seller-card__review-head">
        <Text className="seller-card__buyer">{review.buyerName}</Text>
        <Stars value={review.rating} small />
        <Text className="seller-card__date">{formatDate(review.createdAt)}</Text>
      </View>
      {review.tags.length > 0 && (
        <View className="seller-card__tags">
          {review.tags.map((tag) => (
            <Text key={tag} className="seller-card__tag">
              {tag}
            </Text>
          ))}
        </View>
      )}
      {review.text ? <Text className="seller-card__text">{review.text}</Text> : null}
      {goods && <Text className="seller-card__goods">购买：{review.goodsTitle}</Text>}
    </View>
  )
}

interface SellerCardProps {
  card: Card
  /** How many of the latest reviews to show. */
  show?: number
  /** goodDetail: the whole card is a link to the seller's page. */
  onOpen?: () => void
}

/** 卖家信息: who sells (自营: the platform), completed sales, the rating and the latest reviews. */
export default function SellerCard({ card, show = card.latest.length, onOpen }: SellerCardProps) {
  const { rating } = card
  return (
    <View className="seller-card">
      <View
        className="seller-card__head"
        role={onOpen ? 'link' : undefined}
        aria-label={onOpen ? `卖家 ${card.name}` : undefined}
        onClick={onOpen}
      >
        <View className="seller-card__avatar">
          <Text>{card.name.slice(0, 1)}</Text>
        </View>
        <View className="seller-card__who">
          <Text className="seller-card__name">{card.name}</Text>
          <Text className="seller-card__meta">
            成交 {formatCount(card.sales)} 笔{card.since ? ` · ${formatDate(card.since)} 加入` : ' · 平台自营'}
          </Text>
        </View>
        {onOpen && <Text className="seller-card__more">主页 ›</Text>}
      </View>
      <View className="seller-card__rating">
        {rating.average === null ? (
          <Text className="seller-card__none">暂无评价</Text>
        ) : (
          <>
            <Text className="seller-card__average">{rating.average.toFixed(1)}</Text>
            <Stars value={rating.average} />
            <Text className="seller-card__counts">
              {rating.count} 条评价 · 五星 {fiveStarShare(rating.fiveStarBps ?? 0)}
            </Text>
          </>
        )}
      </View>
      {card.latest.slice(0, show).map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </View>
  )
}
