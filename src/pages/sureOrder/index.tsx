import { useCallback, useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchGoods } from '@/api/catalogue'
import { createOrder, newIdempotencyKey, quoteOrder } from '@/api/orders'
import { ApiError } from '@/api/request'
import Agreement from '@/components/Agreement'
import AmountList, { feeRows } from '@/components/AmountList'
import BottomBar from '@/components/BottomBar'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import OrderGoods, { OrderGoodsSkeleton } from '@/components/OrderGoods'
import Panel from '@/components/Panel'
import PriceTag from '@/components/PriceTag'
import Skeleton from '@/components/Skeleton'
import type { GoodsDetail } from '@/contract/catalogue'
import { formatPrice, rateText } from '@/contract/money'
import { GUARANTEE_LABELS } from '@/contract/constants'
import type { GuaranteeType, PayMode, Quote, QuoteTerms } from '@/contract/orders'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { failureOf, type Failure } from '@/utils/useRecord'
import './index.scss'

/** Short versions of the 找回包赔 / 人脸包赔 / 不买包赔 notices, with the fee rules of the server's quote. */
function guaranteeNote(type: GuaranteeType, terms: QuoteTerms): string {
  if (type === 'retrieval') {
    return `账号被原号主通过申诉找回时，平台按订单金额赔付。按商品价的 ${rateText(terms.guaranteeRetrieval)} 收取。`
  }
  if (type === 'face') {
    return `在找回包赔之上，原号主通过人脸识别申诉找回也可获赔。按商品价的 ${rateText(terms.guaranteeFace)} 收取。`
  }
  return '不购买包赔服务：账号被找回时平台不予赔付，请谨慎选择。'
}

const FREE_GUARANTEE_NOTE = '卖家已为本商品赠送找回包赔：账号被找回时平台按订单金额赔付，无需另付费用。'

/**
 * The guarantee chosen before the buyer chooses: the only one a listing offers (the seller's free 找回包赔,
 * or none at all). A guarantee that costs money is never chosen for the buyer: they compare the three,
 * priced on this account, and pick one — a preselected fee would add to the price without a decision.
 */
function firstGuarantee(goods: GoodsDetail): GuaranteeType | null {
  return goods.guarantee === 'free' ? 'retrieval' : goods.guarantee === 'none' ? 'none' : null
}

/** What the ¥ service fee pays for. */
const SERVICE_FEE_NOTE = '服务费用于担保交易：资金由平台托管至你确认收货，客服核验并移交账号，全程可联系客服。'

/** A refusal of the order the page explains in place (409): sold, taken, or the buyer's own unpaid order. */
interface Conflict {
  message: string
  orderId?: number
}

export default function SureOrderPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const goodsId = Number(params.goodsId)
  return (
    <MainShell>
      {!signedIn ? null : Number.isInteger(goodsId) && goodsId > 0 ? (
        <SureOrder goodsId={goodsId} agreed={params.agreed === '1'} />
      ) : (
        <EmptyState
          text="没有找到要购买的商品"
          action={{ label: '去逛逛', onClick: () => replacePage('accountOrder') }}
        />
      )}
    </MainShell>
  )
}

/** `agreed`: the buyer came through the purchase notice's 同意并下单. */
function SureOrder({ goodsId, agreed }: { goodsId: number; agreed: boolean }) {
  const [goods, setGoods] = useState<GoodsDetail | null>(null)
  const [failed, setFailed] = useState<Failure | null>(null)
  const load = useCallback(() => {
    fetchGoods(goodsId).then(
      (r) => setGoods(r.data),
      (error) => setFailed(failureOf(error, '商品不存在或已下架')),
    )
  }, [goodsId])
  useEffect(load, [load])

  const retry = () => {
    setFailed(null)
    load()
  }

  if (failed) return <LoadFailed failure={failed} onRetry={retry} />
  if (!goods) return <SureOrderSkeleton />
  return <OrderForm goods={goods} noticeAgreed={agreed} />
}

