import { useCallback, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { fetchAftersale, openAftersale, replyAftersale } from '@/api/aftersale'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import Countdown from '@/components/Countdown'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import EvidenceFields, { EvidenceForm, EvidenceView } from '@/components/EvidenceFields'
import Field from '@/components/Field'
import Hint from '@/components/Hint'
import LazyImage from '@/components/LazyImage'
import Panel from '@/components/Panel'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import type { AftersaleCase, AftersaleReason } from '@/contract/aftersale'
import {
  AFTERSALE_HOURS,
  AFTERSALE_LIMITS,
  AFTERSALE_OUTCOME_LABELS,
  AFTERSALE_REASON_LABELS,
  AFTERSALE_STATUS_LABELS,
} from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import OtherShell from '@/layouts/OtherShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useRecord } from '@/utils/useRecord'
import { checkLength } from '@/utils/forms'
import './index.scss'

const REASONS = (Object.keys(AFTERSALE_REASON_LABELS) as AftersaleReason[]).map((value) => ({
  value,
  label: AFTERSALE_REASON_LABELS[value],
}))
const { text: TEXT, images: MAX_IMAGES } = AFTERSALE_LIMITS

/**
 * 申请售后: `orderId` opens the buyer's form; `id` shows a case — to its buyer the state and deadlines, to its
 * seller the same with the answer form while the case waits for them.
 */
export default function AftersalePage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const orderId = Number(params.orderId)
  const id = Number(params.id)
  return (
    <OtherShell title={id > 0 ? '售后详情' : undefined}>
      {!signedIn ? null : id > 0 ? (
        <CaseView id={id} />
      ) : orderId > 0 ? (
        <ApplyForm orderId={orderId} />
      ) : (
        <EmptyState text="请从订单申请售后" action={{ label: '我的买单', onClick: () => openPage('MyProducts') }} />
      )}
    </OtherShell>
  )
}

function ApplyForm({ orderId }: { orderId: number }) {
  const [reason, setReason] = useState<AftersaleReason>('not_as_described')
  const [description, setDescription] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const problem = checkLength(description, '问题描述', TEXT.min, TEXT.max)

  const submit = async () => {
    setSaving(true)
    try {
      const { data } = await openAftersale(orderId, { reason, description: description.trim(), images })
      void Taro.showToast({ title: '已提交，货款已冻结', icon: 'none' })
      await replacePage('aftersale', { id: data.id })
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="aftersale aftersale--form">
      <Hint>
        提交后卖家货款立即冻结。卖家需在 {AFTERSALE_HOURS.seller}{' '}
        小时内回复，逾期由平台直接处理；处理结果以交易群和消息通知。
      </Hint>
      <Panel>
        <Field label="售后原因">
          <ChoiceChips label="售后原因" options={REASONS} value={reason} onChange={setReason} />
        </Field>
        <EvidenceFields
          maxText={TEXT.max}
          maxImages={MAX_IMAGES}
          label="问题描述"
          placeholder="请说明发生了什么、什么时候发现的，至少 5 个字"
          text={description}
          onText={setDescription}
          images={images}
          onImages={setImages}
          onBusy={setUploading}
          error={description ? problem : ''}
        />
      </Panel>
      <SubmitBar disabled={Boolean(problem) || uploading} loading={saving} onClick={() => void submit()}>
        提交售后申请
      </SubmitBar>
    </View>
  )
}

/** What the case waits for now, and until when. */
function deadlineText(item: AftersaleCase): [string, string] | null {
  if (item.status === 'awaiting_seller') return ['卖家需在 ', ' 内回复']
  if (item.status === 'awaiting_staff') return ['平台将在 ', ' 内处理']
  return null
}

function CaseView({ id }: { id: number }) {
  const fetch = useCallback(() => fetchAftersale(id), [id])
  const { item, setItem, failed, reload: load } = useRecord(fetch, '售后单不存在')

  if (failed) return <LoadFailed failure={failed} onRetry={load} />
  if (!item) return <Skeleton className="aftersale__skeleton" />

  const deadline = deadlineText(item)
  return (
    <View className="aftersale">
      <View className={`aftersale__status aftersale__status--${item.status}`} role="status">
        <Text className="aftersale__status-label">
          {AFTERSALE_STATUS_LABELS[item.status]}
          {item.outcome ? ` · ${AFTERSALE_OUTCOME_LABELS[item.outcome]}` : ''}
        </Text>
        {deadline && item.dueAt && (
          <Text className="aftersale__countdown">
            {deadline[0]}
            <Countdown to={item.dueAt} onEnd={load} className="aftersale__clock" />
            {deadline[1]}
          </Text>
        )}
        {item.sellerSilent && <Text className="aftersale__flag">卖家未在时限内回复，已转平台处理</Text>}
        {item.status === 'decided' && (
          <Text className="aftersale__status-text">
            {item.refundAmount > 0 ? `退款 ${formatPrice(item.refundAmount)} 已原路退回。` : ''}
            {item.decisionReason}
          </Text>
        )}
      </View>

      <Panel>
        <View
          className="aftersale__order"
          role="link"
          aria-label="进入交易群"
          onClick={() => openPage('dealRoom', { id: item.orderId })}
        >
          <LazyImage className="aftersale__cover" src={item.coverImage} alt={item.title} />
          <View className="aftersale__order-text">
            <Text className="aftersale__title">{item.title}</Text>
            <Text className="aftersale__meta">
              订单 {item.orderNo} · 实付 {formatPrice(item.paidAmount)}
            </Text>
          </View>
          <Text className="aftersale__link">交易群 ›</Text>
        </View>
      </Panel>

      <Panel title={`买家说明 · ${AFTERSALE_REASON_LABELS[item.reason]}`}>
        <EvidenceView text={item.description} images={item.images} at={item.createdAt} />
      </Panel>

      {item.reply ? (
        <Panel title="卖家回复">
          <EvidenceView text={item.reply.text} images={item.reply.images} at={item.reply.at} />
        </Panel>
      ) : item.actions.includes('reply') ? (
        <EvidenceForm
          title="回复售后"
          label="你的说明"
          placeholder="说明账号交付时的情况，可附聊天或登录记录截图"
          submitText="提交回复"
          limits={AFTERSALE_LIMITS}
          send={async (body) => {
            setItem((await replyAftersale(item.id, body)).data)
            return '已回复，平台处理中'
          }}
        />
      ) : (
        item.status !== 'decided' && (
          <Panel title="卖家回复">
            <Text className="aftersale__waiting">
              {item.ownStock ? '平台自营商品，由客服直接处理' : '等待卖家回复，双方也可在交易群沟通'}
            </Text>
          </Panel>
        )
      )}
    </View>
  )
}
