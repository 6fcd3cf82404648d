import { useCallback, useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { fetchNotice, fetchNoticesOfType } from '@/api/content'
import { ApiError } from '@/api/request'
import AskService from '@/components/AskService'
import EmptyState from '@/components/EmptyState'
import RichContent from '@/components/RichContent'
import Skeleton from '@/components/Skeleton'
import type { Notice, NoticeType } from '@/contract/content'
import { replacePage, usePageParams } from '@/navigation'
import { formatDate } from '@/utils/time'
import './index.scss'

/** A notice by id (articleDetail, newsDetail…) or every notice of a type (隐私政策, 关于我们…). */
export type NoticeSource = { id: number } | { type: NoticeType }

/** The notice a page was opened for: `id=12`, or `noticeType=yonghuxieyi` (links from forms); null when neither. */
export function noticeSourceOf(params: Record<string, string>): NoticeSource | null {
  const id = Number(params.id)
  if (Number.isInteger(id) && id > 0) return { id }
  const type = params.noticeType
  return type && /^[a-z]{2,20}$/.test(type) ? { type: type as NoticeType } : null
}

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ok'; notices: Notice[] }

export function useNotices(source: NoticeSource | null) {
  const id = source && 'id' in source ? source.id : undefined
  const type = source && 'type' in source ? source.type : undefined
  const [state, setState] = useState<Loaded>(source ? { status: 'loading' } : { status: 'missing' })
  const fetchNotices = useCallback(() => {
    const request =
      id !== undefined
        ? fetchNotice(id).then((r) => [r.data])
        : type !== undefined
          ? fetchNoticesOfType(type).then((r) => r.data)
          : null
    request?.then(
      (notices) => setState(notices.length ? { status: 'ok', notices } : { status: 'missing' }),
      (error) => setState({ status: error instanceof ApiError && error.code === 404 ? 'missing' : 'failed' }),
    )
  }, [id, type])
  useEffect(fetchNotices, [fetchNotices])
  const load = () => {
    setState({ status: 'loading' })
    fetchNotices()
  }
  return { state, reload: load }
}

interface NoticeArticleProps {
  /** null: the page was opened without saying which notice (shows the missing state, calls nothing). */
  source: NoticeSource | null
  /** Leave the notice's own title out (the page header already says it). */
  hideTitle?: boolean
}

/** One or more notices as articles: title, date, sanitized content; skeleton, missing and retry states. */
export default function NoticeArticle({ source, hideTitle }: NoticeArticleProps) {
  const { state, reload } = useNotices(source)
  if (state.status === 'loading') return <NoticeSkeleton />
  if (state.status === 'missing') {
    return (
      <EmptyState text="内容不存在或已下线" action={{ label: '看看平台公告', onClick: () => replacePage('gonggao') }} />
    )
  }
  if (state.status === 'failed') {
    return <EmptyState text="内容加载失败，请检查网络" action={{ label: '重试', onClick: reload }} />
  }
  return (
    <View className="notice-article">
      {state.notices.map((notice) => (
        <View key={notice.id} className="notice-article__card">
          {!hideTitle && <Text className="notice-article__title">{notice.title}</Text>}
          <Text className="notice-article__meta">发布于 {formatDate(notice.createdAt)}</Text>
          <RichContent html={notice.content} />
        </View>
      ))}
    </View>
  )
}

/** The detail pages (articleDetail, newsDetail, helpdetail): the notice the page was opened for, then 客服. */
export function NoticeDetail() {
  const params = usePageParams()
  return (
    <>
      <NoticeArticle source={noticeSourceOf(params)} />
      <AskService />
    </>
  )
}

/** The article's shape while it loads: a title, a date and a few paragraphs. */
export function NoticeSkeleton() {
  return (
    <View className="notice-article" aria-label="加载中">
      <View className="notice-article__card">
        <Skeleton className="notice-article__title-skeleton" />
        <Skeleton className="skeleton-line skeleton-line--tiny" />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className={`skeleton-line notice-article__line${i === 4 ? ' skeleton-line--short' : ''}`} />
        ))}
      </View>
    </View>
  )
}
