import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import './index.scss'

interface CopyButtonProps {
  text: string
  /** What is copied, for the screen reader and the toast: 订单编号, 账号… */
  what: string
}

/** 复制: puts `text` on the clipboard and says so. */
export default function CopyButton({ text, what }: CopyButtonProps) {
  const copy = async () => {
    try {
      await Taro.setClipboardData({ data: text })
      void Taro.showToast({ title: `${what}已复制`, icon: 'none' })
    } catch {
      void Taro.showToast({ title: '复制失败，请长按手动复制', icon: 'none' })
    }
  }
  return (
    <View className="copy-button" role="button" aria-label={`复制${what}`} onClick={() => void copy()}>
      <Text>复制</Text>
    </View>
  )
}