function OrderForm({ goods, noticeAgreed }: { goods: GoodsDetail; noticeAgreed: boolean }) {
  const [choice, setChoice] = useState<{ guaranteeType: GuaranteeType | null; payMode: PayMode }>(() => ({
    guaranteeType: firstGuarantee(goods),
    payMode: 'full',
  }))
  const [quote, setQuote] = useState<Quote | null>(null)
  const [quoting, setQuoting] = useState(true)
  const [quoteError, setQuoteError] = useState('')
  const [agreed, setAgreed] = useState(noticeAgreed)
  const [submitting, setSubmitting] = useState(false)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  // One key per submit attempt: kept while the same order is retried after a lost answer, new once the
  // server has answered or the choice changes.
  const attemptKey = useRef(newIdempotencyKey())
  const latestQuote = useRef(0)

  // Asks for the quote of the current choice; a late answer to an earlier choice is dropped.
  const requestQuote = useCallback(() => {
    const call = ++latestQuote.current
    // Before a guarantee is chosen the quote is the account without one; it prices every option.
    quoteOrder({ goodsId: goods.id, ...choice, guaranteeType: choice.guaranteeType ?? 'none' }).then(
      (r) => {
        if (call !== latestQuote.current) return
        setQuote(r.data)
        setQuoting(false)
      },
      (error) => {
        if (call !== latestQuote.current) return
        setQuoting(false)
        setQuoteError(error instanceof ApiError ? error.message : '费用计算失败，请检查网络')
      },
    )
  }, [goods.id, choice])
  useEffect(requestQuote, [requestQuote])

  const choose = (patch: Partial<typeof choice>) => {
    attemptKey.current = newIdempotencyKey()
    setQuoting(true)
    setQuoteError('')
    setChoice((c) => ({ ...c, ...patch }))
  }
  const requote = () => {
    setQuoting(true)
    setQuoteError('')
    requestQuote()
  }

  const submit = async () => {
    const { guaranteeType } = choice
    if (!guaranteeType) {
      void Taro.showToast({ title: '请先选择包赔服务', icon: 'none' })
      return
    }
    if (!agreed) {
      void Taro.showToast({ title: '请先阅读并同意《购买须知》', icon: 'none' })
      return
    }
    setSubmitting(true)
    try {
      const order = await createOrder({ goodsId: goods.id, ...choice, guaranteeType }, attemptKey.current)
      await replacePage('orderDetail', { id: order.data.id })
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // No answer: the order may exist; a retry sends the same key and gets that order back.
        void Taro.showToast({ title: '提交失败，请检查网络后重试', icon: 'none' })
        return
      }
      attemptKey.current = newIdempotencyKey()
      if (error.code === 409) {
        const orderId = (error.data as { orderId?: number } | undefined)?.orderId
        setConflict({ message: error.message, orderId })
        void Taro.pageScrollTo({ scrollTop: 0, duration: 200 })
      } else if (error.code !== 401) {
        void Taro.showToast({ title: error.message, icon: 'none' })
      }
    } finally {
      setSubmitting(false)
    }
  }

  const ready = Boolean(quote) && !quoting && !quoteError && !submitting
  const guaranteeOptions = quote?.guaranteeOptions ?? []
  const deposit = choice.payMode === 'deposit' && quote?.depositAmount !== undefined ? quote.depositAmount : null
  const rows = quote
    ? feeRows(quote, choice.guaranteeType ?? 'none', deposit, {
        deposit: '定金（现在支付）',
        balance: '尾款（交付前付清）',
      })
    : []

  return (
    <View className="sure-order">
      {conflict && (
        <View className="sure-order__conflict" role="alert">
          <Text className="sure-order__conflict-text">{conflict.message}</Text>
          {conflict.orderId ? (
            <View
              className="sure-order__conflict-action"
              role="button"
              onClick={() => replacePage('orderDetail', { id: conflict.orderId })}
            >
              <Text>查看订单</Text>
            </View>
          ) : (
            <View className="sure-order__conflict-action" role="button" onClick={() => replacePage('accountOrder')}>
              <Text>看看其他账号</Text>
            </View>
          )}
        </View>
      )}

      <Panel>
        <OrderGoods goods={goods} onClick={() => openPage('goodDetail', { id: goods.id })} />
      </Panel>

      <Panel title="包赔服务">
        {guaranteeOptions.length === 0 ? (
          <OptionSkeleton />
        ) : (
          <View className="sure-order__options" role="radiogroup" aria-label="包赔服务">
            {choice.guaranteeType === null && (
              <Text className="sure-order__nudge">
                账号被原号主找回是买号的主要风险。请比较下列保障与价格后选择一项：
              </Text>
            )}
            {guaranteeOptions.map(({ type, amount }) => (
              <Option
                key={type}
                checked={choice.guaranteeType === type}
                title={GUARANTEE_LABELS[type]}
                price={amount > 0 ? `+${formatPrice(amount)}` : type === 'none' ? '不加价' : '免费'}
                badge={goods.guarantee === 'free' && type === 'retrieval' ? '卖家赠送' : undefined}
                note={
                  goods.guarantee === 'free' && type === 'retrieval'
                    ? FREE_GUARANTEE_NOTE
                    : quote
                      ? guaranteeNote(type, quote.terms)
                      : ''
                }
                onClick={() => choice.guaranteeType !== type && choose({ guaranteeType: type })}
              />
            ))}
          </View>
        )}
      </Panel>

      {quote?.depositAllowed && (
        <Panel title="支付方式">
          <View className="sure-order__options" role="radiogroup" aria-label="支付方式">
            <Option
              checked={choice.payMode === 'full'}
              title="全款支付"
              note="一次付清，付款后客服尽快为您交付账号。"
              onClick={() => choice.payMode !== 'full' && choose({ payMode: 'full' })}
            />
            <Option
              checked={choice.payMode === 'deposit'}
              title="定金支付"
              note={`先付订单总额的 ${rateText(quote.terms.deposit)} 锁定账号，尾款在交付前付清。`}
              onClick={() => choice.payMode !== 'deposit' && choose({ payMode: 'deposit' })}
            />
          </View>
        </Panel>
      )}

      <Panel title="费用明细">
        {quoting ? (
          <View className="sure-order__rows-skeleton" aria-label="费用计算中">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="skeleton-line" />
            ))}
          </View>
        ) : quoteError ? (
          <View className="sure-order__quote-error">
            <Text>{quoteError}</Text>
            <View className="sure-order__retry" role="button" onClick={requote}>
              <Text>重新计算</Text>
            </View>
          </View>
        ) : (
          <>
            <AmountList rows={rows} />
            <Text className="sure-order__fee-note">{SERVICE_FEE_NOTE}</Text>
          </>
        )}
      </Panel>

      <View className="sure-order__agreement">
        <Agreement
          checked={agreed}
          onChange={setAgreed}
          documents={[{ name: '购买须知', open: () => openPage('articleDetail', { noticeType: 'goumaixuzhi' }) }]}
        />
        <Text className="sure-order__tip">
          {quote
            ? `请在下单后 ${quote.terms.unpaidOrderTimeoutMinutes} 分钟内完成支付，超时订单自动取消。`
            : '请在下单后尽快完成支付，超时订单自动取消。'}
        </Text>
      </View>

      <BottomBar>
        <View className="sure-order__pay">
          <Text className="sure-order__pay-label">{deposit === null ? '实付' : '定金'}</Text>
          {quote && !quoting ? <PriceTag fen={quote.payNow} /> : <Skeleton className="sure-order__pay-skeleton" />}
        </View>
        <View
          className={`sure-order__submit${ready ? '' : ' sure-order__submit--off'}`}
          role="button"
          aria-disabled={!ready}
          onClick={() => ready && void submit()}
        >
          <Text>{submitting ? '提交中…' : '提交订单'}</Text>
        </View>
      </BottomBar>
    </View>
  )
}

