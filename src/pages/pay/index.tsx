import { useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchOrder } from '@/api/orders'
import { amountDue, bindMiniCode, bindPayerCode, payerAuthorize, paymentKindParam, startPayment } from '@/api/payments'
import { ApiError, toastError } from '@/api/request'
import EmptyState from '@/components/EmptyState'
import { openPayment } from '@/components/OrderActions'
import Panel from '@/components/Panel'
import PayChannels, { usePayChoice } from '@/components/PayChannels'
import { openGateway, pageAddress, payInApp, returnUrl } from '@/components/PayChannels/gateway'
import PriceTag from '@/components/PriceTag'
import QrCode from '@/components/QrCode'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import type { Order } from '@/contract/orders'
import type { PayChannel, PaymentKind } from '@/contract/payments'
import MainShell from '@/layouts/MainShell'
import { replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { currentPayPlace, defaultChannel, payScene } from '@/utils/payPlace'
import './index.scss'

/** While a WeChat QR code is shown: look at the order every 2 s until the payment has landed. */
export const QR_POLL_MS = 2000

const KIND_LABELS: Record<PaymentKind, string> = { full: '全款', deposit: '定金', balance: '尾款' }

/** The payment `kind` is done once the order no longer offers it. */
const settled = (order: Order, kind: PaymentKind) => !order.actions.includes(kind === 'balance' ? 'payBalance' : 'pay')

export default function PayPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const id = Number(params.id)
  return (
    <MainShell>
      {!signedIn ? null : Number.isInteger(id) && id > 0 ? (
        <Pay
          id={id}
          kind={paymentKindParam(params.kind)}
          initialChannel={params.channel === 'wechat' ? 'wechat' : 'alipay'}
          payerAuth={authOf(params)}
        />
      ) : (
        <EmptyState text="订单不存在" action={{ label: '我的买单', onClick: () => replacePage('MyProducts') }} />
      )}
    </MainShell>
  )
}

/** Back from the app's authorisation: WeChat adds `code`, Alipay `auth_code`, both our `state`. */
function authOf(params: Record<string, string | undefined>) {
  const code = params.code ?? params.auth_code
  return code && params.state ? { code, state: params.state } : undefined
}

interface PayProps {
  id: number
  kind: PaymentKind
  initialChannel: PayChannel
  /** Back from the app's authorisation (inside WeChat's or Alipay's browser): the code to bind before paying. */
  payerAuth?: { code: string; state: string }
}

