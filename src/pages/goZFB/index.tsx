import { useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { paymentKindParam, startPayment } from '@/api/payments'
import { ApiError } from '@/api/request'
import EmptyState from '@/components/EmptyState'
import PriceTag from '@/components/PriceTag'
import { openGateway, returnUrl } from '@/components/PayChannels/gateway'
import type { PaymentKind, PayStart } from '@/contract/payments'
import MainShell from '@/layouts/MainShell'
import { replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import './index.scss'

export default function GoZFBPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const id = Number(params.id)
  return (
    <MainShell>
      {!signedIn ? null : Number.isInteger(id) && id > 0 ? (
        <GoZFB id={id} kind={paymentKindParam(params.kind)} />
      ) : (
        <EmptyState text="订单不存在" action={{ label: '我的买单', onClick: () => replacePage('MyProducts') }} />
      )}
    </MainShell>
  )
}

function GoZFB({ id, kind }: { id: number; kind: PaymentKind }) {
  const [start, setStart] = useState<PayStart | null>(null)
  const [error, setError] = useState('')
  const started = useRef(false)

  const begin = () => {
    setError('')
    // The gateway sends the browser back to orderDetail; the server adds `outTradeNo` to this address.
    startPayment(id, { channel: 'alipay', kind, returnUrl: returnUrl() }).then(
      (r) => {
        setStart(r.data)
        openGateway(r.data)
      },
      (e) => {
        if (!(e instanceof ApiError && e.code === 401)) setError(e instanceof ApiError ? e.message : '网络异常，请重试')
      },
    )
  }
  useEffect(() => {
    if (started.current) return
    started.current = true
    begin()
    // Once per page: a second call would open a second trade.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const paid = () => replacePage('orderDetail', { id })

  return (
    <View className="go-zfb">
      <View className="go-zfb__card">
        <Text className="go-zfb__mark">支</Text>
        {error ? (
          <>
            <Text className="go-zfb__title">未能打开支付宝</Text>
            <Text className="go-zfb__text go-zfb__text--error">{error}</Text>
          </>
        ) : (
          <>
            <Text className="go-zfb__title">正在跳转支付宝…</Text>
            {start ? <PriceTag fen={start.amount} size="large" /> : <View className="go-zfb__spinner" />}
            <Text className="go-zfb__text">如未自动跳转，请点击「打开支付宝」。支付结果以支付宝通知为准。</Text>
          </>
        )}
      </View>
      <View className="go-zfb__actions">
        {error ? (
          <View className="go-zfb__button go-zfb__button--primary" role="button" onClick={begin}>
            <Text>重试</Text>
          </View>
        ) : (
          <View
            className={`go-zfb__button go-zfb__button--primary${start ? '' : ' go-zfb__button--off'}`}
            role="button"
            aria-disabled={!start}
            onClick={() => start && openGateway(start)}
          >
            <Text>打开支付宝</Text>
          </View>
        )}
        <View className="go-zfb__button" role="button" onClick={paid}>
          <Text>{error ? '查看订单' : '我已支付'}</Text>
        </View>
      </View>
    </View>
  )
}
