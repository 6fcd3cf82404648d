import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { listMyQuotes } from '@/api/recycling'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import FocusBar from '@/components/FocusBar'
import ListFooter from '@/components/ListFooter'
import PullRefresh from '@/components/PullRefresh'
import StatusCard, { StatusCardGoods, StatusCardGoodsSkeleton, type StatusTone } from '@/components/StatusCard'
import { formatPrice } from '@/contract/money'
import type { OrderStatus } from '@/contract/orders'
import type { MyQuote, QuoteStatus } from '@/contract/recycling'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import { formatTime, serverNow } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

/** Sealed bids: a merchant learns only how their own quote ended, never whether it leads. */
const LABELS: Record<QuoteStatus, string> = { submitted: '已提交', won: '已中标', lost: '未中标', closed: '已关闭' }
const TONES: Record<QuoteStatus, StatusTone> = { submitted: 'info', won: 'trust', lost: 'hint', closed: 'hint' }
/** A won quote's next step, by where its order is. */
const WON_HINTS: Record<OrderStatus, string> = {
  pending_payment: '已中标，请尽快付款，客服验号移交后确认收货',
  paid: '已付款，等待客服验号移交',
  handed_over: '账号已移交，请验号后确认收货',
  disputed: '售后处理中',
  completed: '交易已完成',
  cancelled: '订单已取消',
  refunded: '订单已退款',
}

/** 我的报价 (merchants): each quote with its request and how it ended; a won one leads to its order. */
export default function MyQuotesPage() {
  const signedIn = useRequireLogin()
  const profile = useAppState((s) => s.profile)
  return (
    <OtherShell>
      {signedIn && profile && !profile.roles.includes('merchant') ? (
        <EmptyState
          text="报价仅对认证号商开放"
          action={{ label: '申请号商入驻', onClick: () => openPage('shanghu') }}
        />
      ) : signedIn && profile ? (
        <MyQuotes />
      ) : null}
    </OtherShell>
  )
}

/** Every quote, or (opened from a message) the one it is about, with the way to all of them. */
function MyQuotes() {
  const [only, setOnly] = useState(Number(usePageParams().id) || undefined)
  return only ? (
    <>
      <FocusBar text="消息中的报价" all="全部报价" onAll={() => setOnly(undefined)} />
      <Quotes key={`id-${only}`} id={only} />
    </>
  ) : (
    <Quotes />
  )
}

function Quotes({ id }: { id?: number }) {
  const list = usePagedList((page) => listMyQuotes(id, page), 10)
  if (list.firstLoad && list.status === 'loading') return <StatusCardGoodsSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="报价加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="还没有报价" action={{ label: '去回收大厅', onClick: () => openPage('recycleHall') }} />
  }
  const open = (quote: MyQuote) =>
    quote.orderId === null ? openPage('recycleHall') : openPage('orderDetail', { id: quote.orderId })
  return (
    <View className="status-card-list">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((quote) => (
        <StatusCard
          key={quote.id}
          className="my-quotes__card"
          time={`${formatTime(quote.updatedAt)} 报价`}
          status={LABELS[quote.status]}
          tone={TONES[quote.status]}
          label={quote.request.title}
          onOpen={() => void open(quote)}
        >
          <StatusCardGoods
            cover={quote.request.coverImage}
            title={quote.request.title}
            lines={[quote.request.gameName, `我的报价 ${formatPrice(quote.price)}`]}
          />
          {quote.status === 'submitted' && <Waiting endsAt={quote.request.windowEndsAt} />}
          {quote.orderId !== null && quote.orderStatus !== null && (
            <View className="status-card__strip status-card__strip--trust">
              <Text>{WON_HINTS[quote.orderStatus]}</Text>
              <View className="my-quotes__pay my-quotes__pay--primary" role="button">
                <Text>查看订单</Text>
              </View>
            </View>
          )}
        </StatusCard>
      ))}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}

/** A submitted quote: the request still taking quotes (and for how long), or closed and with its seller. */
function Waiting({ endsAt }: { endsAt: string }) {
  const [open, setOpen] = useState(() => Date.parse(endsAt) > serverNow())
  return open ? (
    <View className="status-card__strip">
      <Text>报价中，其他号商的报价不公开</Text>
      <Text className="status-card__clock">
        距截止 <Countdown to={endsAt} onEnd={() => setOpen(false)} />
      </Text>
    </View>
  ) : (
    <View className="status-card__strip">
      <Text>报价已截止，等待卖家选择</Text>
    </View>
  )
}
