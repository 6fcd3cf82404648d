import { useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { listMyRecycles } from '@/api/recycling'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import ListFooter from '@/components/ListFooter'
import PullRefresh from '@/components/PullRefresh'
import StatusCard, { StatusCardGoods, StatusCardGoodsSkeleton, type StatusTone } from '@/components/StatusCard'
import Tabs from '@/components/Tabs'
import { LISTING_STATUS_LABELS, RECYCLE_STATUS_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import type { MyRecycleRequest, RecycleStatus } from '@/contract/recycling'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

type Tab = 'all' | RecycleStatus

/** SCREENS.md's tabs (报价中/待选择/交易中/已完成/已取消), with 全部 first. */
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'quoting', label: '报价中' },
  { value: 'choosing', label: '待选择' },
  { value: 'accepted', label: '交易中' },
  { value: 'completed', label: '已完成' },
  { value: 'cancelled', label: '已取消' },
]

const TONES: Record<RecycleStatus, StatusTone> = {
  quoting: 'info',
  choosing: 'accent',
  accepted: 'info',
  completed: 'trust',
  cancelled: 'hint',
  expired: 'hint',
}

/** 竞价中心: the seller's recycling requests by status — the count of sealed quotes, then the best one. */
export default function MyJingjiahuishouPage() {
  const signedIn = useRequireLogin()
  const [tab, setTab] = useState<Tab>('all')
  return (
    <OtherShell>
      {signedIn ? (
        <View className="my-recycles">
          <View className="my-recycles__head">
            <Tabs tabs={TABS} value={tab} onChange={setTab} />
          </View>
          <Requests key={tab} status={tab === 'all' ? undefined : tab} />
        </View>
      ) : null}
    </OtherShell>
  )
}

function Requests({ status }: { status?: RecycleStatus }) {
  const list = usePagedList((page) => listMyRecycles({ ...(status ? { status } : {}), ...page }), 10)
  const shown = useRef(false)
  // Back from the quotes, a request may have been accepted or cancelled.
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  if (list.firstLoad && list.status === 'loading') return <StatusCardGoodsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="回收单加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="还没有回收单" action={{ label: '发布竞价回收', onClick: () => openPage('sale') }} />
  }
  return (
    <View className="status-card-list">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((request) => (
        <StatusCard
          key={request.id}
          className="my-recycles__card"
          time={`${formatTime(request.createdAt)} 发布`}
          status={RECYCLE_STATUS_LABELS[request.status]}
          tone={TONES[request.status]}
          label={request.title}
          onOpen={() => openPage('jingjiahuishouPriceList', { id: request.id })}
        >
          <StatusCardGoods
            cover={request.coverImage}
            title={request.title}
            lines={[
              [request.gameName, ...request.regionNames].join(' · '),
              `底价 ${formatPrice(request.reservePrice)}（号商看不到）`,
              ...(request.listing
                ? [`官方代售 ${formatPrice(request.listing.price)} · ${LISTING_STATUS_LABELS[request.listing.status]}`]
                : []),
            ]}
          />
          <Progress request={request} />
        </StatusCard>
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}

/** Where the request stands: the sealed count and the countdown, the best quote and the time to choose. */
function Progress({ request }: { request: MyRecycleRequest }) {
  if (request.status === 'quoting')
    return (
      <View className="status-card__strip">
        <Text>已有 {request.quoteCount} 个密封报价</Text>
        <Text className="status-card__clock">
          距截止 <Countdown to={request.windowEndsAt} />
        </Text>
      </View>
    )
  if (request.status === 'choosing')
    return (
      <View className="status-card__strip status-card__strip--accent">
        <Text>
          {request.quoteCount} 个报价，最高 {request.bestQuote === null ? '—' : formatPrice(request.bestQuote)}
        </Text>
        {request.choosingEndsAt && (
          <Text className="status-card__clock">
            选择剩余 <Countdown to={request.choosingEndsAt} />
          </Text>
        )}
      </View>
    )
  return (
    <View className="status-card__strip">
      <Text>
        {request.quoteCount} 个报价
        {request.bestQuote === null ? '' : `，最高 ${formatPrice(request.bestQuote)}`}
      </Text>
    </View>
  )
}
