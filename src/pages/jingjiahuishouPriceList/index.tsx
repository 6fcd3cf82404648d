import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { acceptQuote, cancelRecycle, fetchMyRecycle, listQuotesOf } from '@/api/recycling'
import { toastError } from '@/api/request'
import Countdown from '@/components/Countdown'
import EmptyState from '@/components/EmptyState'
import Hint from '@/components/Hint'
import Skeleton from '@/components/Skeleton'
import { RECYCLE_STATUS_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import type { MyRecycleRequest, Quote } from '@/contract/recycling'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { showDialog } from '@/utils/dialog'
import { formatTime } from '@/utils/time'
import './index.scss'

const QUOTE_STATUS_LABELS: Record<Quote['status'], string> = {
  submitted: '',
  won: '已中标',
  lost: '未中标',
  closed: '已关闭',
}

/** 报价列表: one request — sealed while bidding, then every quote ranked; accept one at the reserve, or cancel. */
export default function JingjiahuishouPriceListPage() {
  const signedIn = useRequireLogin()
  const id = Number(usePageParams().id)
  return <OtherShell>{signedIn && id > 0 ? <PriceList id={id} /> : null}</OtherShell>
}

function PriceList({ id }: { id: number }) {
  const [request, setRequest] = useState<MyRecycleRequest | null>(null)
  const [quotes, setQuotes] = useState<Quote[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    fetchMyRecycle(id).then(
      ({ data }) => {
        setRequest(data)
        // Sealed while bidding: only the count is known.
        if (data.status === 'quoting') setQuotes([])
        else
          listQuotesOf(id).then(
            (r) => setQuotes(r.data),
            () => setFailed(true),
          )
      },
      () => setFailed(true),
    )
  }, [id, version])

  if (failed)
    return (
      <EmptyState
        text="回收单加载失败"
        action={{ label: '返回竞价中心', onClick: () => openPage('myJingjiahuishou') }}
      />
    )
  if (!request || !quotes) return <Skeleton className="price-list__skeleton" />

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await run()
      void Taro.showToast({ title: done, icon: 'none' })
      setVersion((v) => v + 1)
    } catch (error) {
      toastError(error, '操作失败，请重试')
      setVersion((v) => v + 1)
    } finally {
      setBusy(false)
    }
  }
  const accept = async (quote: Quote) => {
    const { confirm } = await showDialog({
      title: '确认成交',
      content: `以 ${formatPrice(quote.price)} 成交给「${quote.merchantName}」？号商付款后由客服验号移交，确认收货后货款打给你，其他报价将关闭。`,
      confirmText: '确认成交',
    })
    if (confirm) await act(() => acceptQuote(id, quote.id), '已成交，等待号商付款')
  }
  const cancel = async () => {
    const { confirm } = await showDialog({
      title: '取消回收单',
      content: '取消后全部报价关闭，可以重新发布。确定取消吗？',
      confirmText: '取消回收单',
    })
    if (confirm) await act(() => cancelRecycle(id), '已取消')
  }

  const canAccept = request.actions.includes('accept')
  return (
    <View className="price-list">
      <View className="price-list__head">
        <Text className="price-list__title">{request.title}</Text>
        <Text className="price-list__meta">
          {RECYCLE_STATUS_LABELS[request.status]} · 底价 {formatPrice(request.reservePrice)} · {request.quoteCount}{' '}
          个报价
        </Text>
        {request.status === 'quoting' && (
          <Text className="price-list__clock">
            报价截止还有 <Countdown to={request.windowEndsAt} onEnd={() => setVersion((v) => v + 1)} />
          </Text>
        )}
        {request.status === 'choosing' && request.choosingEndsAt && (
          <Text className="price-list__clock">
            请在 <Countdown to={request.choosingEndsAt} onEnd={() => setVersion((v) => v + 1)} /> 内选择
          </Text>
        )}
      </View>
      {request.status === 'quoting' ? (
        <Hint>报价密封进行中，截止后这里会按价格从高到低列出全部报价。</Hint>
      ) : quotes.length === 0 ? (
        <EmptyState text="没有号商报价" />
      ) : (
        <View className="price-list__quotes" role="list">
          {quotes.map((quote, rank) => (
            <View key={quote.id} className="price-list__quote" role="listitem">
              <Text className="price-list__rank">{rank + 1}</Text>
              <View className="price-list__who">
                <Text className="price-list__merchant">{quote.merchantName}</Text>
                <Text className="price-list__time">
                  {formatTime(quote.updatedAt)}
                  {quote.meetsReserve ? '' : ' · 低于底价'}
                  {QUOTE_STATUS_LABELS[quote.status] && ` · ${QUOTE_STATUS_LABELS[quote.status]}`}
                </Text>
              </View>
              <Text className={`price-list__price${quote.meetsReserve ? '' : ' price-list__price--low'}`}>
                {formatPrice(quote.price)}
              </Text>
              {canAccept && quote.meetsReserve && (
                <View
                  className="price-list__accept price-list__accept--primary"
                  role="button"
                  aria-label={`接受 ${quote.merchantName} 的报价`}
                  onClick={() => !busy && void accept(quote)}
                >
                  <Text>成交</Text>
                </View>
              )}
            </View>
          ))}
        </View>
      )}
      {request.orderId !== null && (
        <Hint>已成交，等待号商付款；客服验号移交、号商确认收货后货款打给你（订单 #{request.orderId}）。</Hint>
      )}
      {request.actions.includes('cancel') && (
        <View className="price-list__cancel" role="button" onClick={() => !busy && void cancel()}>
          <Text>取消回收单</Text>
        </View>
      )}
    </View>
  )
}
