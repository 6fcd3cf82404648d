import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { fetchNoticesOfType, listBanners, listNotices, listSocialAccounts } from '@/api/content'
import Carousel from '@/components/Carousel'
import CopyButton from '@/components/CopyButton'
import LazyImage from '@/components/LazyImage'
import NearViewport from '@/components/NearViewport'
import RichContent from '@/components/RichContent'
import Skeleton from '@/components/Skeleton'
import Tabs from '@/components/Tabs'
import { SOCIAL_PLATFORM_LABELS } from '@/contract/constants'
import type { Banner, Notice, NoticeSummary, NoticeType } from '@/contract/content'
import { openPage } from '@/navigation'
import { openAppLink } from '@/utils/links'
import { formatDate } from '@/utils/time'
import Section from './Section'

/** Home's content parts (banners, notices, trust tools, anchors, social accounts, 交易须知). */

/**
 * Loads on mount (pass a module-level loader); null while loading, [] when it failed (the part hides). Home's
 * parts arrive one after another: each renders as a transition, in slices that keep the page responsive.
 */
export function useList<T>(load: () => Promise<T[]>): T[] | null {
  const [rows, setRows] = useState<T[] | null>(null)
  useEffect(() => {
    load().then(
      (list) => startTransition(() => setRows(list)),
      () => setRows([]),
    )
  }, [load])
  return rows
}

const loadBanners = () => listBanners('banner').then((r) => r.rows)
const loadAnchors = () => listBanners('anchor').then((r) => r.rows)
const loadSocial = () => listSocialAccounts().then((r) => r.rows)

function follow(banner: Banner) {
  if (banner.link) openAppLink(banner.link)
}

/** The carousel on top, in a box of fixed height: the skeleton and the slides take the same space. */
export function BannerCarousel() {
  const banners = useList(loadBanners)
  const [current, setCurrent] = useState(0)
  if (banners !== null && banners.length === 0) return null
  return (
    <View className="home__carousel">
      {banners === null ? (
        <Skeleton className="home__carousel-frame" />
      ) : (
        <>
          <Carousel className="home__carousel-frame" autoplay interval={4000} onChange={setCurrent}>
            {banners.map((banner, i) => (
              <View
                key={banner.id}
                className="home__carousel-slide"
                role="link"
                aria-label={banner.title}
                onClick={() => follow(banner)}
              >
                <LazyImage className="home__carousel-image" src={banner.image} alt={banner.title} lazy={i > 0} />
              </View>
            ))}
          </Carousel>
          {banners.length > 1 && (
            <View className="home__carousel-dots" aria-hidden>
              {banners.map((banner, i) => (
                <View
                  key={banner.id}
                  className={`home__carousel-dot${i === current ? ' home__carousel-dot--on' : ''}`}
                />
              ))}
            </View>
          )}
        </>
      )}
    </View>
  )
}

/** The three notice columns of home; 更多 opens the page that lists the whole column. */
const COLUMNS: { type: NoticeType; label: string; more: string }[] = [
  { type: 'cjwt', label: '常见问题', more: 'bangzhu' },
  { type: 'xwgg', label: '新闻公告', more: 'xinwen' },
  { type: 'zhgg', label: '找回案例', more: 'zhaohui' },
]
const COLUMN_ROWS = 5

export function NoticeColumns() {
  const [type, setType] = useState<NoticeType>(COLUMNS[0].type)
  const [columns, setColumns] = useState<Partial<Record<NoticeType, NoticeSummary[] | 'failed'>>>({})
  const column = COLUMNS.find((c) => c.type === type) ?? COLUMNS[0]
  const rows = columns[type]

  useEffect(() => {
    if (rows !== undefined && rows !== 'failed') return
    listNotices({ noticeType: type, pageNum: 1, pageSize: COLUMN_ROWS }).then(
      (result) => setColumns((c) => ({ ...c, [type]: result.rows })),
      () => setColumns((c) => ({ ...c, [type]: 'failed' })),
    )
  }, [type, rows])

  return (
    <Section icon="deal" title="平台资讯" more={() => openPage(column.more)}>
      <View className="home__card home__notices">
        <Tabs tabs={COLUMNS.map((c) => ({ value: c.type, label: c.label }))} value={type} onChange={setType} />
        <View className="home__notice-rows">
          {rows === undefined ? (
            Array.from({ length: COLUMN_ROWS }, (_, i) => (
              <View key={i} className="home__notice">
                <Skeleton className="skeleton-line home__notice-skeleton" />
              </View>
            ))
          ) : rows === 'failed' ? (
            <View
              className="home__inline-retry"
              role="button"
              onClick={() => setColumns((c) => ({ ...c, [type]: undefined }))}
            >
              <Text>{column.label}加载失败，点击重试</Text>
            </View>
          ) : rows.length === 0 ? (
            <View className="home__inline-empty">
              <Text>暂无{column.label}</Text>
            </View>
          ) : (
            rows.map((notice) => (
              <View
                key={notice.id}
                className="home__notice"
                role="link"
                aria-label={notice.title}
                onClick={() => openPage('articleDetail', { id: notice.id })}
              >
                <Text className="home__notice-title">{notice.title}</Text>
                <Text className="home__notice-date">{formatDate(notice.createdAt).slice(5)}</Text>
              </View>
            ))
          )}
        </View>
      </View>
    </Section>
  )
}

