import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { fetchAftersale } from '@/api/aftersale'
import { fetchClaim } from '@/api/claims'
import { listMyRooms } from '@/api/dealRoom'
import { fetchCredentials, fetchOrder, fetchOrderByTradeNo } from '@/api/orders'
import { ApiError, toastError } from '@/api/request'
import { fetchMyReview } from '@/api/reviews'
import AmountList, { feeRows } from '@/components/AmountList'
import BottomBar from '@/components/BottomBar'
import CopyButton from '@/components/CopyButton'
import CredentialsSheet from '@/components/CredentialsSheet'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import Icon from '@/components/Icon'
import OrderActions from '@/components/OrderActions'
import OrderGoods, { OrderGoodsSkeleton } from '@/components/OrderGoods'
import Panel from '@/components/Panel'
import { ReviewItem } from '@/components/SellerCard'
import Skeleton from '@/components/Skeleton'
import {
  AFTERSALE_OUTCOME_LABELS,
  AFTERSALE_REASON_LABELS,
  AFTERSALE_STATUS_LABELS,
  CLAIM_KIND_LABELS,
  CLAIM_STATUS_LABELS,
  DEAL_ROOM_STATUSES,
  GUARANTEE_LABELS,
  ORDER_KIND_LABELS,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS_LABELS,
} from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import type { Credentials, Order, OrderDeadline, OrderStatus } from '@/contract/orders'
import type { ApiResult } from '@/contract/envelope'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/** After the Alipay return the signed notice may land a moment later: look again every 2 s for about 20 s. */
export const RETURN_POLL_MS = 2000
export const RETURN_POLL_TRIES = 10

const STEPS = ['下单', '付款', '交付', '确认']
const STEP_OF: Partial<Record<OrderStatus, number>> = { pending_payment: 0, paid: 1, handed_over: 2, completed: 3 }

function statusLine(order: Order): string {
  switch (order.status) {
    case 'pending_payment':
      return '请尽快完成支付，超时订单将自动取消'
    case 'paid':
      return order.paidAmount < order.totalAmount
        ? '定金已付，请在交付前付清尾款'
        : '已付款，客服正在为您交付账号（10:00–02:00）'
    case 'handed_over':
      return '账号已交付：请查看账号并立即修改密码与绑定，确认无误后确认收货'
    case 'completed':
      return '交易完成，感谢您的信任'
    case 'cancelled':
      return order.cancelReason || '订单已取消'
    case 'refunded':
      return '款项已按原路退回'
    case 'disputed':
      return '售后处理中：卖家货款已冻结，平台将根据双方说明处理'
  }
}

export default function OrderDetailPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const id = Number(params.id)
  const outTradeNo = params.outTradeNo ?? ''
  const valid = Boolean(outTradeNo) || (Number.isInteger(id) && id > 0)
  return (
    <MainShell>
      {!signedIn ? null : valid ? (
        <OrderDetail id={id} outTradeNo={outTradeNo} quit={params.payment === 'quit'} />
      ) : (
        <EmptyState text="订单不存在" action={{ label: '我的买单', onClick: () => replacePage('MyProducts') }} />
      )}
    </MainShell>
  )
}

/** What stands before and after the countdown to each deadline. */
const DEADLINE_TEXTS: Record<OrderDeadline['kind'], [string, string]> = {
  payment: ['剩余 ', ''],
  autoConfirm: ['', ' 后自动确认收货'],
  protection: ['保障期剩余 ', ''],
}

/** The moment a payment has landed: what the buyer has paid for and what happens next. */
function PaidNotice({ order }: { order: Order }) {
  const owing = order.totalAmount - order.paidAmount
  return (
    <View className="order-detail__paid" role="status" aria-label="支付成功">
      <Text className="order-detail__paid-title">支付成功</Text>
      <Text className="order-detail__paid-text">
        {owing > 0
          ? `定金已付，支付尾款 ${formatPrice(owing)} 后客服为你移交账号`
          : '资金由平台托管，客服正在为你移交账号；移交后在本页查看账号并确认收货'}
      </Text>
    </View>
  )
}

/**
 * Back from a payment (`outTradeNo`): 'checking' while its notice may still be on its way, 'late' once we
 * stopped looking, 'quit' when the buyer left the cashier without paying (its quit address says so),
 * 'paid' once the payment has landed.
 */
type PaymentReturn = 'checking' | 'late' | 'quit' | 'paid'

