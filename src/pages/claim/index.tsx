import { useCallback, useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { addClaimInfo, fetchClaim, fileClaim, listMyClaims } from '@/api/claims'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import EvidenceFields, { EvidenceForm, EvidenceView } from '@/components/EvidenceFields'
import Field, { InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import Panel from '@/components/Panel'
import Skeleton from '@/components/Skeleton'
import StatusCard, { type StatusTone } from '@/components/StatusCard'
import SubmitBar from '@/components/SubmitBar'
import type { Claim, ClaimKind, ClaimStatus } from '@/contract/claims'
import { CLAIM_KIND_LABELS, CLAIM_LIMITS, CLAIM_STATUS_LABELS } from '@/contract/constants'
import { formatPrice } from '@/contract/money'
import { checkAlipayAccount } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useRecord } from '@/utils/useRecord'
import { checkLength } from '@/utils/forms'
import { formatTime } from '@/utils/time'
import './index.scss'

const { text: TEXT, images: MAX_IMAGES } = CLAIM_LIMITS
const TONES: Record<ClaimStatus, StatusTone> = {
  submitted: 'info',
  needs_info: 'accent',
  approved: 'info',
  paid: 'trust',
  rejected: 'hint',
}

/**
 * 包赔: `orderId` opens the claim form of an order; `id` shows a claim (what staff asked, the decision, the
 * transfer); neither lists the buyer's claims.
 */
export default function ClaimPage() {
  const signedIn = useRequireLogin()
  const params = usePageParams()
  const orderId = Number(params.orderId)
  const id = Number(params.id)
  return (
    <OtherShell title={id > 0 ? '包赔详情' : orderId > 0 ? '申请包赔' : undefined}>
      {!signedIn ? null : id > 0 ? <ClaimView id={id} /> : orderId > 0 ? <ClaimForm orderId={orderId} /> : <MyClaims />}
    </OtherShell>
  )
}

function ClaimForm({ orderId }: { orderId: number }) {
  // An order has one claim at a time: one already filed (and not turned down) is shown instead of the form.
  useEffect(() => {
    listMyClaims().then(
      ({ data }) => {
        const open = data.find((item) => item.orderId === orderId && item.status !== 'rejected')
        if (open) void replacePage('claim', { id: open.id })
      },
      () => undefined,
    )
  }, [orderId])
  const [kind, setKind] = useState<ClaimKind>('recovered')
  const [description, setDescription] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [alipayAccount, setAlipayAccount] = useState('')
  const [name, setName] = useState('')
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const problems = {
    description: checkLength(description, '问题描述', TEXT.min, TEXT.max),
    alipayAccount: checkAlipayAccount(alipayAccount.trim()),
    name: checkLength(name, '收款人姓名', 2, 20),
  }
  const blocked = Object.values(problems).some(Boolean) || uploading

  const submit = async () => {
    setSaving(true)
    try {
      const body = {
        kind,
        description: description.trim(),
        images,
        payee: { alipayAccount: alipayAccount.trim(), name: name.trim() },
      }
      const { data } = await fileClaim(orderId, body)
      void Taro.showToast({ title: '已提交，客服将尽快审核', icon: 'none' })
      await replacePage('claim', { id: data.id })
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="claim claim--form">
      <Hint>
        账号交易完成后被找回，平台按包赔服务从包赔基金先行赔付，最高不超过商品价格；赔付转入你填写的支付宝账户。
      </Hint>
      <Panel>
        <Field label="包赔类型">
          <ChoiceChips
            label="包赔类型"
            options={(Object.keys(CLAIM_KIND_LABELS) as ClaimKind[]).map((value) => ({
              value,
              label: CLAIM_KIND_LABELS[value],
            }))}
            value={kind}
            onChange={setKind}
          />
        </Field>
        <EvidenceFields
          label="问题描述"
          placeholder="何时发现被找回、游戏里看到了什么，至少 10 个字"
          text={description}
          onText={setDescription}
          maxText={TEXT.max}
          images={images}
          onImages={setImages}
          maxImages={MAX_IMAGES}
          onBusy={setUploading}
          error={description ? problems.description : ''}
        />
        <InputField
          label="收款支付宝账号"
          value={alipayAccount}
          onChange={setAlipayAccount}
          error={alipayAccount ? problems.alipayAccount : ''}
          maxlength={100}
          placeholder="手机号或邮箱，加密保存"
        />
        <InputField
          label="收款人姓名"
          value={name}
          onChange={setName}
          error={name ? problems.name : ''}
          maxlength={20}
          placeholder="已实名认证的须与实名一致"
        />
      </Panel>
      <SubmitBar disabled={blocked} loading={saving} onClick={() => void submit()}>
        提交包赔申请
      </SubmitBar>
    </View>
  )
}

/** What the claim's state means for the buyer now. */
function statusText(item: Claim): string {
  switch (item.status) {
    case 'submitted':
      return '客服正在核实，通常 1–3 个工作日内处理'
    case 'needs_info':
      return `客服需要补充：${item.infoRequest}`
    case 'approved':
      return item.transferFailure
        ? `赔付 ${formatPrice(item.amount ?? 0)} 转账未成功（${item.transferFailure}），客服正在处理`
        : `已同意赔付 ${formatPrice(item.amount ?? 0)}，正在转账`
    case 'paid':
      return `已赔付 ${formatPrice(item.amount ?? 0)}，转账单号 ${item.transferNo}`
    case 'rejected':
      return `未通过：${item.rejectReason}`
  }
}

function ClaimView({ id }: { id: number }) {
  const fetch = useCallback(() => fetchClaim(id), [id])
  const { item, setItem, failed, reload: load } = useRecord(fetch, '包赔申请不存在')
  if (failed) return <LoadFailed failure={failed} onRetry={load} />
  if (!item) return <Skeleton className="claim__skeleton" />
  return (
    <View className="claim">
      <View className={`claim__status claim__status--${item.status}`} role="status">
        <Text className="claim__status-label">{CLAIM_STATUS_LABELS[item.status]}</Text>
        <Text className="claim__status-text">{statusText(item)}</Text>
      </View>
      <Panel>
        <View
          className="claim__order"
          role="link"
          aria-label="查看订单"
          onClick={() => openPage('orderDetail', { id: item.orderId })}
        >
          <View className="claim__order-text">
            <Text className="claim__title">{item.title}</Text>
            <Text className="claim__meta">
              订单 {item.orderNo} · 最高赔付 {formatPrice(item.maxAmount)}
            </Text>
            <Text className="claim__meta">
              收款 {item.payee.alipayAccount}（{item.payee.name}）
            </Text>
          </View>
          <Text className="claim__link">订单 ›</Text>
        </View>
      </Panel>
      <Panel title={`申请说明 · ${CLAIM_KIND_LABELS[item.kind]}`}>
        <EvidenceView text={item.description} images={item.images} at={item.createdAt} />
      </Panel>
      {item.additions.map((addition, i) => (
        <Panel key={addition.at} title={`补充材料 ${i + 1}`}>
          <EvidenceView text={addition.text} images={addition.images} at={addition.at} />
        </Panel>
      ))}
      {item.actions.includes('addInfo') && (
        <EvidenceForm
          title="补充材料"
          label="补充说明"
          placeholder="按客服的要求补充说明和截图"
          submitText="提交补充"
          limits={CLAIM_LIMITS}
          send={async (body) => {
            setItem((await addClaimInfo(item.id, body)).data)
            return '已补充，客服将继续审核'
          }}
        />
      )}
    </View>
  )
}

function MyClaims() {
  const [items, setItems] = useState<Claim[] | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    listMyClaims().then(
      ({ data }) => {
        setItems(data)
        setFailed(false)
      },
      () => setFailed(true),
    )
  }, [])
  useEffect(load, [load])
  useDidShow(load)
  if (failed) return <EmptyState text="加载失败，请检查网络" action={{ label: '重试', onClick: load }} />
  if (!items) return <Skeleton className="claim__skeleton" />
  if (items.length === 0)
    return (
      <EmptyState
        text="还没有包赔申请；已完成且购买了包赔的订单可在订单详情申请"
        action={{ label: '我的买单', onClick: () => openPage('MyProducts') }}
      />
    )
  return (
    <View className="claim claim--list">
      {items.map((item) => (
        <StatusCard
          key={item.id}
          time={formatTime(item.createdAt)}
          status={CLAIM_STATUS_LABELS[item.status]}
          tone={TONES[item.status]}
          label={`包赔 ${item.title}`}
          onOpen={() => openPage('claim', { id: item.id })}
        >
          <Text className="claim__title">{item.title}</Text>
          <Text className="claim__meta">{statusText(item)}</Text>
        </StatusCard>
      ))}
    </View>
  )
}