/** Below the fold on every phone: its code loads when the reader scrolls near it. */
const TrustTools = lazy(() => import('@/components/TrustTools'))

export function QuickTools() {
  const placeholder = <Skeleton className="home__tools-placeholder" />
  return (
    <Section icon="shield" title="安全工具" hint="交易前先验一验">
      <NearViewport id="home-tools" placeholder={placeholder}>
        <Suspense fallback={placeholder}>
          <TrustTools />
        </Suspense>
      </NearViewport>
    </Section>
  )
}

export function AnchorStrip() {
  const anchors = useList(loadAnchors)
  if (anchors !== null && anchors.length === 0) return null
  return (
    <Section icon="fire" title="合作主播" hint="主播同款，放心入手">
      <ScrollView className="home__strip" scrollX>
        <View className="home__strip-row">
          {anchors === null
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="home__anchor home__anchor-skeleton" />)
            : anchors.map((anchor) => (
                <View
                  key={anchor.id}
                  className="home__anchor"
                  role={anchor.link ? 'link' : undefined}
                  aria-label={anchor.title}
                  onClick={() => follow(anchor)}
                >
                  <LazyImage className="home__anchor-avatar" src={anchor.image} alt={anchor.title} />
                  <Text className="home__anchor-name">{anchor.title}</Text>
                  <Text className="home__anchor-text">{anchor.content}</Text>
                </View>
              ))}
        </View>
      </ScrollView>
    </Section>
  )
}

/** 12345 → "1.2万". */
export function formatFans(fans: number): string {
  return fans >= 10_000 ? `${(fans / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(fans)
}

export function SocialAccounts() {
  const accounts = useList(loadSocial)
  if (accounts !== null && accounts.length === 0) return null
  return (
    <Section icon="heart" title="关注我们" hint="上新和防骗提醒">
      <View className="home__socials">
        {accounts === null
          ? [0, 1].map((i) => <Skeleton key={i} className="home__social home__social-skeleton" />)
          : accounts.map((account) => (
              <View key={account.id} className="home__social">
                <View className="home__social-head">
                  <LazyImage className="home__social-avatar" src={account.avatar} alt={account.name} />
                  <View className="home__social-who">
                    <Text className="home__social-platform">{SOCIAL_PLATFORM_LABELS[account.platform]}</Text>
                    <Text className="home__social-name">{account.name}</Text>
                  </View>
                </View>
                <Text className="home__social-fans">{formatFans(account.fans)} 粉丝</Text>
                <View className="home__social-account">
                  <Text className="home__social-id">
                    {SOCIAL_PLATFORM_LABELS[account.platform]}号 {account.account}
                  </Text>
                  <CopyButton text={account.account} what={`${SOCIAL_PLATFORM_LABELS[account.platform]}号`} />
                </View>
              </View>
            ))}
      </View>
    </Section>
  )
}

/** 交易须知: the notice's opening in a card of fixed height, the whole text one tap away. */
export function TradeNotice() {
  const [notice, setNotice] = useState<Notice | null | 'failed'>(null)
  useEffect(() => {
    fetchNoticesOfType('jyxz').then(
      (result) => setNotice(result.data[0] ?? 'failed'),
      () => setNotice('failed'),
    )
  }, [])
  if (notice === 'failed') return null
  const open = notice ? () => openPage('articleDetail', { id: notice.id }) : undefined
  return (
    <Section icon="check" title="交易须知" hint="买卖前请仔细阅读" more={open}>
      <View className="home__card home__trade-notice">
        {notice === null ? (
          // The loaded card's shape: the text window, then the 查看全文 bar.
          <>
            <View className="home__trade-body">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className="skeleton-line home__trade-line" />
              ))}
            </View>
            <View className="home__trade-more" />
          </>
        ) : (
          <>
            <View className="home__trade-body">
              <RichContent html={notice.content} />
            </View>
            <View className="home__trade-more" role="button" onClick={open}>
              <Text>查看全文</Text>
            </View>
          </>
        )}
      </View>
    </Section>
  )
}