/** From payment on, the order has its 交易群 (buyer, seller and staff) in place of the contact page. */
const ROOM_OPEN: readonly OrderStatus[] = DEAL_ROOM_STATUSES

/** Unread messages in this order's room, read again each time the page shows. */
function useRoomUnread(orderId: number | undefined, open: boolean): number {
  const [unread, setUnread] = useState(0)
  const refresh = useCallback(() => {
    if (!orderId || !open) return
    listMyRooms(true).then(
      ({ data }) => setUnread(data.find((room) => room.order.id === orderId)?.unread ?? 0),
      () => undefined,
    )
  }, [orderId, open])
  useEffect(refresh, [refresh])
  useDidShow(refresh)
  return unread
}

const RETURN_NOTICES: Record<Exclude<PaymentReturn, 'paid'>, string> = {
  checking: '正在确认支付结果…',
  late: '暂未收到支付结果，如已付款请稍后刷新',
  quit: '已取消支付，订单保留至倒计时结束，可随时重新支付',
}

interface OrderDetailProps {
  id: number
  outTradeNo: string
  /** The cashier was left without paying. */
  quit: boolean
}

function OrderDetail({ id, outTradeNo, quit }: OrderDetailProps) {
  const [order, setOrder] = useState<Order | null>(null)
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(null)
  const [confirming, setConfirming] = useState<PaymentReturn | null>(null)
  const [credentials, setCredentials] = useState<Credentials | null>(null)
  const [revealing, setRevealing] = useState(false)
  const orderId = useRef(outTradeNo ? 0 : id)

  const load = useCallback(
    (): Promise<Order | null> =>
      (orderId.current ? fetchOrder(orderId.current) : fetchOrderByTradeNo(outTradeNo)).then(
        (result) => {
          orderId.current = result.data.id
          setProblem(null)
          // Rendered as a transition, in slices that leave the phone responsive.
          startTransition(() => setOrder(result.data))
          return result.data
        },
        (error: unknown) => {
          if (!(error instanceof ApiError && error.code === 401)) {
            setProblem(error instanceof ApiError && (error.code === 404 || error.code === 403) ? 'missing' : 'failed')
          }
          return null
        },
      ),
    [outTradeNo],
  )

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async (tries: number) => {
      const current = await load()
      if (stopped) return
      const status = current?.payments?.find((p) => p.outTradeNo === outTradeNo)?.status
      if (status !== 'pending') return setConfirming(status === 'paid' ? 'paid' : null)
      if (quit || tries >= RETURN_POLL_TRIES) return setConfirming(quit ? 'quit' : 'late')
      setConfirming('checking')
      timer = setTimeout(() => void poll(tries + 1), RETURN_POLL_MS)
    }
    if (outTradeNo) void poll(1)
    else void load()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [load, outTradeNo, quit])
  // A rental's order is paid like any, but the rental is where it is read: there once the payment is known.
  const rentalId = order?.rentalId
  useEffect(() => {
    if (rentalId && confirming !== 'checking') void replacePage('rental', { id: rentalId })
  }, [rentalId, confirming])
  // Back from a page opened here (a review, a case, a claim): what may be done next has changed.
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current && orderId.current) void load()
    shown.current = true
  })

  const reveal = async () => {
    if (!order || revealing) return
    setRevealing(true)
    try {
      setCredentials((await fetchCredentials(order.id)).data)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401)) {
        toastError(error, '加载失败，请重试')
      }
    } finally {
      setRevealing(false)
    }
  }

  const unread = useRoomUnread(order?.id, order !== null && ROOM_OPEN.includes(order.status))

  if (problem === 'missing') {
    return <EmptyState text="订单不存在" action={{ label: '我的买单', onClick: () => replacePage('MyProducts') }} />
  }
  if (problem === 'failed' && !order) {
    return <EmptyState text="订单加载失败，请检查网络" action={{ label: '重试', onClick: () => void load() }} />
  }
  if (!order) return <OrderSkeleton />

  const step = STEP_OF[order.status]
  const deposit = order.payMode === 'deposit' && order.depositAmount !== null ? order.depositAmount : null
  const amounts = [
    ...feeRows(order, order.guaranteeType, deposit),
    { label: '已付金额', fen: order.paidAmount },
    ...(order.refundAmount > 0 ? [{ label: '已退款', fen: order.refundAmount }] : []),
  ]
  const times: [string, string | null][] = [
    ['下单时间', order.createdAt],
    ['付款时间', order.paidAt],
    ['交付时间', order.handedOverAt],
    ['完成时间', order.completedAt],
    ['取消时间', order.cancelledAt],
    ['退款时间', order.refundedAt],
  ]

  return (
    <View className="order-detail">
      <View className={`order-detail__status order-detail__status--${order.status}`}>
        <View className="order-detail__status-line">
          <Text className="order-detail__status-label">{ORDER_STATUS_LABELS[order.status]}</Text>
          {order.deadline && (
            <Text className="order-detail__countdown">
              {DEADLINE_TEXTS[order.deadline.kind][0]}
              <Countdown to={order.deadline.at} onEnd={() => void load()} className="order-detail__clock" />
              {DEADLINE_TEXTS[order.deadline.kind][1]}
            </Text>
          )}
        </View>
        <Text className="order-detail__status-text">{statusLine(order)}</Text>
        {step !== undefined && (
          <View className="order-detail__steps">
            {STEPS.map((label, i) => (
              <View key={label} className={`order-detail__step${i <= step ? ' order-detail__step--done' : ''}`}>
                <View className="order-detail__step-dot" />
                <Text className="order-detail__step-label">{label}</Text>
              </View>
            ))}
          </View>
        )}
      </View>

      {confirming === 'paid' ? (
        <PaidNotice order={order} />
      ) : (
        confirming && (
          <View className="order-detail__notice" role="status">
            <Text>{RETURN_NOTICES[confirming]}</Text>
            {confirming === 'late' && (
              <View className="order-detail__notice-action" role="button" onClick={() => void load()}>
                <Text>刷新</Text>
              </View>
            )}
          </View>
        )
      )}

      <Panel>
        <OrderGoods goods={order.goods} onClick={() => openPage('goodDetail', { id: order.goods.id })} />
      </Panel>

      {order.aftersaleId ? <AftersaleSummary id={order.aftersaleId} /> : null}
      {order.claimId ? <ClaimSummary id={order.claimId} /> : null}
      {order.reviewedAt ? <MyReviewSummary order={order} /> : null}

      <Panel title="费用明细">
        <AmountList rows={amounts} />
      </Panel>

      <Panel title="订单信息">
        <View className="order-detail__info">
          <View className="order-detail__info-row">
            <Text className="order-detail__info-label">订单编号</Text>
            <Text className="order-detail__info-value order-detail__no">{order.no}</Text>
            <CopyButton text={order.no} what="订单编号" />
          </View>
          <View className="order-detail__info-row">
            <Text className="order-detail__info-label">交易类型</Text>
            <Text className="order-detail__info-value">
              {order.kind === 'sale' ? ORDER_SOURCE_LABELS[order.source] : ORDER_KIND_LABELS[order.kind]}
            </Text>
          </View>
          <View className="order-detail__info-row">
            <Text className="order-detail__info-label">包赔服务</Text>
            <Text className="order-detail__info-value">{GUARANTEE_LABELS[order.guaranteeType]}</Text>
          </View>
          <View className="order-detail__info-row">
            <Text className="order-detail__info-label">支付方式</Text>
            <Text className="order-detail__info-value">{order.payMode === 'deposit' ? '定金 + 尾款' : '全款支付'}</Text>
          </View>
          {times
            .filter(([, at]) => at)
            .map(([label, at]) => (
              <View key={label} className="order-detail__info-row">
                <Text className="order-detail__info-label">{label}</Text>
                <Text className="order-detail__info-value">{formatTime(at)}</Text>
              </View>
            ))}
        </View>
      </Panel>

      <BottomBar>
        {ROOM_OPEN.includes(order.status) ? (
          <View
            className="order-detail__service"
            role="button"
            aria-label={unread ? `交易群，${unread} 条未读` : '交易群'}
            onClick={() => openPage('dealRoom', { id: order.id })}
          >
            <Icon name="message" size={40} />
            <Text className="order-detail__service-label">交易群</Text>
            {unread > 0 && <Text className="order-detail__unread">{unread > 99 ? '99+' : unread}</Text>}
          </View>
        ) : (
          <View
            className="order-detail__service"
            role="button"
            aria-label="联系客服"
            onClick={() => openPage('contactkefu')}
          >
            <Icon name="service" size={40} />
            <Text className="order-detail__service-label">联系客服</Text>
          </View>
        )}
        <OrderActions
          className="order-detail__actions"
          order={order}
          onChange={setOrder}
          onCredentials={() => void reveal()}
        />
      </BottomBar>

      {credentials && (
        <CredentialsSheet
          credentials={credentials}
          warning="请立即登录并修改密码、换绑手机与邮箱；不要把账号信息告诉任何人，客服不会向您索要。"
          onClose={() => setCredentials(null)}
        />
      )}
    </View>
  )
}

