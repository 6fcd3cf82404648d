import { useCallback, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { changePayee } from '@/api/consignment'
import { complainRental, fetchRental, renewRental, rentalCredentials, rentalStep } from '@/api/rentals'
import { toastError } from '@/api/request'
import ActionsBar, { type BarButton } from '@/components/ActionsBar'
import ChoiceChips from '@/components/ChoiceChips'
import Countdown from '@/components/Countdown'
import CredentialsSheet from '@/components/CredentialsSheet'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import EvidenceFields, { EvidenceView } from '@/components/EvidenceFields'
import Field from '@/components/Field'
import Hint from '@/components/Hint'
import InfoRows from '@/components/InfoRows'
import HoursPicker, { hoursLabel } from '@/components/HoursPicker'
import OrderGoods from '@/components/OrderGoods'
import Panel from '@/components/Panel'
import PriceTag from '@/components/PriceTag'
import { rentalClock, rentalGoods } from '@/components/RentalList'
import { ruleLabel } from '@/components/RentTermsCard'
import SettlementStrip, { PayeeDialog, payeeOutcome, payeeWanted } from '@/components/SettlementStrip'
import Sheet from '@/components/Sheet'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import {
  OWNER_COMPLAINTS,
  RENT_LIMITS,
  RENTAL_COMPLAINT_LABELS,
  RENTAL_PAYOUT_LABELS,
  RENTAL_STATUS_LABELS,
  RENTER_COMPLAINTS,
} from '@/contract/constants'
import { formatPrice, rentFor } from '@/contract/money'
import type { Credentials } from '@/contract/orders'
import type { Rental, RentalAction, RentalComplaintReason } from '@/contract/rentals'
import OtherShell from '@/layouts/OtherShell'
import { openPage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { showDialog } from '@/utils/dialog'
import { checkLength } from '@/utils/forms'
import { formatTime, serverNow } from '@/utils/time'
import { useBusy } from '@/utils/useBusy'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/** 租号详情: `id` is a rental of the viewer's, as its renter or its owner. */
export default function RentalPage() {
  const signedIn = useRequireLogin()
  const id = Number(usePageParams().id)
  return (
    <OtherShell>
      {!signedIn ? null : id > 0 ? (
        <RentalView id={id} />
      ) : (
        <EmptyState text="租号订单不存在" action={{ label: '去租号', onClick: () => openPage('hire') }} />
      )}
    </OtherShell>
  )
}

/** Where the deposit is: held until the owner has checked the account, then back less any damage. */
function depositNote(rental: Rental): string {
  if (rental.status !== 'settled') return '验号后退还'
  if (rental.decision?.outcome === 'refund') return '已全额退还'
  const back = rental.depositAmount - rental.damageAmount
  return back > 0 ? `已退还 ${formatPrice(back)}` : '已全部赔付号主'
}

/** What each status says beneath its name, to the renter and to the owner. */
function statusNote(rental: Rental): string {
  const renter = rental.role === 'renter'
  switch (rental.status) {
    case 'pending_payment':
      return '支付租金和押金后立即生效，可查看账号'
    case 'active':
      return renter ? '租期内可随时查看账号；请遵守租号规则，到时下线' : '账号出租中，租期内请勿登录或修改密码'
    case 'returned':
      return renter ? '号主验号中，通过后押金原路退回' : '请立即登录修改密码并检查账号，无误后确认归还'
    case 'disputed':
      return '客服核实后处理，结果以消息通知；处理期间账号暂停使用'
    case 'settled':
      return rental.decision?.outcome === 'refund' ? '已全额退款' : '租金已结算，押金已按结果退还'
    default:
      return '租号已取消'
  }
}

function RentalView({ id }: { id: number }) {
  const fetch = useCallback(() => fetchRental(id), [id])
  const { item: rental, setItem, failed, reload } = useRecord(fetch, '租号订单不存在')
  const [credentials, setCredentials] = useState<Credentials | null>(null)
  const [sheet, setSheet] = useState<'renew' | 'complain' | 'payee' | null>(null)
  const { busy, run } = useBusy()

  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!rental) return <Skeleton className="rental__skeleton" />

  const can = (action: RentalAction) => rental.actions.includes(action)

  const step = (which: 'cancel' | 'return' | 'confirm-return', title: string, content: string, done: string) =>
    run(async () => {
      if (!(await showDialog({ title, content })).confirm) return
      setItem((await rentalStep(rental.id, which)).data)
      void Taro.showToast({ title: done, icon: 'none' })
    })
  const reveal = () => run(async () => setCredentials((await rentalCredentials(rental.id)).data))
  // The account is the listing's: the change sends again every refused payout of it, this rental's among them.
  const payee = (alipayAccount: string) =>
    run(async () => {
      setSheet(null)
      await changePayee(rental.goodsId, { alipayAccount })
      const { data } = await fetchRental(rental.id)
      setItem(data)
      void Taro.showToast({ title: payeeOutcome(data.payouts), icon: 'none' })
    })
  const clock = rentalClock(rental)

  return (
    <View className="rental">
      <View className={`rental__status rental__status--${rental.status}`} role="status">
        <Text className="rental__status-label">{RENTAL_STATUS_LABELS[rental.status]}</Text>
        {clock && (
          <Text className="rental__countdown">
            {clock.label} <Countdown to={clock.at} onEnd={reload} className="rental__clock" />
          </Text>
        )}
        <Text className="rental__status-note">{statusNote(rental)}</Text>
      </View>

      {rental.role === 'owner' && rental.status === 'returned' && (
        <View className="rental__reminder" role="note">
          <Text className="rental__reminder-title">换密提醒</Text>
          <Text>
            租期已结束：请立即登录游戏修改密码，并检查装备、资源是否完好。{formatTime(rental.checkUntil)}{' '}
            前可确认归还或投诉，逾期自动结算。改密后请到「我的代售」更新账号信息。
          </Text>
        </View>
      )}

      {can('credentials') && (
        <Panel title="账号信息">
          <View className="rental__reveal">
            <Text className="rental__reveal-note">租期内可随时查看，每次查看都会记录；到期后账号自动收回。</Text>
            <View
              className="rental__reveal-button rental__reveal-button--primary"
              role="button"
              onClick={() => void reveal()}
            >
              <Text>查看账号</Text>
            </View>
          </View>
        </Panel>
      )}

      {rental.renewal && (
        <Hint>
          续租 {hoursLabel(rental.renewal.hours)} 待支付 {formatPrice(rental.renewal.totalAmount)}，支付后到期时间顺延。
        </Hint>
      )}

      <Panel>
        <OrderGoods goods={rentalGoods(rental)} onClick={() => openPage('goodDetail', { id: rental.goodsId })} />
      </Panel>

      <Panel title="租用信息">
        <InfoRows
          rows={[
            [
              '租期',
              `${hoursLabel(rental.hours)}（时租 ${formatPrice(rental.hourly)}，日租 ${formatPrice(rental.daily)}）`,
            ],
            ['开始', formatTime(rental.startAt) || '支付后开始'],
            ['到期', formatTime(rental.endAt) || '—'],
            ...(rental.returnedAt ? [['归还', formatTime(rental.returnedAt)] as [string, string]] : []),
            ...(rental.settledAt ? [['结算', formatTime(rental.settledAt)] as [string, string]] : []),
          ]}
        />
      </Panel>

      <Panel title="费用">
        <InfoRows
          rows={[
            ['租金', formatPrice(rental.rentAmount)],
            ['押金', `${formatPrice(rental.depositAmount)}（${depositNote(rental)}）`],
            ...(rental.damageAmount > 0
              ? [['赔偿号主', `${formatPrice(rental.damageAmount)}（从押金扣除）`] as [string, string]]
              : []),
            ...(rental.role === 'owner'
              ? [['号主到手', `${formatPrice(rental.ownerAmount)}（已扣佣金）`] as [string, string]]
              : []),
          ]}
        />
      </Panel>

      {rental.payouts.length > 0 && (
        <Panel title="打款">
          <View className="rental__payouts">
            {rental.payouts.map((payout, index) => (
              <SettlementStrip key={index} settlement={payout} name={RENTAL_PAYOUT_LABELS[payout.kind]} />
            ))}
          </View>
        </Panel>
      )}

      {rental.rules.length > 0 && (
        <Panel title="租号规则">
          <View className="rental__rules">
            {rental.rules.map((rule) => (
              <Text key={rule} className="rental__rule">
                {ruleLabel(rule)}
              </Text>
            ))}
          </View>
        </Panel>
      )}

      {rental.complaint && (
        <Panel title={rental.complaint.by === 'renter' ? '租客投诉' : '号主投诉'}>
          <Text className="rental__complaint-reason">{RENTAL_COMPLAINT_LABELS[rental.complaint.reason]}</Text>
          <EvidenceView text={rental.complaint.description} images={rental.complaint.images} at={rental.complaint.at} />
          {rental.decision && (
            <Text className="rental__decision">
              处理结果：{rental.decision.outcome === 'refund' ? '全额退款' : '结算'}。{rental.decision.reason}
            </Text>
          )}
        </Panel>
      )}

      <ActionsBar
        busy={busy}
        buttons={rentalButtons(rental, {
          onPay: (orderId) => openPage('pay', { id: orderId, kind: 'full' }),
          onCancel: () => step('cancel', '取消租号', '取消后账号将重新开放出租。', '已取消'),
          onRenew: () => setSheet('renew'),
          onReturn: () =>
            step('return', '提前归还', '归还后立即收回账号，剩余时长不退租金；押金在号主验号后退还。', '已归还'),
          onComplain: () => setSheet('complain'),
          onConfirm: () => step('confirm-return', '确认归还', '确认账号完好、已修改密码？确认后立即结算。', '已结算'),
          onPayee: () => setSheet('payee'),
        })}
      />

      {credentials && (
        <CredentialsSheet
          credentials={credentials}
          warning="租期内请勿修改密码、绑定信息，遵守号主的租号规则；到期后请及时下线，账号自动收回。"
          onClose={() => setCredentials(null)}
        />
      )}
      {sheet === 'payee' && (
        <PayeeDialog onCancel={() => setSheet(null)} onConfirm={(account) => void payee(account)} />
      )}
      {sheet === 'renew' && <RenewSheet rental={rental} onClose={() => setSheet(null)} />}
      {sheet === 'complain' && (
        <ComplainSheet
          rental={rental}
          onClose={() => setSheet(null)}
          onDone={(next) => {
            setSheet(null)
            setItem(next)
          }}
        />
      )}
    </View>
  )
}

/** The actions the viewer has now, the main one filled and last. */
function rentalButtons(
  rental: Rental,
  on: Record<'onCancel' | 'onRenew' | 'onReturn' | 'onComplain' | 'onConfirm' | 'onPayee', () => void> & {
    onPay: (orderId: number) => void
  },
): BarButton[] {
  const buttons: BarButton[] = []
  const can = (action: RentalAction) => rental.actions.includes(action)
  if (can('cancel')) buttons.push({ label: '取消', onClick: on.onCancel })
  if (can('complain')) buttons.push({ label: '投诉', onClick: on.onComplain })
  if (can('return')) buttons.push({ label: '提前归还', onClick: on.onReturn })
  if (rental.renewal && rental.role === 'renter')
    buttons.push({ label: '支付续租', onClick: () => on.onPay(rental.renewal!.orderId), primary: true })
  else if (can('renew')) buttons.push({ label: '续租', onClick: on.onRenew, primary: true })
  if (can('confirmReturn')) buttons.push({ label: '确认归还', onClick: on.onConfirm, primary: true })
  if (can('pay')) buttons.push({ label: '去支付', onClick: () => on.onPay(rental.orderId), primary: true })
  if (payeeWanted(rental.payouts)) buttons.push({ label: '修改收款账户', onClick: on.onPayee, primary: true })
  return buttons
}

/** 续租: more hours within the listing's longest, paid like the first. */
function RenewSheet({ rental, onClose }: { rental: Rental; onClose: () => void }) {
  const most = rental.maxHours - rental.hours
  const [hours, setHours] = useState(1)
  const [saving, setSaving] = useState(false)
  const total = rentFor(rental, hours)
  const submit = async () => {
    setSaving(true)
    try {
      const { data } = await renewRental(rental.id, hours)
      onClose()
      void openPage('pay', { id: data.orderId, kind: 'full' })
    } catch (error) {
      toastError(error, '续租失败，请重试')
    } finally {
      setSaving(false)
    }
  }
  return (
    <Sheet
      title="续租"
      onClose={onClose}
      footer={
        <SubmitBar fixed={false} loading={saving} onClick={() => void submit()}>
          支付 {formatPrice(total)}
        </SubmitBar>
      }
    >
      <View className="rental__sheet">
        <HoursPicker min={1} max={most} value={hours} onChange={setHours} />
        <Text className="rental__sheet-note">
          最多还能续 {hoursLabel(most)}；支付后到期时间从 {formatTime(rental.endAt)} 顺延。
        </Text>
        <View className="rental__sheet-total">
          <Text>续租租金</Text>
          <PriceTag fen={total} />
        </View>
      </View>
    </Sheet>
  )
}

interface ComplainSheetProps {
  rental: Rental
  onClose: () => void
  onDone: (rental: Rental) => void
}

/** 投诉: the renter's reasons or the owner's, words and screenshots. */
function ComplainSheet({ rental, onClose, onDone }: ComplainSheetProps) {
  const reasons = (rental.role === 'renter' ? RENTER_COMPLAINTS : OWNER_COMPLAINTS).map((value) => ({
    value,
    label: RENTAL_COMPLAINT_LABELS[value],
  }))
  const [reason, setReason] = useState<RentalComplaintReason>(reasons[0].value)
  const [description, setDescription] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const problem = checkLength(description, '问题描述', 5, 500)
  // Whether the sheet opened within the first minutes (it is open for moments; the server decides anyway).
  const [early] = useState(
    () =>
      rental.role === 'renter' && rental.fullRefundUntil !== null && Date.parse(rental.fullRefundUntil) > serverNow(),
  )
  const submit = async () => {
    setSaving(true)
    try {
      const { data } = await complainRental(rental.id, { reason, description: description.trim(), images })
      void Taro.showToast({ title: data.status === 'settled' ? '已全额退款' : '已提交，客服将尽快处理', icon: 'none' })
      onDone(data)
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }
  return (
    <Sheet
      title="投诉"
      onClose={onClose}
      footer={
        <SubmitBar
          fixed={false}
          disabled={Boolean(problem) || uploading}
          loading={saving}
          onClick={() => void submit()}
        >
          提交投诉
        </SubmitBar>
      }
    >
      <View className="rental__sheet">
        {early && (
          <Hint>
            开始 {RENT_LIMITS.fullRefundMinutes} 分钟内反馈「账号与描述不符」或「密码错误登不上」，立即全额退款。
          </Hint>
        )}
        <Field label="投诉原因">
          <ChoiceChips label="投诉原因" options={reasons} value={reason} onChange={setReason} />
        </Field>
        <EvidenceFields
          label="问题描述"
          placeholder="请说明发生了什么，至少 5 个字；可附截图"
          text={description}
          onText={setDescription}
          maxText={500}
          images={images}
          onImages={setImages}
          maxImages={6}
          onBusy={setUploading}
          error={description ? problem : ''}
        />
      </View>
    </Sheet>
  )
}
