import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import PriceTag from '@/components/PriceTag'
import { PAY_CHANNEL_LABELS } from '@/contract/constants'
import Sheet from '@/components/Sheet'
import SubmitBar from '@/components/SubmitBar'
import OpenInBrowser from '@/components/OpenInBrowser'
import type { PayChannel } from '@/contract/payments'
import { blockedReason, currentPayPlace, defaultChannel, offeredChannels, type PayPlace } from '@/utils/payPlace'
import './index.scss'

const CHANNELS: { value: PayChannel; name: string; mark: string; text: string }[] = [
  { value: 'alipay', name: PAY_CHANNEL_LABELS.alipay, mark: '支', text: '跳转支付宝完成付款' },
  { value: 'wechat', name: PAY_CHANNEL_LABELS.wechat, mark: '微', text: '微信扫码或在微信中付款' },
]

interface PayChannelsProps {
  value: PayChannel
  onChange: (channel: PayChannel) => void
  place?: PayPlace
}

/**
 * The payment channels as a single-choice list: what pays here, and inside an app's browser also the one it
 * blocks, which says so.
 */
export default function PayChannels({ value, onChange, place = currentPayPlace() }: PayChannelsProps) {
  const offered = offeredChannels(
    place,
    CHANNELS.map((c) => c.value),
  )
  return (
    <View className="pay-channels" role="radiogroup" aria-label="支付方式">
      {CHANNELS.filter((c) => offered.includes(c.value)).map((c) => (
        <View
          key={c.value}
          className={`pay-channels__item${c.value === value ? ' pay-channels__item--on' : ''}`}
          role="radio"
          aria-checked={c.value === value}
          aria-label={c.name}
          onClick={() => onChange(c.value)}
        >
          <Text className={`pay-channels__mark pay-channels__mark--${c.value}`}>{c.mark}</Text>
          <View className="pay-channels__text">
            <Text className="pay-channels__name">{c.name}</Text>
            <Text className="pay-channels__hint">{blockedReason(place, c.value) ? '需在浏览器中打开' : c.text}</Text>
          </View>
          <View className="pay-channels__radio" />
        </View>
      ))}
    </View>
  )
}

interface PayChannelSheetProps {
  /** What this payment comes to (from the order). */
  amount: number
  title?: string
  onPick: (channel: PayChannel) => void
  onClose: () => void
}

/**
 * Where a payment is chosen, here or on the pay page: a channel the app around the page blocks opens the
 * open-in-browser guide (with the channel that does work here, if any) instead of a payment.
 */
export function usePayChoice(onPick: (channel: PayChannel) => void, initial?: PayChannel) {
  const place = currentPayPlace()
  const [channel, setChannel] = useState<PayChannel>(initial ?? defaultChannel(place))
  const [guide, setGuide] = useState('')
  const pick = () => {
    const reason = blockedReason(place, channel)
    if (reason) setGuide(reason)
    else onPick(channel)
  }
  const usable = CHANNELS.find((c) => !blockedReason(place, c.value))
  const guideView = guide ? (
    <OpenInBrowser
      reason={guide}
      alternative={
        usable && {
          label: `改用${usable.name}`,
          onClick: () => (setGuide(''), setChannel(usable.value), onPick(usable.value)),
        }
      }
      onClose={() => setGuide('')}
    />
  ) : null
  return { place, channel, setChannel, pick, guideView }
}

/** 选择支付方式: the amount, the two channels and 确认支付. */
export function PayChannelSheet({ amount, title = '选择支付方式', onPick, onClose }: PayChannelSheetProps) {
  const { place, channel, setChannel, pick, guideView } = usePayChoice(onPick)
  return (
    <Sheet
      title={title}
      onClose={onClose}
      footer={
        <SubmitBar fixed={false} onClick={pick}>
          确认支付
        </SubmitBar>
      }
    >
      <View className="pay-channels__sheet">
        <View className="pay-channels__amount">
          <Text className="pay-channels__amount-label">应付金额</Text>
          <PriceTag fen={amount} size="large" />
        </View>
        <PayChannels value={channel} onChange={setChannel} place={place} />
      </View>
      {guideView}
    </Sheet>
  )
}
