import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { fetchClaimStats } from '@/api/claims'
import ChoiceChips from '@/components/ChoiceChips'
import { NoticeTabs, type NoticeTab } from '@/components/NoticeList'
import type { ClaimStats } from '@/contract/claims'
import { formatPrice } from '@/contract/money'
import OtherShell from '@/layouts/OtherShell'
import './index.scss'

const ZHAOHUI_TABS: NoticeTab[] = [
  { label: '打击找回案例', type: 'djzhal' },
  { label: '立案诉讼文书', type: 'lassws' },
]

const WINDOW_LABELS: Record<number, string> = { 30: '近 30 天', 90: '近 90 天', 365: '近一年' }

/**
 * 找回案例: the platform's claim figures as they are — computed from the claims, over 30, 90 and 365 days —
 * then how it pursues sellers who recover sold accounts (cases and court documents).
 */
export default function ZhaohuiPage() {
  return (
    <OtherShell>
      <ClaimFigures />
      <NoticeTabs tabs={ZHAOHUI_TABS} detail="newsDetail" />
    </OtherShell>
  )
}

/** The median days from filing to payment: under a tenth of a day (about two hours) is 当天. */
const daysToPay = (days: number | null) => (days === null ? '—' : days === 0 ? '当天' : `${days} 天`)

function ClaimFigures() {
  const [stats, setStats] = useState<ClaimStats | null>(null)
  const [days, setDays] = useState('30')
  useEffect(() => {
    fetchClaimStats().then(
      ({ data }) => setStats(data),
      () => setStats({ windows: [], fund: 0 }),
    )
  }, [])
  const windows = stats?.windows ?? []
  const shown = windows.find((w) => String(w.days) === days)
  if (!stats || !shown) return null
  const figures: [string, string][] = [
    ['申请', `${shown.filed}`],
    ['通过', `${shown.approved}`],
    ['已赔付', `${shown.paid}`],
    ['赔付率', shown.paidRatioBps === null ? '—' : `${(shown.paidRatioBps / 100).toFixed(1)}%`],
    ['申请到赔付', daysToPay(shown.medianDaysToPay)],
    ['累计赔付', formatPrice(shown.totalPaid)],
  ]
  return (
    <View className="claim-figures" role="region" aria-label="包赔公示">
      <View className="claim-figures__head">
        <View className="claim-figures__top">
          <Text className="claim-figures__title">包赔公示</Text>
          <Text className="claim-figures__fund" aria-label={`包赔基金余额 ${formatPrice(stats.fund)}`}>
            包赔基金余额 <Text className="claim-figures__fund-value">{formatPrice(stats.fund)}</Text>
          </Text>
        </View>
        <ChoiceChips
          label="统计时段"
          options={windows.map((w) => ({ value: String(w.days), label: WINDOW_LABELS[w.days] ?? `近 ${w.days} 天` }))}
          value={days}
          onChange={setDays}
        />
      </View>
      <View className="claim-figures__grid">
        {figures.map(([label, value]) => (
          <View key={label} className="claim-figures__cell" aria-label={`${label} ${value}`}>
            <Text className="claim-figures__value">{value}</Text>
            <Text className="claim-figures__label">{label}</Text>
          </View>
        ))}
      </View>
      <Text className="claim-figures__note">
        按包赔申请实时统计；赔付率为已处理申请中获赔的比例，申请到赔付为中位天数。包赔基金由包赔服务费、平台注资与向卖家追回的款项组成，赔付由基金转账。
      </Text>
    </View>
  )
}
