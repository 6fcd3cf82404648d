import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchOrder } from '@/api/orders'
import { toastError } from '@/api/request'
import { fetchMyReview, writeReview } from '@/api/reviews'
import { MultiChoiceChips } from '@/components/ChoiceChips'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import Field, { AreaField } from '@/components/Field'
import Hint from '@/components/Hint'
import OrderGoods from '@/components/OrderGoods'
import Panel from '@/components/Panel'
import Skeleton from '@/components/Skeleton'
import { StarsInput } from '@/components/Stars'
import { ReviewItem } from '@/components/SellerCard'
import SubmitBar from '@/components/SubmitBar'
import { REVIEW_LIMITS, REVIEW_TAGS } from '@/contract/constants'
import type { Order } from '@/contract/orders'
import type { MyReview, ReviewTag } from '@/contract/reviews'
import OtherShell from '@/layouts/OtherShell'
import { goBack, openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { formatTime } from '@/utils/time'
import { failureOf, type Failure } from '@/utils/useRecord'
import './index.scss'

/** 评价 `orderId`: the buyer rates the seller of a completed order, or changes the review within its window. */
export default function ReviewPage() {
  const signedIn = useRequireLogin()
  const orderId = Number(usePageParams().orderId)
  return (
    <OtherShell>
      {!signedIn ? null : orderId > 0 ? (
        <Review orderId={orderId} />
      ) : (
        <EmptyState text="订单不存在" action={{ label: '我的买单', onClick: () => replacePage('MyProducts') }} />
      )}
    </OtherShell>
  )
}

function Review({ orderId }: { orderId: number }) {
  const [loaded, setLoaded] = useState<{ order: Order; review: MyReview | null } | null>(null)
  const [failed, setFailed] = useState<Failure | null>(null)
  const load = useCallback(() => {
    Promise.all([fetchOrder(orderId), fetchMyReview(orderId)]).then(
      ([order, review]) => {
        setLoaded({ order: order.data, review: review.data })
        setFailed(null)
      },
      (error) => {
        const failure = failureOf(error, '订单不存在')
        if (failure) setFailed(failure)
      },
    )
  }, [orderId])
  useEffect(load, [load])

  if (failed) return <LoadFailed failure={failed} onRetry={load} />
  if (!loaded) return <Skeleton className="review__skeleton" />
  const { order, review } = loaded
  const goods = <OrderGoods goods={order.goods} onClick={() => openPage('orderDetail', { id: order.id })} />
  if (review && !review.editable) return <ReviewView review={review}>{goods}</ReviewView>
  if (!review && !order.actions.includes('review'))
    return (
      <EmptyState
        text="交易完成后才能评价"
        action={{ label: '查看订单', onClick: () => replacePage('orderDetail', { id: order.id }) }}
      />
    )
  return (
    <ReviewForm orderId={order.id} review={review}>
      {goods}
    </ReviewForm>
  )
}

/** A review past its window (or hidden by staff): read only. */
function ReviewView({ review, children }: { review: MyReview; children: ReactNode }) {
  return (
    <View className="review">
      <Panel>{children}</Panel>
      <Panel title="我的评价">
        <ReviewItem review={review} goods={false} />
        <Text className="review__note">
          {review.hidden ? '该评价已被平台隐藏，不再公开展示' : `${formatTime(review.createdAt)} 评价，已超过修改期限`}
        </Text>
      </Panel>
    </View>
  )
}

function ReviewForm({ orderId, review, children }: { orderId: number; review: MyReview | null; children: ReactNode }) {
  const [rating, setRating] = useState(review?.rating ?? 5)
  const [tags, setTags] = useState<ReviewTag[]>((review?.tags ?? []) as ReviewTag[])
  const [text, setText] = useState(review?.text ?? '')
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    setSaving(true)
    try {
      await writeReview(orderId, { rating, tags, text: text.trim() }, review !== null)
      void Taro.showToast({ title: review ? '评价已修改' : '感谢评价', icon: 'none' })
      await goBack()
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="review review--form">
      <Hint>
        评价会公开展示在卖家主页，帮助其他买家选择；联系方式会被自动隐藏。
        {review
          ? `可在 ${formatTime(review.editableUntil)} 前修改。`
          : `提交后 ${REVIEW_LIMITS.editDays} 天内可以修改。`}
      </Hint>
      <Panel>{children}</Panel>
      <Panel>
        <Field label="评分">
          <StarsInput value={rating} onChange={setRating} />
        </Field>
        <Field label="印象">
          <MultiChoiceChips
            label="评价标签"
            options={REVIEW_TAGS.map((tag) => ({ value: tag, label: tag }))}
            values={tags}
            onChange={setTags}
          />
        </Field>
        <AreaField
          label="评价内容（选填）"
          name="评价内容"
          value={text}
          onChange={setText}
          maxlength={REVIEW_LIMITS.text}
          placeholder="账号与描述是否一致、交付是否顺利，说说你的体验"
        />
      </Panel>
      <SubmitBar loading={saving} onClick={() => void submit()}>
        {review ? '保存修改' : '提交评价'}
      </SubmitBar>
    </View>
  )
}
