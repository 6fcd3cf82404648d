import { useCallback, useEffect, useRef, useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchRoom, sendToRoom } from '@/api/dealRoom'
import { confirmOrder } from '@/api/orders'
import { toastError } from '@/api/request'
import { uploadImage } from '@/api/upload'
import BottomBar from '@/components/BottomBar'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import LazyImage from '@/components/LazyImage'
import Skeleton from '@/components/Skeleton'
import { DEAL_CARD_TEXT, ORDER_STATUS_LABELS, RENTAL_STATUS_LABELS } from '@/contract/constants'
import type { DealMessage, DealRoomOrder, DealRoomPage as RoomPage } from '@/contract/dealRoom'
import type { OrderAction } from '@/contract/orders'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { showDialog } from '@/utils/dialog'
import { followRoom } from '@/utils/dealSocket'
import { formatTime } from '@/utils/time'
import './index.scss'

/** The buttons a card offers, from the reader's own order actions (the same as orderDetail's). */
const CARD_BUTTONS: Partial<Record<OrderAction, string>> = {
  credentials: '查看账号',
  confirm: '确认收货',
  payBalance: '付尾款',
  aftersale: '申请售后',
}

/** A message of ours not yet answered by the server, or refused. */
interface Pending {
  clientId: string
  text: string
  failed: boolean
}

const clientId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** 交易群: the order's room — the buyer, the seller and staff, with every step of the order as a card. */
export default function DealRoomPage() {
  const signedIn = useRequireLogin()
  const orderId = Number(usePageParams().id)
  return (
    <OtherShell>
      {!signedIn ? null : orderId > 0 ? (
        <Room orderId={orderId} />
      ) : (
        <EmptyState text="请从订单进入交易群" action={{ label: '我的买单', onClick: () => openPage('MyProducts') }} />
      )}
    </OtherShell>
  )
}

