import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import { goBack } from '@/navigation'
import './index.scss'

interface PageHeaderProps {
  title: string
  /** Something on the right, e.g. the menu button. */
  extra?: ReactNode
}

/** The sticky header of inner pages: back, title, an optional action. */
export default function PageHeader({ title, extra }: PageHeaderProps) {
  return (
    <View className="page-header">
      <View className="page-header__side" role="button" aria-label="返回" onClick={goBack}>
        <Icon name="back" size={44} />
      </View>
      <Text className="page-header__title page-title">{title}</Text>
      <View className="page-header__side page-header__side--end">{extra}</View>
    </View>
  )
}
