import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { applyMerchant, fetchMerchantStanding } from '@/api/merchants'
import { toastError } from '@/api/request'
import { MultiChoiceChips } from '@/components/ChoiceChips'
import EmptyState from '@/components/EmptyState'
import Field, { AreaField, ContactFields, InputField } from '@/components/Field'
import NoticeArticle from '@/components/NoticeArticle'
import Panel from '@/components/Panel'
import SignInPrompt from '@/components/SignInPrompt'
import Skeleton from '@/components/Skeleton'
import SubmitBar from '@/components/SubmitBar'
import SubmittedCard from '@/components/SubmittedCard'
import type { Game } from '@/contract/catalogue'
import { MERCHANT_APPLICATION_LIMITS } from '@/contract/constants'
import type { MerchantApplication, MerchantStanding } from '@/contract/merchants'
import { checkOptionalQq, checkPhone } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { useAppState } from '@/store'
import { checkLength, firstProblem } from '@/utils/forms'
import { allGames } from '@/utils/games'
import { formatTime } from '@/utils/time'
import './index.scss'

const { name: NAME, business: BUSINESS, games: MAX_GAMES } = MERCHANT_APPLICATION_LIMITS

/** 商务合作: the merchant-cooperation notice, then the user's merchant application — its state, or the form. */
export default function ShanghuPage() {
  const signedIn = useAppState((s) => Boolean(s.token))
  return (
    <OtherShell>
      <NoticeArticle source={{ type: 'shhz' }} />
      <View className="shanghu">
        <Panel title="号商入驻">
          {signedIn ? <MerchantDesk /> : <SignInPrompt text="登录后即可在线提交号商入驻申请" />}
        </Panel>
      </View>
    </OtherShell>
  )
}

function MerchantDesk() {
  const [standing, setStanding] = useState<MerchantStanding | null>(null)
  const [failed, setFailed] = useState(false)
  const [applyingAgain, setApplyingAgain] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    fetchMerchantStanding().then(
      (result) => setStanding(result.data),
      () => setFailed(true),
    )
  }, [attempt])
  const retry = () => {
    setFailed(false)
    setAttempt((n) => n + 1)
  }

  if (failed) return <EmptyState text="申请状态加载失败" action={{ label: '重新加载', onClick: retry }} />
  if (!standing) return <Skeleton className="shanghu__skeleton" />
  const { merchant, application } = standing
  if (merchant)
    return (
      <SubmittedCard
        icon="medal"
        title="你已是认证号商"
        text="可以参与平台的竞价回收：卖家发布的账号在报价时间内密封报价，价高且达到卖家底价者成交。"
      >
        {application?.status === 'approved' && <ApplicationSummary application={application} />}
      </SubmittedCard>
    )
  if (application?.status === 'pending')
    return (
      <SubmittedCard
        icon="clock"
        tone="accent"
        title="申请审核中"
        text="商务同事会尽快审核并与你联系，结果会通过系统消息通知。"
      >
        <ApplicationSummary application={application} />
      </SubmittedCard>
    )
  if (application?.status === 'rejected' && !applyingAgain)
    return (
      <SubmittedCard
        icon="shield"
        tone="error"
        title="申请未通过"
        text={`原因：${application.reason}`}
        link={{ text: '修改后重新申请', open: () => setApplyingAgain(true) }}
      >
        <ApplicationSummary application={application} />
      </SubmittedCard>
    )
  return (
    <MerchantForm
      previous={application}
      onSent={(sent) => {
        setApplyingAgain(false)
        setStanding({ merchant: false, application: sent })
      }}
    />
  )
}

function ApplicationSummary({ application }: { application: MerchantApplication }) {
  const rows: [string, string][] = [
    ['称呼 / 公司名', application.name],
    ['手机号', application.phone],
    ['经营的游戏', application.games.map((g) => g.name).join('、')],
    ['提交时间', formatTime(application.createdAt)],
  ]
  return (
    <View className="shanghu__summary">
      {rows.map(([label, value]) => (
        <View key={label} className="shanghu__summary-row">
          <Text className="shanghu__summary-label">{label}</Text>
          <Text className="shanghu__summary-value">{value}</Text>
        </View>
      ))}
    </View>
  )
}

function MerchantForm({
  previous,
  onSent,
}: {
  /** A rejected application: its answers are the starting point (the phone, masked, is asked again). */
  previous: MerchantApplication | null
  onSent: (application: MerchantApplication) => void
}) {
  const [name, setName] = useState(previous?.name ?? '')
  const [phone, setPhone] = useState('')
  const [qq, setQq] = useState(previous?.qq ?? '')
  const [business, setBusiness] = useState(previous?.business ?? '')
  const [gameIds, setGameIds] = useState<number[]>(previous?.games.map((g) => g.id) ?? [])
  const [games, setGames] = useState<Game[] | null>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    allGames().then(setGames, () => setGames([]))
  }, [])

  const problems = {
    name: checkLength(name, '称呼或公司名', NAME.min, NAME.max),
    phone: checkPhone(phone),
    qq: checkOptionalQq(qq),
    games: gameIds.length ? '' : '请选择至少一个经营的游戏',
    business: checkLength(business, '合作内容', BUSINESS.min, BUSINESS.max),
  }

  const submit = async () => {
    setSaving(true)
    try {
      const result = await applyMerchant({
        name: name.trim(),
        phone,
        ...(qq ? { qq } : {}),
        business: business.trim(),
        gameIds,
      })
      onSent(result.data)
    } catch (error) {
      toastError(error, '提交失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="shanghu__form">
      <InputField
        label="称呼 / 公司名"
        value={name}
        onChange={setName}
        error={problems.name}
        maxlength={NAME.max}
        placeholder="如：王先生 / 某某工作室"
      />
      <ContactFields
        phone={phone}
        onPhone={setPhone}
        qq={qq}
        onQq={setQq}
        errors={problems}
        placeholder="方便商务经理联系你"
        labels={{ phone: '手机号', qq: 'QQ（选填）' }}
      />
      <Field label={`经营的游戏（最多 ${MAX_GAMES} 个）`}>
        {games === null ? (
          <Skeleton className="shanghu__games-skeleton" />
        ) : (
          <MultiChoiceChips
            label="经营的游戏"
            options={games.map((g) => ({ value: g.id, label: g.name }))}
            values={gameIds}
            onChange={setGameIds}
            limit={{
              max: MAX_GAMES,
              onFull: () => void Taro.showToast({ title: `最多选择 ${MAX_GAMES} 个游戏`, icon: 'none' }),
            }}
          />
        )}
      </Field>
      <AreaField
        label="合作内容"
        value={business}
        onChange={setBusiness}
        error={problems.business}
        maxlength={BUSINESS.max}
        placeholder="你的业务（号商、工作室、渠道…）、回收规模和期望的合作方式"
      />
      <SubmitBar
        fixed={false}
        disabled={Boolean(firstProblem(problems))}
        loading={saving}
        onClick={() => void submit()}
      >
        提交入驻申请
      </SubmitBar>
    </View>
  )
}