/** A remedy of the order at a glance — its state and what it waits for — opening its own page. */
function RemedyPanel(props: { title: string; state: string; note?: ReactNode; onOpen: () => void }) {
  return (
    <Panel title={props.title}>
      <View className="order-detail__remedy" role="link" aria-label={`查看${props.title}详情`} onClick={props.onOpen}>
        <View className="order-detail__remedy-text">
          <Text className="order-detail__remedy-state">{props.state}</Text>
          {props.note && <Text className="order-detail__remedy-note">{props.note}</Text>}
        </View>
        <Text className="order-detail__remedy-link">查看 ›</Text>
      </View>
    </Panel>
  )
}

/** A record a panel of the order shows, loaded again whenever the page shows (it may have changed meanwhile). */
function usePanelRecord<T>(fetch: () => Promise<ApiResult<T>>) {
  const { item, reload } = useRecord(fetch, '')
  useDidShow(reload)
  return { item, reload }
}

/** The order's after-sale case: its state, what it waits for and until when. */
function AftersaleSummary({ id }: { id: number }) {
  const { item, reload } = usePanelRecord(useCallback(() => fetchAftersale(id), [id]))
  if (!item) return null
  const waiting =
    item.status === 'awaiting_seller' ? '待卖家回复' : item.status === 'awaiting_staff' ? '待平台处理' : null
  return (
    <RemedyPanel
      title="售后"
      state={`${AFTERSALE_REASON_LABELS[item.reason]} · ${
        item.outcome ? AFTERSALE_OUTCOME_LABELS[item.outcome] : AFTERSALE_STATUS_LABELS[item.status]
      }${item.refundAmount > 0 ? ` ${formatPrice(item.refundAmount)}` : ''}`}
      note={
        waiting &&
        item.dueAt && (
          <>
            {waiting}，剩余 <Countdown to={item.dueAt} onEnd={reload} />
          </>
        )
      }
      onOpen={() => openPage('aftersale', { id })}
    />
  )
}

