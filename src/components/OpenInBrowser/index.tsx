import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { pageAddress } from '@/components/PayChannels/gateway'
import './index.scss'

interface OpenInBrowserProps {
  /** Why this payment cannot be made here (from blockedReason). */
  reason: string
  /** Another way to pay here, when there is one (改用微信支付 inside WeChat). */
  alternative?: { label: string; onClick: () => void }
  onClose: () => void
}

/**
 * The guide inside an app's browser that blocks a gateway: point at the top-right menu, say which item
 * opens the page in a real browser, and offer the link to copy for a browser the menu does not list.
 */
export default function OpenInBrowser({ reason, alternative, onClose }: OpenInBrowserProps) {
  const copy = () =>
    void Taro.setClipboardData({ data: pageAddress() }).then(() =>
      Taro.showToast({ title: '链接已复制，请在浏览器中粘贴打开', icon: 'none' }),
    )
  return (
    <View className="open-in-browser" role="dialog" aria-modal="true" aria-label="在浏览器中打开">
      <View className="open-in-browser__arrow" aria-hidden="true" />
      <View className="open-in-browser__card">
        <Text className="open-in-browser__title">请在浏览器中打开</Text>
        <Text className="open-in-browser__reason">{reason}</Text>
        <View className="open-in-browser__steps">
          <Text className="open-in-browser__step">1. 点击右上角「···」</Text>
          <Text className="open-in-browser__step">2. 选择「在浏览器打开」</Text>
          <Text className="open-in-browser__step">3. 在浏览器中继续付款，订单不会丢失</Text>
        </View>
        <View className="open-in-browser__actions">
          <View className="open-in-browser__button" role="button" onClick={copy}>
            <Text>复制本页链接</Text>
          </View>
          {alternative ? (
            <View
              className="open-in-browser__button open-in-browser__button--primary"
              role="button"
              onClick={alternative.onClick}
            >
              <Text>{alternative.label}</Text>
            </View>
          ) : (
            <View className="open-in-browser__button open-in-browser__button--primary" role="button" onClick={onClose}>
              <Text>知道了</Text>
            </View>
          )}
        </View>
        {alternative && (
          <View className="open-in-browser__close" role="button" onClick={onClose}>
            <Text>关闭</Text>
          </View>
        )}
      </View>
    </View>
  )
}
