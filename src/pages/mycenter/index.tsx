import { useState } from 'react'
import { Button, Image, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { mediaUrl } from '@/api/request'
import { fetchCenter } from '@/api/user'
import Icon from '@/components/Icon'
import type { UserCenter } from '@/contract/user'
import { maskPhone } from '@/contract/validation'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import { signOut, useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import EntryIcon, { type EntryIconName } from './icons'
import SavedSearchSheet from './SavedSearchSheet'
import './index.scss'

interface Counter {
  label: string
  icon: EntryIconName
  /** The statuses it counts, and the tab of the list it opens. */
  statuses: string[]
  tab: string
}

/** 我的买单 by where the buyer stands; 交易中 is paid, waiting for the hand-over (or in an after-sale case). */
const ORDER_COUNTERS: Counter[] = [
  { label: '待支付', icon: 'wallet', statuses: ['pending_payment'], tab: 'pending' },
  { label: '交易中', icon: 'deal', statuses: ['paid', 'disputed'], tab: 'trading' },
  { label: '待确认', icon: 'shield', statuses: ['handed_over'], tab: 'trading' },
  { label: '已完成', icon: 'check', statuses: ['completed'], tab: 'completed' },
]

/** 我的代售 by where the listing stands. */
const LISTING_COUNTERS: Counter[] = [
  { label: '待审核', icon: 'clock', statuses: ['pending_review'], tab: 'pending_review' },
  { label: '在售', icon: 'fire', statuses: ['on_sale'], tab: 'on_sale' },
  { label: '交易中', icon: 'deal', statuses: ['in_trade'], tab: 'in_trade' },
  { label: '已出售', icon: 'medal', statuses: ['sold'], tab: 'sold' },
]

interface Entry {
  name: string
  label: string
  icon: EntryIconName
}

/** A merchant's own entries (竞价回收), shown only to merchants. */
const MERCHANT_ENTRIES: Entry[] = [
  { name: 'recycleHall', label: '回收大厅', icon: 'gavel' },
  { name: 'myQuotes', label: '我的报价', icon: 'chart' },
]

/** The rest of the personal centre (SCREENS.md's menu), grouped by what the user came for. */
const GROUPS: { title: string; entries: Entry[] }[] = [
  {
    title: '交易工具',
    entries: [
      { name: 'collect', label: '我的收藏', icon: 'heart' },
      { name: 'myJingjiahuishou', label: '竞价中心', icon: 'gavel' },
      { name: 'Myevaluation', label: '我的评估', icon: 'chart' },
      { name: 'claim', label: '我的包赔', icon: 'wallet' },
      { name: 'zhaohui', label: '找回案例', icon: 'shield' },
    ],
  },
  {
    title: '账户与安全',
    entries: [
      { name: 'Realname', label: '实名认证', icon: 'shield' },
      { name: 'passwore', label: '密码管理', icon: 'lock' },
      { name: 'geren', label: '个人资料', icon: 'people' },
      { name: 'account', label: '注销账号', icon: 'trash' },
    ],
  },
  {
    title: '帮助与服务',
    entries: [
      { name: 'suggest', label: '投诉建议', icon: 'bell' },
      { name: 'bangzhu', label: '帮助中心', icon: 'help' },
      { name: 'xinwen', label: '新闻公告', icon: 'news' },
    ],
  },
  {
    title: '关于号安心',
    entries: [
      { name: 'cooperate', label: '关于我们', icon: 'info' },
      { name: 'shanghu', label: '商务合作', icon: 'handshake' },
      { name: 'zhaomu', label: '人才招募', icon: 'people' },
    ],
  },
]

/** 个人中心 (a tab): who is signed in, their orders and listings counted by status, and every entry. */
export default function MycenterPage() {
  const signedIn = useRequireLogin()
  return <MainShell>{signedIn ? <Center /> : null}</MainShell>
}

function Center() {
  const profile = useAppState((s) => s.profile)
  const unread = useAppState((s) => s.unreadMessages + s.unreadRooms)
  const [center, setCenter] = useState<UserCenter | null>(null)
  const [searches, setSearches] = useState(false)
  // Counted again each time the tab is shown: an order paid elsewhere moves between the counters.
  useDidShow(() => {
    fetchCenter().then(
      (r) => setCenter(r.data),
      () => undefined,
    )
  })
  const name = profile ? profile.nickName || profile.userName : ''
  const verified = profile?.realNameStatus === 'verified'
  return (
    <View className="mycenter">
      <View className="mycenter__card" role="button" aria-label="个人资料" onClick={() => openPage('geren')}>
        {profile?.avatar ? (
          <Image className="mycenter__avatar" src={mediaUrl(profile.avatar)} mode="aspectFill" aria-label="头像" />
        ) : (
          <View className="mycenter__avatar mycenter__avatar--empty">
            <Icon name="user" size={56} />
          </View>
        )}
        <View className="mycenter__who">
          <Text className="mycenter__name">{name || '加载中…'}</Text>
          <Text className="mycenter__phone">{profile?.phone ? maskPhone(profile.phone) : '未绑定手机'}</Text>
        </View>
        <View
          className={`mycenter__badge${verified ? ' mycenter__badge--ok' : ''}`}
          role="button"
          onClick={(e) => {
            e.stopPropagation()
            openPage('Realname')
          }}
        >
          <Text>{verified ? '已实名' : '去实名'}</Text>
        </View>
      </View>

      <Counters
        title="我的买单"
        page="MyProducts"
        counters={ORDER_COUNTERS}
        counts={center?.orders}
        loading={!center}
      />
      <Counters
        title="我的代售"
        page="Mybrowsing"
        counters={LISTING_COUNTERS}
        counts={center?.listings}
        loading={!center}
      />

      <View className="mycenter__group">
        <View className="mycenter__entry" role="button" onClick={() => openPage('xiaoxi')}>
          <Icon name="message" size={40} className="mycenter__entry-icon" />
          <Text className="mycenter__entry-label">消息</Text>
          {unread > 0 && <Text className="mycenter__unread">{unread > 99 ? '99+' : unread}条未读</Text>}
          <Icon name="right" size={32} className="mycenter__entry-more" />
        </View>
        <View className="mycenter__entry" role="button" aria-label="搜索订阅" onClick={() => setSearches(true)}>
          <Icon name="search" size={40} className="mycenter__entry-icon" />
          <Text className="mycenter__entry-label">搜索订阅</Text>
          <Icon name="right" size={32} className="mycenter__entry-more" />
        </View>
      </View>
      {searches && <SavedSearchSheet onClose={() => setSearches(false)} />}

      {(profile?.roles.includes('merchant') ? [{ title: '号商', entries: MERCHANT_ENTRIES }, ...GROUPS] : GROUPS).map(
        (group) => (
          <View key={group.title} className="mycenter__group" aria-label={group.title}>
            <View className="mycenter__group-head">
              <Text className="mycenter__group-title">{group.title}</Text>
            </View>
            <View className="mycenter__grid">
              {group.entries.map((entry) => (
                <View
                  key={entry.name}
                  className="mycenter__tile"
                  role="button"
                  aria-label={entry.label}
                  onClick={() => openPage(entry.name)}
                >
                  <EntryIcon name={entry.icon} className="mycenter__tile-icon" />
                  <Text className="mycenter__tile-label">{entry.label}</Text>
                </View>
              ))}
            </View>
          </View>
        ),
      )}

      <Button className="mycenter__logout" onClick={() => void signOut()}>
        退出登录
      </Button>
      <View className="mycenter__everywhere" role="button" onClick={() => void signOut(true)}>
        <Text>退出所有设备</Text>
      </View>
    </View>
  )
}

interface CountersProps {
  title: string
  page: string
  counters: Counter[]
  counts: Partial<Record<string, number>> | undefined
  loading: boolean
}

/** A list's counters by status: a tap opens the list on that status; 全部 opens it whole. */
function Counters({ title, page, counters, counts, loading }: CountersProps) {
  return (
    <View className="mycenter__group" aria-label={title}>
      <View className="mycenter__group-head" role="button" onClick={() => openPage(page)}>
        <Text className="mycenter__group-title">{title}</Text>
        <Text className="mycenter__all">全部</Text>
        <Icon name="right" size={28} className="mycenter__entry-more" />
      </View>
      <View className="mycenter__grid">
        {counters.map((counter) => {
          const n = counter.statuses.reduce((sum, status) => sum + (counts?.[status] ?? 0), 0)
          return (
            <View
              key={counter.label}
              className="mycenter__tile"
              role="button"
              aria-label={`${counter.label} ${loading ? '' : n}`.trim()}
              onClick={() => openPage(page, { tab: counter.tab })}
            >
              <View className="mycenter__tile-figure">
                <EntryIcon name={counter.icon} className="mycenter__tile-icon" />
                {n > 0 && <Text className="mycenter__count">{n > 99 ? '99+' : n}</Text>}
              </View>
              <Text className="mycenter__tile-label">{counter.label}</Text>
            </View>
          )
        })}
      </View>
    </View>
  )
}
