import { Text, View } from '@tarojs/components'
import SellerCard from '@/components/SellerCard'
import type { SellerCard as Card } from '@/contract/reviews'
import { openPage } from '@/navigation'

/**
 * 卖家信息: the seller's (or, 自营, the platform's) rating and the two latest reviews; opens the seller's page.
 * Fetched with the listing (index.tsx).
 */
export default function SellerPanel({ goodsId, card }: { goodsId: number; card: Card | null }) {
  if (!card) return null
  return (
    <View className="good-detail__card">
      <Text className="good-detail__section">卖家信息</Text>
      <SellerCard
        card={card}
        show={2}
        onOpen={() => void openPage('seller', card.id === null ? { goodsId } : { id: card.id })}
      />
    </View>
  )
}
