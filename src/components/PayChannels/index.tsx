import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import PriceTag from '@/components/PriceTag'
import Sheet from '@/components/Sheet'
import SubmitBar from '@/components/SubmitBar'
import type { PayChannel } from '@/contract/payments'
import './index.scss'

const CHANNELS: { value: PayChannel; name: string; mark: string; text: string }[] = [
  { value: 'alipay', name: '支付宝', mark: '支', text: '跳转支付宝完成付款' },
  { value: 'wechat', name: '微信支付', mark: '微', text: '微信扫码或在微信中付款' },
]

interface PayChannelsProps {
  value: PayChannel
  onChange: (channel: PayChannel) => void
}

/** The two payment channels as a single-choice list. */
export default function PayChannels({ value, onChange }: PayChannelsProps) {
  return (
    <View className="pay-channels" role="radiogroup" aria-label="支付方式">
      {CHANNELS.map((c) => (
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
            <Text className="pay-channels__hint">{c.text}</Text>
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

/** 选择支付方式: the amount, the two channels and 确认支付. */
export function PayChannelSheet({ amount, title = '选择支付方式', onPick, onClose }: PayChannelSheetProps) {
  const [channel, setChannel] = useState<PayChannel>('alipay')
  return (
    <Sheet
      title={title}
      onClose={onClose}
      footer={
        <SubmitBar fixed={false} onClick={() => onPick(channel)}>
          确认支付
        </SubmitBar>
      }
    >
      <View className="pay-channels__sheet">
        <View className="pay-channels__amount">
          <Text className="pay-channels__amount-label">应付金额</Text>
          <PriceTag fen={amount} size="large" />
        </View>
        <PayChannels value={channel} onChange={setChannel} />
      </View>
    </Sheet>
  )
}
