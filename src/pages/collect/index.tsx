import { useRef } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { listFavourites, uncollectGoods } from '@/api/catalogue'
import { toastError } from '@/api/request'
import PullRefresh from '@/components/PullRefresh'
import EmptyState from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import GoodsCard, { GoodsCardSkeleton } from '@/components/GoodsCard'
import { formatPrice } from '@/contract/money'
import ListFooter from '@/components/ListFooter'
import type { FavouriteRow } from '@/contract/catalogue'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'
import { showDialog } from '@/utils/dialog'

/** 我的收藏 (login): favourite listings, newest first; sold ones are marked; remove or open each. */
export default function CollectPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <Favourites /> : null}</OtherShell>
}

function Favourites() {
  const list = usePagedList(listFavourites, 10)
  const shown = useRef(false)
  // Back from a listing the visitor may have un-favourited it there.
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  const remove = async (goods: FavouriteRow) => {
    const { confirm } = await showDialog({
      title: '取消收藏',
      content: `确定不再收藏「${goods.title}」吗？`,
      confirmText: '取消收藏',
      cancelText: '再想想',
    })
    if (!confirm) return
    try {
      await uncollectGoods(goods.id)
      list.remove(goods.id)
      void Taro.showToast({ title: '已取消收藏', icon: 'none' })
    } catch (error) {
      toastError(error, '操作失败，请重试')
    }
  }

  if (list.firstLoad && list.status === 'loading') return <GoodsCardSkeleton count={4} />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="收藏加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="还没有收藏的账号" action={{ label: '去逛逛', onClick: () => openPage('accountOrder') }} />
  }
  return (
    <View className="collect">
      <PullRefresh onRefresh={list.refresh} />
      <Text className="collect__summary">共收藏 {list.total} 个账号</Text>
      {list.rows.map((goods) => (
        <View key={goods.id} className="collect__item">
          <GoodsCard
            goods={goods}
            onClick={() => openPage('goodDetail', { id: goods.id })}
            extra={
              <View className="collect__actions">
                {goods.droppedFrom !== null && goods.status === 'on_sale' && (
                  <Text
                    className="collect__drop"
                    aria-label={`比收藏时降价 ${formatPrice(goods.droppedFrom - goods.price)}`}
                  >
                    降 {formatPrice(goods.droppedFrom - goods.price)}
                  </Text>
                )}
                <View
                  className="collect__remove"
                  role="button"
                  aria-label={`取消收藏 ${goods.title}`}
                  onClick={(e) => {
                    e.stopPropagation()
                    void remove(goods)
                  }}
                >
                  <GlyphIcon name="trash" size={28} />
                  <Text>移除</Text>
                </View>
              </View>
            }
          />
        </View>
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}
