import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import './index.scss'

/** The bar fixed to the bottom of a page with its own actions (确认订单, 订单详情); the page leaves room. */
export default function BottomBar({ children }: { children: ReactNode }) {
  return <View className="bottom-bar">{children}</View>
}
