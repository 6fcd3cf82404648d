import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { listNotices } from '@/api/content'
import EmptyState from '@/components/EmptyState'
import LazyImage from '@/components/LazyImage'
import ListFooter from '@/components/ListFooter'
import Skeleton from '@/components/Skeleton'
import Tabs from '@/components/Tabs'
import type { NoticeSummary, NoticeType } from '@/contract/content'
import { openPage, replacePage } from '@/navigation'
import { formatDate } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

interface NoticeListProps {
  /** One type, or every notice when left out. */
  type?: NoticeType
  onOpen: (notice: NoticeSummary) => void
}

/** A paged list of notices (title, opening lines, date, cover) that opens each on tap. */
export default function NoticeList({ type, onOpen }: NoticeListProps) {
  const list = usePagedList((page) => listNotices({ noticeType: type, ...page }), 10)
  if (list.firstLoad && list.status === 'loading') return <NoticeRowsSkeleton count={5} />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="内容加载失败，请检查网络" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return (
      <EmptyState
        text="这里还没有内容，稍后再来看看"
        action={{ label: '回到首页', onClick: () => replacePage('home') }}
      />
    )
  }
  return (
    <View className="notice-list">
      {list.rows.map((notice) => (
        <NoticeRow key={notice.id} notice={notice} onOpen={() => onOpen(notice)} />
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}

export interface NoticeTab {
  label: string
  /** Left out: every notice. */
  type?: NoticeType
}

/** Tabs over notice types (gonggao, zhaohui), each a paged list opening `detail` with the notice's id. */
export function NoticeTabs({ tabs, detail }: { tabs: NoticeTab[]; detail: 'newsDetail' | 'helpdetail' }) {
  const [active, setActive] = useState(tabs[0].label)
  const tab = tabs.find((t) => t.label === active) ?? tabs[0]
  return (
    <View>
      <View className="notice-tabs">
        <Tabs tabs={tabs.map((t) => ({ value: t.label, label: t.label }))} value={active} onChange={setActive} />
      </View>
      {/* A new tab is a new list, from page 1. */}
      <NoticeList key={tab.label} type={tab.type} onOpen={(notice) => openPage(detail, { id: notice.id })} />
    </View>
  )
}

export function NoticeRow({ notice, onOpen }: { notice: NoticeSummary; onOpen: () => void }) {
  return (
    <View className="notice-row" role="link" aria-label={notice.title} onClick={onOpen}>
      <View className="notice-row__text">
        <Text className="notice-row__title">{notice.title}</Text>
        <Text className="notice-row__summary">{notice.summary}</Text>
        <Text className="notice-row__date">{formatDate(notice.createdAt)}</Text>
      </View>
      {notice.coverImage && <LazyImage className="notice-row__cover" src={notice.coverImage} alt={notice.title} />}
    </View>
  )
}

/** Rows of the same size as loaded ones. */
export function NoticeRowsSkeleton({ count }: { count: number }) {
  return (
    <View className="notice-list" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        <View key={i} className="notice-row">
          <View className="notice-row__text">
            <Skeleton className="skeleton-line" />
            <Skeleton className="skeleton-line notice-row__summary-skeleton" />
            <Skeleton className="skeleton-line skeleton-line--tiny notice-row__date-skeleton" />
          </View>
        </View>
      ))}
    </View>
  )
}
