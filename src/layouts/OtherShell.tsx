import { useEffect, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Icon from '@/components/Icon'
import PageHeader from '@/components/PageHeader'
import { useSelectedTab } from '@/components/TabBar'
import { openPage, useCurrentRoute } from '@/navigation'
import './OtherShell.scss'

/** The personal-centre menu of SCREENS.md, in its order. */
export const personalMenu: { name: string; label: string }[] = [
  { name: 'mycenter', label: '个人中心' },
  { name: 'MyProducts', label: '我的买单' },
  { name: 'Mybrowsing', label: '我的代售' },
  { name: 'collect', label: '我的收藏' },
  { name: 'myJingjiahuishou', label: '竞价中心' },
  { name: 'Myevaluation', label: '我的评估' },
  { name: 'xiaoxi', label: '消息' },
  { name: 'Realname', label: '实名认证' },
  { name: 'passwore', label: '密码管理' },
  { name: 'suggest', label: '投诉建议' },
  { name: 'bangzhu', label: '帮助中心' },
  { name: 'xinwen', label: '新闻公告' },
  { name: 'zhaohui', label: '找回案例' },
  { name: 'cooperate', label: '关于我们' },
  { name: 'shanghu', label: '商务合作' },
  { name: 'zhaomu', label: '人才招募' },
]

interface OtherShellProps {
  children?: ReactNode
  /** What the page shows now, where its route's title names only the first of its views (申请售后 → 售后详情). */
  title?: string
}

/** The frame of /index/other/*: a header with back and title, and the personal-centre menu behind a button. */
export default function OtherShell({ children, title }: OtherShellProps) {
  const route = useCurrentRoute()
  useSelectedTab(route?.name)
  // The mini-programs' own bar and the H5's tab; the header below says it itself.
  useEffect(() => {
    if (title) void Taro.setNavigationBarTitle({ title })
  }, [title])
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = (
    <View
      className="other-shell__menu-button"
      role="button"
      aria-label="个人中心菜单"
      onClick={() => setMenuOpen(true)}
    >
      <Icon name="menu" size={44} />
    </View>
  )
  return (
    <View className="other-shell">
      <PageHeader title={title ?? route?.title ?? ''} extra={menuButton} />
      <View className="other-shell__body">{children}</View>
      {menuOpen && (
        <View className="other-shell__mask" onClick={() => setMenuOpen(false)}>
          <View className="other-shell__menu" role="menu" onClick={(e) => e.stopPropagation()}>
            <View className="other-shell__menu-head">
              <Text className="other-shell__menu-title">个人中心</Text>
              <View role="button" aria-label="关闭菜单" onClick={() => setMenuOpen(false)}>
                <Icon name="close" size={40} />
              </View>
            </View>
            {personalMenu.map((item) => (
              <View
                key={item.name}
                role="menuitem"
                className={`other-shell__menu-item${item.name === route?.name ? ' other-shell__menu-item--active' : ''}`}
                onClick={() => {
                  setMenuOpen(false)
                  if (item.name !== route?.name) openPage(item.name)
                }}
              >
                <Text>{item.label}</Text>
                <Icon name="right" size={32} />
              </View>
            ))}
          </View>
        </View>
      )}
    </View>
  )
}