function Pay({ id, kind, initialChannel, payerAuth }: PayProps) {
  const place = currentPayPlace()
  const [order, setOrder] = useState<Order | null>(null)
  const [failed, setFailed] = useState('')
  const [starting, setStarting] = useState(false)
  const [qrCode, setQrCode] = useState('')
  const autoStarted = useRef(false)

  const load = useCallback(
    () =>
      fetchOrder(id).then(
        (r) => {
          setOrder(r.data)
          return r.data
        },
        (error) => {
          if (!(error instanceof ApiError && error.code === 401)) {
            setFailed(error instanceof ApiError ? error.message : '订单加载失败，请检查网络')
          }
          return null
        },
      ),
    [id],
  )
  useEffect(() => {
    void load()
  }, [load])

  /** Pays where the page is: `channel`'s cashier in the app around it, or its web page or QR code. */
  const payHere = useCallback(
    async (channel: PayChannel) => {
      const scene = payScene(place, channel)
      setStarting(true)
      try {
        if (scene === 'jsapi') {
          // The first payment inside the app: the app says who pays, then the page comes back here.
          const { authorizeUrl } = (await payerAuthorize(channel, pageAddress())).data
          if (authorizeUrl) return void openGateway({ payUrl: authorizeUrl })
        }
        // A mini-program: its login code says who pays (no prompt, every time: codes are single-use).
        if (scene === 'mini') await bindMiniCode(channel, { code: (await Taro.login()).code })
        const { data } = await startPayment(id, {
          channel,
          kind,
          returnUrl: returnUrl(),
          ...(scene === 'web' ? {} : { scene }),
        })
        if (scene !== 'web') {
          // The app's own cashier; the order page then waits for the signed notice.
          const result = await payInApp(data)
          if (result === 'ok') return void replacePage('orderDetail', { id, outTradeNo: data.outTradeNo })
          void Taro.showToast({ title: result === 'cancel' ? '已取消支付' : '支付未完成，请重试', icon: 'none' })
        } else if (data.qrCode) setQrCode(data.qrCode)
        else if (!openGateway(data)) void Taro.showToast({ title: '暂时无法发起微信支付，请改用支付宝', icon: 'none' })
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 401)) {
          toastError(error, '网络异常，请重试')
        }
      } finally {
        setStarting(false)
      }
    },
    [id, kind, place],
  )
  const { channel, setChannel, pick, guideView } = usePayChoice(
    (picked) =>
      void (picked === 'alipay' && payScene(place, picked) === 'web'
        ? openPayment(id, kind, 'alipay')
        : payHere(picked)),
    initialChannel,
  )

  // Back from the app's authorisation: keep who pays, then the page starts again without the one-time code.
  const { code, state } = payerAuth ?? {}
  useEffect(() => {
    if (!code || !state) return
    const own = defaultChannel(place)
    bindPayerCode(own, { code, state }).then(
      () => replacePage('pay', { id, kind, channel: own }),
      (error) => toastError(error, '授权失败，请重试'),
    )
  }, [code, state, id, kind, place])

  // Opened from an order's 去支付 for WeChat, or for the app's own cashier: start at once.
  const startAtOnce = initialChannel === 'wechat' || payScene(place, initialChannel) !== 'web'
  useEffect(() => {
    if (!order || code || autoStarted.current || !startAtOnce || settled(order, kind)) return
    autoStarted.current = true
    void payHere(initialChannel)
  }, [order, code, startAtOnce, initialChannel, kind, payHere])

  // A QR code is on screen: the order page takes over as soon as the payment has landed.
  useEffect(() => {
    if (!qrCode) return
    const timer = setInterval(() => {
      void fetchOrder(id).then(
        (r) => {
          if (!settled(r.data, kind)) return
          clearInterval(timer)
          void replacePage('orderDetail', { id })
        },
        () => undefined,
      )
    }, QR_POLL_MS)
    return () => clearInterval(timer)
  }, [qrCode, id, kind])

  if (failed)
    return (
      <EmptyState text={failed} action={{ label: '查看订单', onClick: () => replacePage('orderDetail', { id }) }} />
    )
  if (!order) return <PaySkeleton />
  if (settled(order, kind)) {
    return (
      <EmptyState
        text="这笔款项无需再支付"
        action={{ label: '查看订单', onClick: () => replacePage('orderDetail', { id }) }}
      />
    )
  }

  return (
    <View className="pay">
      <Panel className="pay__amount">
        <Text className="pay__amount-label">应付{KIND_LABELS[kind]}</Text>
        <PriceTag fen={amountDue(order, kind)} size="large" />
        <Text className="pay__goods">{order.goods.title}</Text>
        <Text className="pay__no">订单编号 {order.no}</Text>
      </Panel>

      {qrCode ? (
        <Panel title="微信扫码支付" className="pay__qr">
          <QrCode value={qrCode} alt="微信支付二维码" />
          <Text className="pay__qr-text">请使用微信「扫一扫」完成支付，支付成功后页面将自动跳转</Text>
          <View className="pay__link" role="button" onClick={() => replacePage('orderDetail', { id })}>
            <Text>我已支付，查看订单</Text>
          </View>
        </Panel>
      ) : (
        <Panel title="支付方式">
          <PayChannels value={channel} onChange={setChannel} place={place} />
        </Panel>
      )}

      {!qrCode && (
        <SubmitBar loading={starting} onClick={pick}>
          确认支付
        </SubmitBar>
      )}
      {guideView}
    </View>
  )
}

function PaySkeleton() {
  return (
    <View className="pay" aria-label="加载中">
      <Panel className="pay__amount">
        <Skeleton className="skeleton-line skeleton-line--tiny" />
        <Skeleton className="pay__amount-skeleton" />
      </Panel>
      <Panel>
        <Skeleton className="skeleton-line" />
        <Skeleton className="skeleton-line" />
      </Panel>
    </View>
  )
}
