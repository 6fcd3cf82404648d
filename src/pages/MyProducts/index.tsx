import { useRef, useState } from 'react'
import { Picker, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { listMyOrders, type OrdersQuery } from '@/api/orders'
import PullRefresh from '@/components/PullRefresh'
import EmptyState from '@/components/EmptyState'
import ListFooter from '@/components/ListFooter'
import OrderActions from '@/components/OrderActions'
import OrderGoods, { OrderGoodsSkeleton } from '@/components/OrderGoods'
import PriceTag from '@/components/PriceTag'
import RentalList from '@/components/RentalList'
import StatusCard, { StatusCardSkeleton, type StatusTone } from '@/components/StatusCard'
import Tabs from '@/components/Tabs'
import { CLAIM_STATUS_LABELS, ORDER_SOURCE_LABELS, ORDER_STATUS_LABELS } from '@/contract/constants'
import type { ClaimStatus } from '@/contract/claims'
import type { Order, OrderStatus } from '@/contract/orders'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { usePagedList } from '@/utils/usePagedList'
import './index.scss'

type Tab = 'all' | 'pending' | 'trading' | 'completed' | 'cancelled' | 'refunded' | 'rentals'

/** The status tabs of SCREENS.md; 交易中 is paid, handed over and in an after-sale case alike. */
export const ORDER_TABS: { value: Tab; label: string; status?: OrderStatus[] }[] = [
  { value: 'all', label: '全部' },
  { value: 'pending', label: '待支付', status: ['pending_payment'] },
  { value: 'trading', label: '交易中', status: ['paid', 'handed_over', 'disputed'] },
  { value: 'completed', label: '交易成功', status: ['completed'] },
  { value: 'cancelled', label: '已取消', status: ['cancelled'] },
  { value: 'refunded', label: '已退款', status: ['refunded'] },
  // What I rented (租号): their own list, not orders.
  { value: 'rentals', label: '租号' },
]

export default function MyProductsPage() {
  const signedIn = useRequireLogin()
  return <OtherShell>{signedIn ? <MyOrders /> : null}</OtherShell>
}

/** Waiting on the buyer, in progress, done, over. */
const ORDER_TONES: Record<OrderStatus, StatusTone> = {
  pending_payment: 'accent',
  paid: 'info',
  handed_over: 'info',
  completed: 'trust',
  cancelled: 'hint',
  refunded: 'hint',
  disputed: 'error',
}

/** A claim on the order, under its goods: waiting on the buyer stands out, paid is done well. */
const CLAIM_STRIP_TONES: Record<ClaimStatus, string> = {
  submitted: '',
  needs_info: ' status-card__strip--accent',
  approved: '',
  paid: ' status-card__strip--trust',
  rejected: '',
}

function MyOrders() {
  // Opened from a 个人中心 counter on its status.
  const opened = usePageParams().tab
  const [tab, setTab] = useState<Tab>(ORDER_TABS.find((t) => t.value === opened)?.value ?? 'all')
  const [range, setRange] = useState<{ from?: string; to?: string }>({})
  const status = ORDER_TABS.find((t) => t.value === tab)?.status
  const query: OrdersQuery = { status: status?.length === 1 ? status[0] : status, ...range }
  return (
    <View className="my-orders">
      <View className="my-orders__head">
        <Tabs tabs={ORDER_TABS} value={tab} onChange={setTab} />
        {tab !== 'rentals' && (
          <View className="my-orders__range">
            <DateField
              label="开始日期"
              value={range.from}
              end={range.to}
              onChange={(from) => setRange({ ...range, from })}
            />
            <Text className="my-orders__range-sep">至</Text>
            <DateField
              label="结束日期"
              value={range.to}
              start={range.from}
              onChange={(to) => setRange({ ...range, to })}
            />
            {(range.from || range.to) && (
              <View className="my-orders__range-clear" role="button" onClick={() => setRange({})}>
                <Text>清除</Text>
              </View>
            )}
          </View>
        )}
      </View>
      {/* A new query is a new list: it starts again from page 1. */}
      {tab === 'rentals' ? <RentalList role="renter" /> : <OrderList key={JSON.stringify(query)} query={query} />}
    </View>
  )
}

interface DateFieldProps {
  label: string
  value?: string
  start?: string
  end?: string
  onChange: (value: string) => void
}

function DateField({ label, value, start, end, onChange }: DateFieldProps) {
  return (
    <Picker
      mode="date"
      value={value ?? ''}
      start={start}
      end={end}
      onChange={(e) => onChange(String(e.detail.value))}
      className="my-orders__date"
    >
      <View className={`my-orders__date-value${value ? '' : ' my-orders__date-value--empty'}`} aria-label={label}>
        <Text>{value || label}</Text>
      </View>
    </Picker>
  )
}

function OrderList({ query }: { query: OrdersQuery }) {
  const list = usePagedList((page) => listMyOrders(query, page), 10)
  // Orders changed here (cancelled, confirmed) show their new state without a reload.
  const [changed, setChanged] = useState<Record<number, Order>>({})
  const shown = useRef(false)
  // Back from an order's page it may have been paid or cancelled there.
  useDidShow(() => {
    if (shown.current) list.reload()
    shown.current = true
  })

  if (list.firstLoad && list.status === 'loading') return <OrderCardSkeleton />
  if (list.firstLoad && list.status === 'error') {
    return <EmptyState text="订单加载失败" action={{ label: '重试', onClick: list.retry }} />
  }
  if (list.rows.length === 0) {
    return <EmptyState text="暂无相关订单" action={{ label: '去逛逛', onClick: () => openPage('accountOrder') }} />
  }
  return (
    <View className="status-card-list">
      <PullRefresh onRefresh={list.refresh} />
      {list.rows.map((row) => {
        const order = changed[row.id] ?? row
        const open = () => openPage('orderDetail', { id: order.id })
        return (
          <StatusCard
            key={order.id}
            className="my-orders__card"
            time={
              order.source === 'market'
                ? formatTime(order.createdAt)
                : `${formatTime(order.createdAt)} · ${ORDER_SOURCE_LABELS[order.source]}`
            }
            status={ORDER_STATUS_LABELS[order.status]}
            tone={ORDER_TONES[order.status]}
            label={`订单 ${order.no}`}
            onOpen={open}
          >
            <OrderGoods goods={order.goods} />
            {order.claimStatus && (
              <View className={`status-card__strip${CLAIM_STRIP_TONES[order.claimStatus]}`}>
                <Text>包赔{CLAIM_STATUS_LABELS[order.claimStatus]}</Text>
                {order.claimStatus === 'needs_info' && <Text>请在订单中补充材料</Text>}
              </View>
            )}
            <View className="my-orders__card-foot">
              <Text className="my-orders__total">
                订单总额 <PriceTag fen={order.totalAmount} size="small" />
              </Text>
              <OrderActions
                className="my-orders__actions"
                order={order}
                onChange={(next) => setChanged((c) => ({ ...c, [next.id]: next }))}
                onCredentials={open}
              />
            </View>
          </StatusCard>
        )
      })}
      <ListFooter status={list.status} hasMore={list.hasMore} onMore={list.loadMore} onRetry={list.retry} />
    </View>
  )
}

function OrderCardSkeleton() {
  return (
    <StatusCardSkeleton>
      <OrderGoodsSkeleton />
    </StatusCardSkeleton>
  )
}
