import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { cancelOrder, confirmOrder } from '@/api/orders'
import { amountDue, paymentKindOf } from '@/api/payments'
import { ApiError, toastError } from '@/api/request'
import { PayChannelSheet } from '@/components/PayChannels'
import type { Order, OrderAction } from '@/contract/orders'
import type { PayChannel, PaymentKind } from '@/contract/payments'
import { openPage } from '@/navigation'
import { currentPayPlace, payScene } from '@/utils/payPlace'
import './index.scss'
import { showDialog } from '@/utils/dialog'

/** The buyer's actions in the order they stand in a bar; the primary ones are filled. */
const BUTTONS: { action: OrderAction; label: (order: Order) => string; primary?: boolean }[] = [
  { action: 'cancel', label: () => '取消订单' },
  { action: 'credentials', label: () => '查看账号' },
  { action: 'aftersale', label: () => '申请售后' },
  { action: 'claim', label: () => '申请包赔' },
  { action: 'review', label: (o) => (o.reviewedAt ? '修改评价' : '评价') },
  { action: 'pay', label: (o) => (o.payMode === 'deposit' ? '支付定金' : '去支付'), primary: true },
  { action: 'payBalance', label: () => '支付尾款', primary: true },
  { action: 'confirm', label: () => '确认收货', primary: true },
]

/** Buttons in a row at most; more fold under 更多. */
const MAX_SHOWN = 3

/**
 * Opens the page that takes the payment: goZFB sends the browser to Alipay's web page; pay handles WeChat,
 * and Alipay's own cashier in its mini-program.
 */
export function openPayment(orderId: number, kind: PaymentKind, channel: PayChannel) {
  return channel === 'alipay' && payScene(currentPayPlace(), channel) === 'web'
    ? openPage('goZFB', { id: orderId, kind })
    : openPage('pay', { id: orderId, kind, channel })
}

const showError = (error: unknown) => {
  if (error instanceof ApiError && error.code === 401) return
  toastError(error, '操作失败，请重试')
}

interface OrderActionsProps {
  order: Order
  /** The order as the server answered after a cancel or confirm. */
  onChange: (order: Order) => void
  /** 查看账号: the detail page reveals them; a list opens the detail. */
  onCredentials: () => void
  className?: string
}

/** Exactly the buttons the server lists in `order.actions`, with their confirmations. */
export default function OrderActions({ order, onChange, onCredentials, className = '' }: OrderActionsProps) {
  const [paying, setPaying] = useState<PaymentKind | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (modal: { title: string; content: string; confirmText: string }, call: () => Promise<Order>) => {
    const { confirm } = await showDialog({ ...modal, cancelText: '再想想' })
    if (!confirm || busy) return
    setBusy(true)
    try {
      onChange(await call())
    } catch (error) {
      showError(error)
    } finally {
      setBusy(false)
    }
  }

  const handlers: Record<string, () => void> = {
    pay: () => setPaying(paymentKindOf(order, 'pay')),
    payBalance: () => setPaying(paymentKindOf(order, 'payBalance')),
    credentials: onCredentials,
    aftersale: () => void openPage('aftersale', { orderId: order.id }),
    claim: () => void openPage('claim', { orderId: order.id }),
    review: () => void openPage('review', { orderId: order.id }),
    cancel: () =>
      void run({ title: '取消订单', content: '取消后商品将重新上架，确定取消吗？', confirmText: '取消订单' }, () =>
        cancelOrder(order.id).then((r) => {
          void Taro.showToast({ title: '订单已取消', icon: 'none' })
          return r.data
        }),
      ),
    confirm: () =>
      void run(
        {
          title: '确认收货',
          content: '请确认已登录账号并修改密码、换绑完成。确认后款项将转给卖家。',
          confirmText: '确认收货',
        },
        () =>
          confirmOrder(order.id).then((r) => {
            void Taro.showToast({ title: '已确认收货', icon: 'none' })
            return r.data
          }),
      ),
  }

  const buttons = BUTTONS.filter((b) => order.actions.includes(b.action))
  if (buttons.length === 0) return null
  // A phone's bar holds three: beyond that the first ones wait under 更多, the last (primary) ones stay.
  const folded = buttons.length > MAX_SHOWN ? buttons.slice(0, buttons.length - MAX_SHOWN + 1) : []
  const more = () =>
    void Taro.showActionSheet({ itemList: folded.map((b) => b.label(order)) }).then(
      ({ tapIndex }) => handlers[folded[tapIndex].action](),
      () => undefined,
    )
  return (
    <View className={`order-actions ${className}`}>
      {folded.length > 0 && (
        <View
          className="order-actions__more"
          role="button"
          onClick={(e) => {
            e.stopPropagation()
            more()
          }}
        >
          <Text>更多</Text>
        </View>
      )}
      {buttons.slice(folded.length).map((b) => (
        <View
          key={b.action}
          className={`order-actions__button${b.primary ? ' order-actions__button--primary' : ''}`}
          role="button"
          aria-disabled={busy}
          onClick={(e) => {
            // A tap on a button is not a tap on the card around it (nor is one in the sheet: Sheet keeps its own).
            e.stopPropagation()
            handlers[b.action]()
          }}
        >
          <Text>{b.label(order)}</Text>
        </View>
      ))}
      {paying && (
        <PayChannelSheet
          title={paying === 'balance' ? '支付尾款' : '选择支付方式'}
          amount={amountDue(order, paying)}
          onClose={() => setPaying(null)}
          onPick={(channel) => {
            setPaying(null)
            void openPayment(order.id, paying, channel)
          }}
        />
      )}
    </View>
  )
}
