import type { ReactNode } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import './index.scss'

interface SheetProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** A fixed footer, e.g. 重置 / 确定. */
  footer?: ReactNode
}

/**
 * A panel sliding up from the bottom over a dimmed page; tapping the dim area closes it. No tap inside goes on
 * to what the sheet was opened from (an order card, say).
 */
export default function Sheet({ title, onClose, children, footer }: SheetProps) {
  return (
    <View
      className="sheet"
      onClick={(e) => {
        e.stopPropagation()
        onClose()
      }}
      catchMove
    >
      <View className="sheet__panel" role="dialog" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <View className="sheet__head">
          <Text className="sheet__title">{title}</Text>
          <View className="sheet__close" role="button" aria-label="关闭" onClick={onClose}>
            <Icon name="close" size={40} />
          </View>
        </View>
        <ScrollView className="sheet__body" scrollY>
          {children}
        </ScrollView>
        {footer && <View className="sheet__footer">{footer}</View>}
      </View>
    </View>
  )
}

/** The footer pair every filter sheet uses. */
export function SheetActions({ onReset, onConfirm }: { onReset: () => void; onConfirm: () => void }) {
  return (
    <View className="sheet-actions">
      <View className="sheet-actions__reset" role="button" onClick={onReset}>
        <Text>重置</Text>
      </View>
      <View className="sheet-actions__confirm" role="button" onClick={onConfirm}>
        <Text>确定</Text>
      </View>
    </View>
  )
}
