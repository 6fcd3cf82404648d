import { useEffect, useRef, useState, type ReactNode } from 'react'
import { usePageScroll } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import PageHeader from '@/components/PageHeader'
import ServiceSheet from '@/components/ServiceSheet'
import TabBar, { useSelectedTab } from '@/components/TabBar'
import { openPage, replacePage, useCurrentRoute } from '@/navigation'
import { BRAND_PAGE, TABS } from '@/routes'
import './MainShell.scss'

interface MainShellProps {
  children?: ReactNode
  /** Pages with their own fixed bottom bar (goodDetail, sureOrder…) hide the tab bar. */
  tabBar?: boolean
}

/**
 * The frame of /index/*: the tab pages get the brand bar with search and the bottom tabs; inner pages
 * get a back header with their title (H5; a mini-program has its own bar and tabs). A floating button
 * reaches customer service from anywhere.
 */
export default function MainShell({ children, tabBar }: MainShellProps) {
  const route = useCurrentRoute()
  const isTabPage = TABS.some((t) => t.name === route?.name)
  const showTabs = process.env.TARO_ENV === 'h5' && (tabBar ?? isTabPage)
  const [serviceOpen, setServiceOpen] = useState(false)
  const aside = useAsideWhileScrolling()
  useSelectedTab(route?.name)
  return (
    <View className={`main-shell${showTabs ? ' main-shell--tabs' : ''}`}>
      {process.env.TARO_ENV === 'h5' &&
        (route?.name === BRAND_PAGE ? <BrandBar /> : <PageHeader title={route?.title ?? ''} back={!isTabPage} />)}
      <View className="main-shell__body">{children}</View>
      <View
        className={`main-shell__service${aside ? ' main-shell__service--aside' : ''}`}
        role="button"
        aria-label="联系客服"
        onClick={() => setServiceOpen(true)}
      >
        <Icon name="service" size={40} />
        <Text className="main-shell__service-label">客服</Text>
      </View>
      {showTabs && <TabBar active={route?.name} onSelect={(name) => void replacePage(name)} />}
      {serviceOpen && <ServiceSheet onClose={() => setServiceOpen(false)} />}
    </View>
  )
}

/** How long after the last scroll the 客服 tab comes back out. */
const ASIDE_MS = 700

/** True while the page scrolls (and a moment after): the 客服 tab then steps aside from the content. */
function useAsideWhileScrolling(): boolean {
  const [aside, setAside] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  usePageScroll(() => {
    setAside(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setAside(false), ASIDE_MS)
  })
  useEffect(() => () => clearTimeout(timer.current), [])
  return aside
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
      <View className="brand-bar__search" role="search" onClick={() => openPage('accountOrder', { focus: 1 })}>
        <Icon name="search" size={32} />
        <Text className="brand-bar__placeholder">搜索游戏名称</Text>
      </View>
    </View>
  )
}
