import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import NoticeArticle from '@/components/NoticeArticle'
import Sheet from '@/components/Sheet'
import SubmitBar from '@/components/SubmitBar'
import './index.scss'

const MUTED_KEY = 'purchase-notice-muted'

/** Whether the buyer asked not to be shown the purchase notice again (on this device). */
export const purchaseNoticeMuted = (): boolean => Taro.getStorageSync(MUTED_KEY) === true

interface PurchaseNoticeProps {
  /** 同意并下单: the buyer has read the notice and goes on to the order. */
  onAgree: () => void
  onClose: () => void
}

/**
 * 购买须知 before an order (SCREENS.md, goodDetail): the operator's notice in a sheet, 同意并下单 to go on,
 * and 不再提示 to skip it next time.
 */
export default function PurchaseNotice({ onAgree, onClose }: PurchaseNoticeProps) {
  const [mute, setMute] = useState(false)
  const agree = () => {
    if (mute) Taro.setStorageSync(MUTED_KEY, true)
    onAgree()
  }
  return (
    <Sheet
      title="购买须知"
      onClose={onClose}
      footer={
        <View className="purchase-notice__footer">
          <View
            className="purchase-notice__mute"
            role="checkbox"
            aria-checked={mute}
            aria-label="不再提示"
            onClick={() => setMute(!mute)}
          >
            <View className={`purchase-notice__box${mute ? ' purchase-notice__box--on' : ''}`} />
            <Text>不再提示</Text>
          </View>
          <SubmitBar fixed={false} onClick={agree}>
            同意并下单
          </SubmitBar>
        </View>
      }
    >
      <View className="purchase-notice">
        <NoticeArticle source={{ type: 'goumaixuzhi' }} hideTitle />
      </View>
    </Sheet>
  )
}
