import { useCallback } from 'react'
import { Text, View } from '@tarojs/components'
import { listSellerGoods } from '@/api/catalogue'
import { fetchGoodsSeller, fetchSellerCard } from '@/api/reviews'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import GoodsCard, { GoodsCardSkeleton } from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import Panel from '@/components/Panel'
import SellerCard from '@/components/SellerCard'
import Skeleton from '@/components/Skeleton'
import { cappedTotal } from '@/contract/constants'
import type { ApiResult, PageQuery } from '@/contract/envelope'
import type { SellerCard as Card } from '@/contract/reviews'
import OtherShell from '@/layouts/OtherShell'
import { goBack, openPage, usePageParams } from '@/navigation'
import { usePageTitle } from '@/utils/pageTitle'
import { usePagedList } from '@/utils/usePagedList'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/**
 * 卖家主页, public: `id` a seller, or `goodsId` whoever sells that listing (自营: the platform). Completed sales,
 * the rating and the latest reviews, and a seller's accounts on sale; never a phone or a real name.
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
  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!item) return <Skeleton className="seller__skeleton" />
  return (
    <View className="seller">
      <Panel>
        <SellerCard card={item} />
      </Panel>
      {item.id !== null && <OnSale sellerId={item.id} />}
    </View>
  )
}

/** What the seller has on sale, newest first, paged by scrolling (自营 has the whole catalogue, so no list). */
function OnSale({ sellerId }: { sellerId: number }) {
  const fetch = useCallback((page: PageQuery) => listSellerGoods(sellerId, page), [sellerId])
  const list = usePagedList(fetch, 10)
  return (
    <View className="seller__goods">
      <Text className="seller__heading">在售账号{list.total > 0 ? ` · ${cappedTotal(list.total)}` : ''}</Text>
      {list.firstLoad && list.status === 'loading' ? (
        <GoodsCardSkeleton count={3} />
      ) : list.firstLoad && list.status === 'error' ? (
        <EmptyState text="在售账号加载失败" action={{ label: '重试', onClick: list.retry }} />
      ) : list.rows.length === 0 ? (
        <EmptyState text="这位卖家暂时没有在售的账号" />
      ) : (
        <>
          {list.rows.map((goods) => (
            <GoodsCard key={goods.id} goods={goods} onClick={() => openPage('goodDetail', { id: goods.id })} />
          ))}
          <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
        </>
      )}
    </View>
  )
}
