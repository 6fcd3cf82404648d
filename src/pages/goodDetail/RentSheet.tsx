import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { rentGoods } from '@/api/rentals'
import { ApiError, toastError } from '@/api/request'
import Agreement from '@/components/Agreement'
import HoursPicker from '@/components/HoursPicker'
import PriceTag from '@/components/PriceTag'
import { ruleLabel } from '@/components/RentTermsCard'
import Sheet from '@/components/Sheet'
import SubmitBar from '@/components/SubmitBar'
import type { RentTerms } from '@/contract/catalogue'
import { formatPrice, rentFor } from '@/contract/money'
import { openPage } from '@/navigation'
import { showDialog } from '@/utils/dialog'

const RULES_DOCUMENT = [{ name: '租号须知', open: () => void openPage('hire') }]

interface RentSheetProps {
  goodsId: number
  rent: RentTerms
  onClose: () => void
}

/** 租号 on goodDetail: how long, what it costs with the deposit, the owner's rules agreed to; then the cashier. */
export default function RentSheet({ goodsId, rent, onClose }: RentSheetProps) {
  const [hours, setHours] = useState(Math.max(rent.minHours, Math.min(2, rent.maxHours)))
  const [agreed, setAgreed] = useState(false)
  const [saving, setSaving] = useState(false)
  const amount = rentFor(rent, hours)
  const total = amount + rent.deposit

  const submit = async () => {
    setSaving(true)
    try {
      const { data } = await rentGoods({ goodsId, hours })
      onClose()
      void openPage('pay', { id: data.orderId, kind: 'full' })
    } catch (error) {
      if (error instanceof ApiError && (error.data as { need?: string } | undefined)?.need === 'realName') {
        const { confirm } = await showDialog({
          title: '需要实名认证',
          content: '为保障号主和租客双方，租号前需完成实名认证。',
          confirmText: '去认证',
        })
        if (confirm) void openPage('Realname')
      } else if (!(error instanceof ApiError && error.code === 401)) toastError(error, '租号失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Sheet
      title="租号"
      onClose={onClose}
      footer={
        <SubmitBar fixed={false} disabled={!agreed} loading={saving} onClick={() => void submit()}>
          立即租用 {formatPrice(total)}
        </SubmitBar>
      }
    >
      <View className="rent-sheet">
        <HoursPicker min={rent.minHours} max={rent.maxHours} value={hours} onChange={setHours} />
        <View className="rent-sheet__lines">
          <View className="rent-sheet__line">
            <Text>租金</Text>
            <PriceTag fen={amount} size="small" />
          </View>
          <View className="rent-sheet__line">
            <Text>押金（号主验号后原路退还）</Text>
            <PriceTag fen={rent.deposit} size="small" />
          </View>
          <View className="rent-sheet__line rent-sheet__line--total">
            <Text>合计</Text>
            <PriceTag fen={total} />
          </View>
        </View>
        {rent.rules.length > 0 && (
          <View className="rent-sheet__rules" aria-label="租号规则">
            <Text className="rent-sheet__rules-title">号主的租号规则（违反将从押金中赔偿）</Text>
            {rent.rules.map((rule) => (
              <Text key={rule} className="rent-sheet__rule">
                · {ruleLabel(rule)}
              </Text>
            ))}
          </View>
        )}
        <Agreement checked={agreed} onChange={setAgreed} documents={RULES_DOCUMENT} />
      </View>
    </Sheet>
  )
}