function Room({ orderId }: { orderId: number }) {
  const [order, setOrder] = useState<DealRoomOrder | null>(null)
  const [aftersaleId, setAftersaleId] = useState<number | null>(null)
  const [rental, setRental] = useState<RoomPage['rental']>(null)
  const [messages, setMessages] = useState<DealMessage[]>([])
  const [more, setMore] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const [pending, setPending] = useState<Pending[]>([])
  const [draft, setDraft] = useState('')
  const [uploading, setUploading] = useState<number | null>(null)
  const newest = useRef(0)

  /** The header: the order's status and its after-sale case, as of now. */
  const refreshHeader = useCallback(() => {
    fetchRoom(orderId, { limit: 1 }).then(
      ({ data }) => {
        setOrder(data.order)
        setAftersaleId(data.aftersaleId)
        setRental(data.rental)
      },
      () => undefined,
    )
  }, [orderId])

  /** Adds messages, each once, in order; our own pending copies give way to what the server kept. */
  const merge = useCallback((incoming: DealMessage[]) => {
    if (incoming.length === 0) return
    newest.current = Math.max(newest.current, ...incoming.map((m) => m.id))
    setMessages((known) => {
      const byId = new Map(known.map((m) => [m.id, m]))
      for (const message of incoming) byId.set(message.id, message)
      return [...byId.values()].sort((a, b) => a.id - b.id)
    })
    const kept = new Set(incoming.map((m) => m.clientId).filter(Boolean))
    setPending((mine) => mine.filter((p) => !kept.has(p.clientId)))
  }, [])

  useEffect(() => {
    fetchRoom(orderId).then(
      ({ data }) => {
        setOrder(data.order)
        setAftersaleId(data.aftersaleId)
        setRental(data.rental)
        setMore(data.more)
        merge(data.messages)
      },
      (error) => setFailed(error instanceof Error ? error.message : '交易群加载失败'),
    )
    return followRoom(
      orderId,
      (message) => {
        merge([message])
        // A step of the order or of its case: the header says where things stand now.
        if (message.kind === 'card') refreshHeader()
      },
      // Back after a dropped line: everything after the newest message seen, so nothing is lost or doubled.
      () => {
        if (newest.current > 0)
          fetchRoom(orderId, { after: newest.current, limit: 100 }).then(
            ({ data }) => merge(data.messages),
            () => undefined,
          )
      },
    )
  }, [orderId, merge, refreshHeader])

  // The newest message in view, as a chat opens and grows.
  useEffect(() => {
    void Taro.pageScrollTo({ scrollTop: 1_000_000, duration: 0 })
  }, [messages.length, pending.length])

  if (failed) return <EmptyState text={failed} action={{ label: '返回', onClick: () => Taro.navigateBack() }} />
  if (!order) return <Skeleton className="deal-room__skeleton" />

  const post = async (body: { text: string } | { imageUrl: string }, id = clientId()) => {
    if ('text' in body)
      setPending((mine) => [...mine.filter((p) => p.clientId !== id), { clientId: id, text: body.text, failed: false }])
    try {
      merge([(await sendToRoom(orderId, { clientId: id, ...body })).data])
    } catch (error) {
      toastError(error, '发送失败，请重试')
      setPending((mine) => mine.map((p) => (p.clientId === id ? { ...p, failed: true } : p)))
    }
  }
  const sendText = () => {
    const text = draft.trim()
    if (!text) return
    setDraft('')
    void post({ text })
  }
  const sendPicture = async () => {
    try {
      const picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'] })
      setUploading(0)
      const uploaded = await uploadImage(picked.tempFilePaths[0], setUploading)
      await post({ imageUrl: uploaded.data.url })
    } catch (error) {
      if (!String((error as { errMsg?: string }).errMsg ?? '').includes('cancel')) toastError(error, '图片发送失败')
    } finally {
      setUploading(null)
    }
  }
  const older = async () => {
    try {
      const { data } = await fetchRoom(orderId, { before: messages[0]?.id })
      setMore(data.more)
      merge(data.messages)
    } catch (error) {
      toastError(error, '加载失败')
    }
  }
  const act = async (action: OrderAction) => {
    if (action === 'aftersale') return void openPage('aftersale', { orderId })
    if (action !== 'confirm') return void openPage('orderDetail', { id: orderId })
    const { confirm } = await showDialog({
      title: '确认收货',
      content: '请确认已登录验号、修改密码并换绑。确认后交易完成，货款将在保障期后打给卖家。',
      confirmText: '确认收货',
    })
    if (!confirm) return
    try {
      await confirmOrder(orderId)
      void Taro.showToast({ title: '已确认收货', icon: 'none' })
    } catch (error) {
      toastError(error, '确认失败，请重试')
    }
  }

  const latestCard = messages.filter((m) => m.kind === 'card').at(-1)?.id
  return (
    <View className="deal-room">
      <View
        className="deal-room__order"
        role="link"
        aria-label={`订单 ${order.no}`}
        onClick={() => order.role === 'buyer' && openPage('orderDetail', { id: orderId })}
      >
        <LazyImage className="deal-room__cover" src={order.coverImage} alt={order.title} />
        <View className="deal-room__order-text">
          <Text className="deal-room__title">{order.title}</Text>
          <Text className="deal-room__meta">
            订单 {order.no} · {ORDER_STATUS_LABELS[order.status]}
          </Text>
        </View>
      </View>
      {aftersaleId !== null && (
        <View
          className={`deal-room__case${order.status === 'disputed' ? ' deal-room__case--open' : ''}`}
          role="link"
          onClick={() => openPage('aftersale', { id: aftersaleId })}
        >
          <Text>{order.status === 'disputed' ? '售后处理中，货款已冻结' : '本订单有售后记录'}</Text>
          <Text className="deal-room__case-link">查看售后 ›</Text>
        </View>
      )}
      {rental && (
        <View
          className={`deal-room__case${rental.status === 'disputed' ? ' deal-room__case--open' : ''}`}
          role="link"
          onClick={() => openPage('rental', { id: rental.id })}
        >
          <Text>
            租号 · {RENTAL_STATUS_LABELS[rental.status]}
            {rental.status === 'active' && rental.endAt && (
              <>
                {' '}
                剩余 <Countdown to={rental.endAt} onEnd={refreshHeader} className="deal-room__clock" />
              </>
            )}
          </Text>
          <Text className="deal-room__case-link">查看租号 ›</Text>
        </View>
      )}
      <View className="deal-room__messages" role="log" aria-label="交易群消息">
        {more && (
          <View className="deal-room__older" role="button" onClick={() => void older()}>
            <Text>查看更早的消息</Text>
          </View>
        )}
        {messages.length === 0 && (
          <Text className="deal-room__empty">买家、卖家和客服都在这里，交易中有问题随时说</Text>
        )}
        {messages.map((message) => (
          <Bubble
            key={message.id}
            message={message}
            mine={message.sender.role === order.role}
            // Only the latest card offers what can be done now; the earlier ones are the story so far.
            onAct={message.id === latestCard ? act : null}
          />
        ))}
        {pending.map((p) => (
          <View key={p.clientId} className="deal-room__row deal-room__row--mine">
            <View className="deal-room__bubble deal-room__bubble--mine deal-room__bubble--pending">
              <Text>{p.text}</Text>
            </View>
            {p.failed && (
              <View
                className="deal-room__retry"
                role="button"
                aria-label="重新发送"
                onClick={() => void post({ text: p.text }, p.clientId)}
              >
                <Text>重发</Text>
              </View>
            )}
          </View>
        ))}
      </View>
      <BottomBar>
        <View
          className="deal-room__picture"
          role="button"
          aria-label="发送图片"
          onClick={() => uploading === null && void sendPicture()}
        >
          {uploading === null ? (
            <GlyphIcon name="image" size={44} />
          ) : (
            <Text className="deal-room__progress">{uploading}%</Text>
          )}
        </View>
        <Input
          className="deal-room__input"
          aria-label="消息"
          value={draft}
          maxlength={1000}
          confirmType="send"
          placeholder="说点什么…请勿在群外交易"
          onInput={(e) => setDraft(e.detail.value)}
          onConfirm={sendText}
        />
        <View
          className={`deal-room__send${draft.trim() ? '' : ' deal-room__send--idle'}`}
          role="button"
          aria-label="发送"
          onClick={sendText}
        >
          <Text>发送</Text>
        </View>
      </BottomBar>
    </View>
  )
}