/** The order's 包赔 claim: its state, the amount once agreed, and whether staff wait for the buyer. */
function ClaimSummary({ id }: { id: number }) {
  const { item } = usePanelRecord(useCallback(() => fetchClaim(id), [id]))
  if (!item) return null
  return (
    <RemedyPanel
      title="包赔"
      state={`${CLAIM_KIND_LABELS[item.kind]} · ${CLAIM_STATUS_LABELS[item.status]}${
        item.amount !== null && item.status !== 'rejected' ? ` ${formatPrice(item.amount)}` : ''
      }`}
      note={item.status === 'needs_info' ? '客服需要你补充材料，请尽快提交' : undefined}
      onOpen={() => openPage('claim', { id })}
    />
  )
}

/** The buyer's review of this order; 修改 while the edit window is open. */
function MyReviewSummary({ order }: { order: Order }) {
  const { item: review } = usePanelRecord(useCallback(() => fetchMyReview(order.id), [order.id]))
  if (!review) return null
  return (
    <Panel title="我的评价">
      <ReviewItem review={review} goods={false} />
      {review.hidden && <Text className="order-detail__review-note">该评价已被平台隐藏，不再公开展示</Text>}
      {order.actions.includes('review') && (
        <View
          className="order-detail__review-edit"
          role="link"
          onClick={() => openPage('review', { orderId: order.id })}
        >
          <Text>修改评价 ›</Text>
        </View>
      )}
    </Panel>
  )
}

function OrderSkeleton() {
  return (
    <View className="order-detail" aria-label="加载中">
      <Skeleton className="order-detail__status order-detail__status--skeleton" />
      <Panel>
        <OrderGoodsSkeleton />
      </Panel>
      <Panel>
        <Skeleton className="skeleton-line" />
        <Skeleton className="skeleton-line skeleton-line--short" />
      </Panel>
    </View>
  )
}
