import { useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { listProblems } from '@/api/feedback'
import PullRefresh from '@/components/PullRefresh'
import EmptyState from '@/components/EmptyState'
import { PROBLEM_TYPE_LABELS } from '@/contract/constants'
import ImageViewer from '@/components/ImageViewer'
import LazyImage from '@/components/LazyImage'
import ListFooter from '@/components/ListFooter'
import Skeleton from '@/components/Skeleton'
import type { Problem, ProblemStatus } from '@/contract/feedback'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

const STATUS_LABELS: Record<ProblemStatus, string> = { open: '待处理', replied: '已回复', closed: '已关闭' }

/** 我的反馈 (login): the feedback I sent, with its status and the staff reply. */
export default function ProblemListPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <Problems /> : null}</OtherShell>
}

function Problems() {
  const list = usePagedList(listProblems, 10)
  const [viewer, setViewer] = useState<{ images: string[]; index: number } | null>(null)
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  if (list.firstLoad && list.status === 'loading') return <ProblemsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="反馈记录加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="还没有提交过反馈" action={{ label: '提交反馈', onClick: () => openPage('suggest') }} />
  }
  return (
    <View className="problems">
      <PullRefresh onRefresh={list.refresh} />
      <View className="problems__head">
        <Text className="problems__summary">共 {list.total} 条</Text>
        <View className="problems__new" role="button" onClick={() => openPage('suggest')}>
          <Text>提交新反馈</Text>
        </View>
      </View>
      {list.rows.map((problem) => (
        <ProblemCard
          key={problem.id}
          problem={problem}
          onImage={(index) => setViewer({ images: problem.images, index })}
        />
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
      {viewer && <ImageViewer images={viewer.images} initialIndex={viewer.index} onClose={() => setViewer(null)} />}
    </View>
  )
}

function ProblemCard({ problem, onImage }: { problem: Problem; onImage: (index: number) => void }) {
  return (
    <View className="problem" aria-label={problem.title}>
      <View className="problem__head">
        <Text className="problem__type">{PROBLEM_TYPE_LABELS[problem.type]}</Text>
        <Text className={`problem__status problem__status--${problem.status}`}>{STATUS_LABELS[problem.status]}</Text>
      </View>
      <Text className="problem__title">{problem.title}</Text>
      <Text className="problem__content">{problem.content}</Text>
      {problem.images.length > 0 && (
        <View className="problem__images">
          {problem.images.map((url, i) => (
            <View key={url} role="button" aria-label={`查看图片 ${i + 1}`} onClick={() => onImage(i)}>
              <LazyImage className="problem__image" src={url} alt={`${problem.title} 图片 ${i + 1}`} />
            </View>
          ))}
        </View>
      )}
      <Text className="problem__time">提交于 {formatTime(problem.createdAt)}</Text>
      {problem.reply ? (
        <View className="problem__reply">
          <Text className="problem__reply-label">
            客服回复{problem.repliedAt ? ` · ${formatTime(problem.repliedAt)}` : ''}
          </Text>
          <Text className="problem__reply-text">{problem.reply}</Text>
        </View>
      ) : (
        problem.status === 'open' && <Text className="problem__waiting">客服会在 1 个工作日内回复，请留意消息。</Text>
      )}
    </View>
  )
}

function ProblemsSkeleton() {
  return (
    <View className="problems" aria-label="加载中">
      {[0, 1, 2].map((i) => (
        <View key={i} className="problem">
          <Skeleton className="skeleton-line skeleton-line--tiny" />
          <Skeleton className="skeleton-line problem__line-skeleton" />
          <Skeleton className="skeleton-line skeleton-line--short problem__line-skeleton" />
        </View>
      ))}
    </View>
  )
}
