import { Text, View } from '@tarojs/components'
import './index.scss'

interface FocusBarProps {
  /** What the list shows now, e.g. 消息中的商品. */
  text: string
  /** The whole list's name, e.g. 全部代售. */
  all: string
  onAll: () => void
}

/** The head of a "my …" list opened on one row from a message: what it shows, and the way to all of them. */
export default function FocusBar({ text, all, onAll }: FocusBarProps) {
  return (
    <View className="focus-bar">
      <Text>{text}</Text>
      <View role="button" className="focus-bar__all" onClick={onAll}>
        <Text>{all} ›</Text>
      </View>
    </View>
  )
}
