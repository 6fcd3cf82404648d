import { useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { listMyRooms } from '@/api/dealRoom'
import { listMessages, markMessageRead, sumUnread } from '@/api/messages'
import { ApiError, toastError } from '@/api/request'
import PullRefresh from '@/components/PullRefresh'
import EmptyState from '@/components/EmptyState'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import LazyImage from '@/components/LazyImage'
import ListFooter from '@/components/ListFooter'
import Skeleton from '@/components/Skeleton'
import { DEAL_CARD_TEXT } from '@/contract/constants'
import type { DealMessage, DealRoomSummary } from '@/contract/dealRoom'
import type { Message, MessageType } from '@/contract/messages'
import type { PageQuery } from '@/contract/envelope'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage } from '@/navigation'
import { useRequireLogin } from '@/session'
import { getState, setState, useAppState } from '@/store'
import { formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

const TYPE_ICONS: Record<MessageType, GlyphName> = {
  audit_passed: 'check',
  audit_failed: 'refresh',
  order_paid: 'deal',
  handed_over: 'shield',
  sold: 'medal',
  cancelled: 'clock',
  completed: 'check',
  refunded: 'refresh',
  quote: 'fire',
  price_drop: 'heart',
  new_listings: 'filter',
  rental: 'clock',
  system: 'bell',
}

/**
 * Where a message leads, the link's words and the parameter that carries the id: its order, its goods, a
 * seller's own listing (in 我的代售, where its review, its money and its 包赔 show), the recycling request's
 * quotes (its seller's), a merchant's own quote (in 我的报价), the appraisal, the after-sale case, the claim, the list of a saved search.
 */
const RELATED = {
  order: ['orderDetail', '查看订单', 'id'],
  goods: ['goodDetail', '查看商品', 'id'],
  listing: ['Mybrowsing', '查看我的代售', 'id'],
  request: ['jingjiahuishouPriceList', '查看报价', 'id'],
  quote: ['myQuotes', '查看我的报价', 'id'],
  appraisal: ['commit', '查看估价', 'id'],
  aftersale: ['aftersale', '查看售后', 'id'],
  claim: ['claim', '查看包赔', 'id'],
  search: ['goodList', '查看新上架', 'savedSearch'],
  rental: ['rental', '查看租号', 'id'],
  escrow: ['escrowTicket', '查看担保单', 'id'],
} as const satisfies Record<NonNullable<Message['relatedType']>, readonly [string, string, string]>

function openRelated(message: Message): void {
  if (message.relatedId === null || message.relatedType === null) return
  const [page, , param] = RELATED[message.relatedType]
  void openPage(page, { [param]: message.relatedId })
}

/** Reads a page of messages and keeps the 消息 badge's count in step with it. */
const fetchMessages = (page: PageQuery) =>
  listMessages(page).then((result) => {
    setState({ unreadMessages: result.data.unread })
    return result
  })

/** 消息 (login): the user's 交易群 first, then system messages, unread marked; a tap opens what it is about. */
export default function XiaoxiPage() {
  const signedIn = useRequireLogin()
  return (
    <MainShell>
      {signedIn ? (
        <>
          <Rooms />
          <Messages />
        </>
      ) : null}
    </MainShell>
  )
}

/** A room's latest message in a line. */
const preview = (message: DealMessage) =>
  message.card ? DEAL_CARD_TEXT[message.card.event] : message.kind === 'image' ? '[图片]' : message.text

/** The user's deal rooms with what is unread, read again each time the page shows. */
function Rooms() {
  const [rooms, setRooms] = useState<DealRoomSummary[]>([])
  const load = useCallback(() => {
    listMyRooms().then(
      ({ data }) => {
        setRooms(data)
        setState({ unreadRooms: sumUnread(data) })
      },
      () => undefined,
    )
  }, [])
  useEffect(load, [load])
  useDidShow(load)
  if (rooms.length === 0) return null
  return (
    <View className="messages">
      <Text className="messages__summary">交易群</Text>
      <View className="messages__card">
        {rooms.map(({ order, unread, last }) => (
          <View
            key={order.id}
            className={`message room${unread > 0 ? ' room--unread' : ''}`}
            role="link"
            aria-label={`交易群 ${order.title}${unread ? `，${unread} 条未读` : ''}`}
            onClick={() => openPage('dealRoom', { id: order.id })}
          >
            <LazyImage className="room__cover" src={order.coverImage} alt={order.title} />
            <View className="message__body">
              <Text className="message__title room__title">{order.title}</Text>
              <Text className="message__content room__last">
                {last ? `${last.sender.name}：${preview(last)}` : '进入交易群'}
              </Text>
              {last && <Text className="message__time room__time">{formatTime(last.createdAt)}</Text>}
            </View>
            {unread > 0 && <Text className="room__unread">{unread > 99 ? '99+' : unread}</Text>}
          </View>
        ))}
      </View>
    </View>
  )
}

function Messages() {
  const list = usePagedList(fetchMessages, 10)
  const unread = useAppState((s) => s.unreadMessages)
  // Read here (or elsewhere) since the page loaded: the rows show it without a reload.
  const [readNow, setReadNow] = useState<Record<number, string>>({})
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  const open = async (message: Message) => {
    if (!message.readAt && !readNow[message.id]) {
      try {
        const result = await markMessageRead(message.id)
        setReadNow((r) => ({ ...r, [message.id]: result.data.readAt ?? new Date().toISOString() }))
        setState({ unreadMessages: Math.max(0, getState().unreadMessages - 1) })
      } catch (error) {
        if (error instanceof ApiError && error.code === 401) return
        toastError(error, '操作失败，请重试')
        return
      }
    }
    openRelated(message)
  }

  if (list.firstLoad && list.status === 'loading') return <MessagesSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="消息加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return (
      <EmptyState
        text="暂时没有消息，交易动态会第一时间通知您"
        action={{ label: '去逛逛', onClick: () => replacePage('home') }}
      />
    )
  }
  return (
    <View className="messages">
      <PullRefresh onRefresh={list.refresh} />
      <Text className="messages__summary">{unread > 0 ? `${unread} 条未读消息` : '消息都已读完'}</Text>
      <View className="messages__card">
        {list.rows.map((message) => {
          const isUnread = !message.readAt && !readNow[message.id]
          return (
            <View
              key={message.id}
              className={`message${isUnread ? ' message--unread' : ''}`}
              role="button"
              aria-label={`${isUnread ? '未读 ' : ''}${message.title}`}
              onClick={() => void open(message)}
            >
              <View className="message__icon">
                <GlyphIcon name={TYPE_ICONS[message.type] ?? 'bell'} size={36} />
                {isUnread && <View className="message__dot" aria-hidden />}
              </View>
              <View className="message__body">
                <View className="message__head">
                  <Text className="message__title">{message.title}</Text>
                  <Text className="message__time">{formatTime(message.createdAt)}</Text>
                </View>
                <Text className="message__content">{message.content}</Text>
                {message.relatedId !== null && message.relatedType !== null && (
                  <Text className="message__link">{RELATED[message.relatedType][1]} ›</Text>
                )}
              </View>
            </View>
          )
        })}
      </View>
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}

function MessagesSkeleton() {
  return (
    <View className="messages" aria-label="加载中">
      <Skeleton className="skeleton-line skeleton-line--tiny messages__summary-skeleton" />
      <View className="messages__card">
        {[0, 1, 2, 3].map((i) => (
          <View key={i} className="message">
            <Skeleton className="message__icon" />
            <View className="message__body">
              <Skeleton className="skeleton-line skeleton-line--short" />
              <Skeleton className="skeleton-line message__line-skeleton" />
            </View>
          </View>
        ))}
      </View>
    </View>
  )
}
