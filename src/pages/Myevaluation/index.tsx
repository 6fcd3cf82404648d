import { useRef } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { listMyAppraisals } from '@/api/appraisals'
import EmptyState from '@/components/EmptyState'
import ListFooter from '@/components/ListFooter'
import PullRefresh from '@/components/PullRefresh'
import StatusCard, { StatusCardGoodsSkeleton } from '@/components/StatusCard'
import type { Appraisal } from '@/contract/appraisals'
import { formatPrice } from '@/contract/money'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

/** 我的评估: my appraisals, newest first, with their range or 待估价; each opens its result. */
export default function MyevaluationPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <Appraisals /> : null}</OtherShell>
}

/** The account in a line: the first few attribute values. */
const summary = (appraisal: Appraisal) =>
  appraisal.attributeRows
    .map((row) => row.value)
    .filter(Boolean)
    .slice(0, 4)
    .join(' · ')

function Appraisals() {
  const list = usePagedList((page) => listMyAppraisals(page), 10)
  const shown = useRef(false)
  // An appraiser may have answered while the user was away.
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  if (list.firstLoad && list.status === 'loading') return <StatusCardGoodsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="估价记录加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return (
      <EmptyState
        text="还没有估价记录，免费估一估你的账号值多少"
        action={{ label: '免费估价', onClick: () => openPage('sell', { mode: 'appraise' }) }}
      />
    )
  }
  return (
    <View className="status-card-list my-appraisals">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((appraisal) => (
        <StatusCard
          key={appraisal.id}
          className="my-appraisals__card"
          time={`${formatTime(appraisal.createdAt)} 提交`}
          status={appraisal.estimate ? '已估价' : '待估价'}
          tone={appraisal.estimate ? 'trust' : 'accent'}
          label={`${appraisal.gameName} 估价单 #${appraisal.id}`}
          onOpen={() => openPage('commit', { id: appraisal.id })}
        >
          <Text className="my-appraisals__game">{[appraisal.gameName, ...appraisal.regionNames].join(' · ')}</Text>
          <Text className="my-appraisals__summary">{summary(appraisal)}</Text>
          <View className="my-appraisals__result">
            {appraisal.estimate ? (
              <>
                <Text className="my-appraisals__range">
                  {formatPrice(appraisal.estimate.min)} – {formatPrice(appraisal.estimate.max)}
                </Text>
                <Text className="my-appraisals__basis">
                  {appraisal.source === 'staff' ? '估价师估价' : `${appraisal.comparableCount} 笔同类成交`}
                </Text>
              </>
            ) : (
              <Text className="my-appraisals__basis">同类成交不足，估价师人工估价中</Text>
            )}
          </View>
        </StatusCard>
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}
