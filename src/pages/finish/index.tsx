import { Text, View } from '@tarojs/components'
import { listRecentDeals } from '@/api/catalogue'
import PullRefresh from '@/components/PullRefresh'
import DealRow from '@/components/DealRow'
import EmptyState from '@/components/EmptyState'
import { formatCount } from '@/contract/money'
import ListFooter from '@/components/ListFooter'
import Skeleton from '@/components/Skeleton'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

/** 最近成交: every recent sale, newest first, paged by scrolling. */
export default function FinishPage() {
  const list = usePagedList(listRecentDeals, 10)
  return (
    <MainShell>
      <View className="finish">
        <PullRefresh onRefresh={list.refresh} />
        <View className="finish__intro">
          <Text className="finish__intro-title">真实成交记录</Text>
          <Text className="finish__intro-text">
            每一笔都经平台担保交付，{list.total ? `共 ${formatCount(list.total)} 笔` : '实时更新'}
          </Text>
        </View>
        {list.firstLoad && list.status === 'loading' ? (
          <View className="finish__card">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="finish__skeleton" />
            ))}
          </View>
        ) : list.firstLoad && list.status === 'error' ? (
          <EmptyState text="成交记录加载失败" action={{ label: '重试', onClick: list.retry }} />
        ) : list.rows.length === 0 ? (
          <EmptyState text="暂时还没有成交记录" action={{ label: '去逛逛', onClick: () => openPage('accountOrder') }} />
        ) : (
          <>
            <View className="finish__card">
              {list.rows.map((deal) => (
                <DealRow
                  key={deal.id}
                  deal={deal}
                  image={deal.thumbImage || deal.coverImage}
                  meta={[deal.gameName, ...deal.regionNames].join(' · ')}
                />
              ))}
            </View>
            <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
          </>
        )}
      </View>
    </MainShell>
  )
}
