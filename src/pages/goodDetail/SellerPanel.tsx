import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { fetchGoodsSeller } from '@/api/reviews'
import SellerCard from '@/components/SellerCard'
import type { SellerCard as Card } from '@/contract/reviews'
import { openPage } from '@/navigation'

/** 卖家信息: the seller's (or, 自营, the platform's) rating and the two latest reviews; opens the seller's page. */
export default function SellerPanel({ goodsId }: { goodsId: number }) {
  const [card, setCard] = useState<Card | null>(null)
  useEffect(() => {
    fetchGoodsSeller(goodsId).then(
      (r) => setCard(r.data),
      () => setCard(null),
    )
  }, [goodsId])
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