function Bubble(props: { message: DealMessage; mine: boolean; onAct: ((action: OrderAction) => void) | null }) {
  const { message, mine, onAct } = props
  if (message.kind === 'card' && message.card) {
    const buttons = onAct ? message.card.actions.filter((action) => CARD_BUTTONS[action]) : []
    return (
      <View className="deal-room__card" role="group" aria-label={DEAL_CARD_TEXT[message.card.event]}>
        <Text className="deal-room__card-text">{DEAL_CARD_TEXT[message.card.event]}</Text>
        {message.text && <Text className="deal-room__card-detail">{message.text}</Text>}
        <Text className="deal-room__time">{formatTime(message.createdAt)}</Text>
        {buttons.length > 0 && (
          <View className="deal-room__card-actions">
            {buttons.map((action) => (
              <View key={action} className="deal-room__card-button" role="button" onClick={() => onAct?.(action)}>
                <Text>{CARD_BUTTONS[action]}</Text>
              </View>
            ))}
          </View>
        )}
      </View>
    )
  }
  if (message.kind === 'warning')
    return (
      <View className="deal-room__warning" role="note">
        <Text>{message.text}</Text>
      </View>
    )
  const staff = message.sender.role === 'staff'
  return (
    <View className={`deal-room__row${mine ? ' deal-room__row--mine' : ''}`}>
      <View className="deal-room__who">
        <Text className={`deal-room__name${staff ? ' deal-room__name--staff' : ''}`}>
          {staff ? `官方客服 ${message.sender.staffNo}` : message.sender.name}
        </Text>
        {staff && <GlyphIcon name="check" size={24} className="deal-room__verified" />}
        <Text className="deal-room__time">{formatTime(message.createdAt)}</Text>
      </View>
      <View
        className={`deal-room__bubble${mine ? ' deal-room__bubble--mine' : ''}${staff ? ' deal-room__bubble--staff' : ''}`}
      >
        {message.imageUrl ? (
          <LazyImage className="deal-room__image" src={message.imageUrl} alt="聊天图片" />
        ) : (
          <Text selectable>{message.text}</Text>
        )}
      </View>
      {message.masked && <Text className="deal-room__masked">联系方式已隐藏，请在平台内沟通</Text>}
    </View>
  )
}
