import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { refreshUnread } from '@/api/messages'
import Icon, { type IconName } from '@/components/Icon'
import PageHeader from '@/components/PageHeader'
import ServiceSheet from '@/components/ServiceSheet'
import { openPage, replacePage, useCurrentRoute } from '@/navigation'
import { useAppState } from '@/store'
import './MainShell.scss'

const tabs: { name: string; label: string; icon: IconName }[] = [
  { name: 'home', label: '首页', icon: 'home' },
  { name: 'accountOrder', label: '我要买', icon: 'buy' },
  { name: 'sell', label: '我要卖', icon: 'sell' },
  { name: 'xiaoxi', label: '消息', icon: 'message' },
  { name: 'mycenter', label: '我的', icon: 'user' },
]

interface MainShellProps {
  children?: ReactNode
  /** Pages with their own fixed bottom bar (goodDetail, sureOrder…) hide the tab bar. */
  tabBar?: boolean
}

/**
 * The frame of /index/*: the tab pages get the brand bar with search and the bottom tabs; inner pages
 * get a back header with their title. A floating button reaches customer service from anywhere.
 */
export default function MainShell({ children, tabBar }: MainShellProps) {
  const route = useCurrentRoute()
  const isTabPage = tabs.some((t) => t.name === route?.name)
  const showTabs = tabBar ?? isTabPage
  const [serviceOpen, setServiceOpen] = useState(false)
  return (
    <View className={`main-shell${showTabs ? ' main-shell--tabs' : ''}`}>
      {isTabPage ? <BrandBar /> : <PageHeader title={route?.title ?? ''} />}
      <View className="main-shell__body">{children}</View>
      <View className="main-shell__service" role="button" aria-label="联系客服" onClick={() => setServiceOpen(true)}>
        <Icon name="service" size={40} />
        <Text className="main-shell__service-label">客服</Text>
      </View>
      {showTabs && <TabBar active={route?.name} />}
      {serviceOpen && <ServiceSheet onClose={() => setServiceOpen(false)} />}
    </View>
  )
}

function BrandBar() {
  return (
    <View className="brand-bar">
      <View className="brand-bar__logo">
        <View className="brand-bar__mark">
          <Text>安</Text>
        </View>
        <Text className="brand-bar__name">号安心</Text>
      </View>
      <View className="brand-bar__search" role="search" onClick={() => openPage('accountOrder')}>
        <Icon name="search" size={32} />
        <Text className="brand-bar__placeholder">搜索游戏名称</Text>
      </View>
    </View>
  )
}

/** The 消息 badge: counted when a tab page opens and again whenever it is shown after another page. */
function useUnreadBadge(): number {
  const unread = useAppState((s) => s.unreadMessages)
  const token = useAppState((s) => s.token)
  const shown = useRef(false)
  useEffect(() => {
    void refreshUnread()
  }, [token])
  useDidShow(() => {
    if (shown.current) void refreshUnread()
    shown.current = true
  })
  return token ? unread : 0
}

function TabBar({ active }: { active?: string }) {
  const unread = useUnreadBadge()
  return (
    <View className="tab-bar" role="tablist">
      {tabs.map((tab) => (
        <View
          key={tab.name}
          role="tab"
          aria-selected={tab.name === active}
          className={`tab-bar__item${tab.name === active ? ' tab-bar__item--active' : ''}`}
          onClick={() => tab.name !== active && replacePage(tab.name)}
        >
          <View className="tab-bar__icon">
            <Icon name={tab.icon} size={44} />
            {tab.name === 'xiaoxi' && unread > 0 && (
              <Text className="tab-bar__badge" aria-label={`${unread} 条未读消息`}>
                {unread > 99 ? '99+' : unread}
              </Text>
            )}
          </View>
          <Text className="tab-bar__label">{tab.label}</Text>
        </View>
      ))}
    </View>
  )
}