interface OptionProps {
  checked: boolean
  title: string
  note: string
  /** What choosing it adds (包赔: +¥50.00, or 免费). */
  price?: string
  badge?: string
  onClick: () => void
}

function Option({ checked, title, note, price, badge, onClick }: OptionProps) {
  return (
    <View
      className={`sure-order__option${checked ? ' sure-order__option--on' : ''}`}
      role="radio"
      aria-checked={checked}
      aria-label={title}
      onClick={onClick}
    >
      <View className="sure-order__option-head">
        <Text className="sure-order__option-title">{title}</Text>
        {badge && <Text className="sure-order__option-badge">{badge}</Text>}
        {price && (
          <Text className={`sure-order__option-price${price.startsWith('+') ? '' : ' sure-order__option-price--nil'}`}>
            {price}
          </Text>
        )}
        <View className="sure-order__radio" />
      </View>
      <Text className="sure-order__option-note">{note}</Text>
    </View>
  )
}

function OptionSkeleton() {
  return (
    <View className="sure-order__options" aria-label="加载中">
      <Skeleton className="sure-order__option-skeleton" />
      <Skeleton className="sure-order__option-skeleton" />
    </View>
  )
}

function SureOrderSkeleton() {
  return (
    <View className="sure-order" aria-label="加载中">
      <Panel>
        <OrderGoodsSkeleton />
      </Panel>
      <Panel>
        <OptionSkeleton />
      </Panel>
    </View>
  )
}
