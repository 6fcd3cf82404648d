import { useEffect, useRef } from 'react'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { refreshUnread } from '@/api/messages'
import Icon, { type IconName } from '@/components/Icon'
import { TABS } from '@/routes'
import { useAppState } from '@/store'
import './index.scss'

const ICONS: Record<string, IconName> = {
  home: 'home',
  accountOrder: 'buy',
  sell: 'sell',
  xiaoxi: 'message',
  mycenter: 'user',
}

/** The 消息 badge: counted when a tab page opens and again whenever it is shown after another page. */
function useUnreadBadge(): number {
  const unread = useAppState((s) => s.unreadMessages + s.unreadRooms)
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

/** The bottom tabs with the unread badge on 消息; `onSelect` goes to another tab. */
export default function TabBar({ active, onSelect }: { active?: string; onSelect: (name: string) => void }) {
  const unread = useUnreadBadge()
  return (
    <View className="tab-bar" role="tablist">
      {TABS.map((tab) => (
        <View
          key={tab.name}
          role="tab"
          aria-selected={tab.name === active}
          className={`tab-bar__item${tab.name === active ? ' tab-bar__item--active' : ''}`}
          onClick={() => tab.name !== active && onSelect(tab.name)}
        >
          <View className="tab-bar__icon">
            <Icon name={ICONS[tab.name]} size={44} />
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

/** What src/custom-tab-bar offers its tab pages. */
interface SelectableTabBar {
  setSelected(name: string): void
}

/** In a mini-program the app keeps a tabBar per tab page: each tab page says which tab it is when shown. */
export function useSelectedTab(name: string | undefined) {
  useDidShow(() => {
    if (process.env.TARO_ENV === 'h5' || !name || !TABS.some((tab) => tab.name === name)) return
    Taro.getTabBar<SelectableTabBar>(Taro.getCurrentInstance().page)?.setSelected(name)
  })
}
