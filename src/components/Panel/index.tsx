import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import './index.scss'

interface PanelProps {
  /** A section title on top (费用明细, 订单信息…). */
  title?: string
  className?: string
  children: ReactNode
}

/** A white rounded card on the grey page, with an optional section title. */
export default function Panel({ title, className = '', children }: PanelProps) {
  return (
    <View className={`panel ${className}`}>
      {title && <Text className="panel__title">{title}</Text>}
      {children}
    </View>
  )
}
