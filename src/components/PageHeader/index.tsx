import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import { goBack } from '@/navigation'
import './index.scss'

interface PageHeaderProps {
  title: string
  /** Something on the right, e.g. the menu button. */
  extra?: ReactNode
  /** A tab page has nowhere to go back to: its header is the title alone. */
  back?: boolean
}

/**
 * The sticky header of inner pages: back, title, an optional action. A mini-program's own navigation
 * bar has back and title already: there only the action is drawn, at the right. (TARO_ENV is written out
 * at each use: the build replaces it with a literal, so the H5-only header leaves the mini bundles.)
 */
export default function PageHeader({ title, extra, back = true }: PageHeaderProps) {
  if (process.env.TARO_ENV !== 'h5')
    return extra ? <View className="page-header page-header--actions">{extra}</View> : null
  return (
    <View className="page-header">
      {back ? (
        <View className="page-header__side" role="button" aria-label="返回" onClick={goBack}>
          <Icon name="back" size={44} />
        </View>
      ) : (
        <View className="page-header__side" />
      )}
      <Text className="page-header__title page-title">{title}</Text>
      <View className="page-header__side page-header__side--end">{extra}</View>
    </View>
  )
}
