import { useCallback } from 'react'
import { View } from '@tarojs/components'
import { fetchGoodsSeller, fetchSellerCard } from '@/api/reviews'
import EmptyState from '@/components/EmptyState'
import Panel from '@/components/Panel'
import SellerCard from '@/components/SellerCard'
import Skeleton from '@/components/Skeleton'
import type { ApiResult } from '@/contract/envelope'
import type { SellerCard as Card } from '@/contract/reviews'
import OtherShell from '@/layouts/OtherShell'
import { goBack, usePageParams } from '@/navigation'
import { usePageTitle } from '@/utils/pageTitle'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/**
 * 卖家主页, public: `id` a seller, or `goodsId` whoever sells that listing (自营: the platform). Completed sales,
 * the rating and the latest reviews; never a phone or a real name.
 */
export default function SellerPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const goodsId = Number(params.goodsId)
  const fetch = useCallback(() => (id > 0 ? fetchSellerCard(id) : fetchGoodsSeller(goodsId)), [id, goodsId])
  return <OtherShell>{id > 0 || goodsId > 0 ? <Seller fetch={fetch} /> : <Missing />}</OtherShell>
}

const Missing = () => <EmptyState text="卖家不存在" action={{ label: '返回', onClick: goBack }} />

function Seller({ fetch }: { fetch: () => Promise<ApiResult<Card>> }) {
  const { item, failed, reload } = useRecord(fetch, '卖家不存在')
  usePageTitle(item?.name)
  if (failed) return <EmptyState text={failed} action={{ label: '重试', onClick: reload }} />
  if (!item) return <Skeleton className="seller__skeleton" />
  return (
    <View className="seller">
      <Panel>
        <SellerCard card={item} />
      </Panel>
    </View>
  )
}
