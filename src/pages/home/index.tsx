import { startTransition, useEffect, useState } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { fetchStats, listGoods, listRecentDeals } from '@/api/catalogue'
import DealRow from '@/components/DealRow'
import GameIcon from '@/components/GameIcon'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import GoodsCard from '@/components/GoodsCard'
import Icon from '@/components/Icon'
import Skeleton from '@/components/Skeleton'
import Tabs from '@/components/Tabs'
import type { Game, SiteStats } from '@/contract/catalogue'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import { allGames, openGame, readRecentGameIds, recentGames } from '@/utils/games'
import { formatCount } from '@/contract/money'
import { AnchorStrip, BannerCarousel, NoticeColumns, QuickTools, SocialAccounts, TradeNotice, useList } from './content'
import Section from './Section'
import './index.scss'

/** The top-account threshold of DOMAIN.md's settings (¥6000), in fen; the API has no settings call. */
export const TOP_ACCOUNT_MIN_PRICE = 600_000
const GRID_SIZE = 8

type GameTab = 'hot' | 'mobile' | 'pc' | 'recent'

const GAME_TABS: { value: GameTab; label: string }[] = [
  { value: 'hot', label: '热门' },
  { value: 'mobile', label: '手游' },
  { value: 'pc', label: '端游' },
  { value: 'recent', label: '最近浏览' },
]

export default function HomePage() {
  return (
    <MainShell>
      <View className="home">
        <BannerCarousel />
        <StatsBanner />
        <GameGrid />
        <TopAccounts />
        <RecentDeals />
        <NoticeColumns />
        <QuickTools />
        <AnchorStrip />
        <SocialAccounts />
        <TradeNotice />
        <View className="home__end">
          <Text>号安心 · 资金托管 · 找回包赔 · 官方验号</Text>
        </View>
      </View>
    </MainShell>
  )
}

function StatsBanner() {
  const [stats, setStats] = useState<SiteStats | null>(null)
  useEffect(() => {
    fetchStats().then(
      (result) => startTransition(() => setStats(result.data)),
      () => undefined,
    )
  }, [])
  const figures: { label: string; value?: number }[] = [
    { label: '在售账号', value: stats?.onSale },
    { label: '昨日成交', value: stats?.soldYesterday },
    { label: '累计成交', value: stats?.soldTotal },
  ]
  const promises: { icon: GlyphName; text: string }[] = [
    { icon: 'shield', text: '资金托管' },
    { icon: 'medal', text: '找回包赔' },
    { icon: 'check', text: '官方验号' },
  ]
  return (
    <View className="home__banner">
      <Text className="home__slogan">游戏账号担保交易平台</Text>
      <Text className="home__subslogan">买号卖号，资金全程托管，放心交易</Text>
      <View className="home__stats" aria-label="平台数据">
        {figures.map((f) => (
          <View key={f.label} className="home__stat">
            <Text className="home__stat-value">{f.value === undefined ? '—' : formatCount(f.value)}</Text>
            <Text className="home__stat-label">{f.label}</Text>
          </View>
        ))}
      </View>
      <View className="home__promises">
        {promises.map((p) => (
          <View key={p.text} className="home__promise">
            <GlyphIcon name={p.icon} size={28} />
            <Text>{p.text}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

function GameGrid() {
  const [games, setGames] = useState<Game[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [tab, setTab] = useState<GameTab>('hot')
  const [recentIds, setRecentIds] = useState<number[]>(() => readRecentGameIds())

  const load = () =>
    allGames().then(
      (list) => startTransition(() => setGames(list)),
      () => setFailed(true),
    )
  useEffect(() => {
    void load()
  }, [])
  // Coming back from a game's list: it is now the most recent.
  useDidShow(() => setRecentIds(readRecentGameIds()))

  const list = games ?? []
  const shown =
    tab === 'recent'
      ? recentIds.length
        ? recentGames(list)
        : []
      : tab === 'hot'
        ? list.filter((g) => g.hot)
        : list.filter((g) => g.type === tab)
  const sorted = tab === 'recent' ? shown : [...shown].sort((a, b) => a.sort - b.sort || b.onSaleCount - a.onSaleCount)

  return (
    <View className="home__card home__games">
      <Tabs tabs={GAME_TABS} value={tab} onChange={setTab} />
      {failed ? (
        <View
          className="home__inline-retry"
          role="button"
          onClick={() => {
            setFailed(false)
            void load()
          }}
        >
          <Text>游戏加载失败，点击重试</Text>
        </View>
      ) : games === null ? (
        <View className="home__grid">
          {Array.from({ length: GRID_SIZE }, (_, i) => (
            // The cell of a loaded game, its two text lines kept empty: nothing moves when the games arrive.
            // Keys of their own: a game whose id equals a cell's index would otherwise take that cell over
            // and slide into its place (a layout shift).
            <View key={`skeleton-${i}`} className="home__game">
              <Skeleton className="home__game-skeleton" />
              <Text className="home__game-name">{'\u00a0'}</Text>
              <Text className="home__game-count">{'\u00a0'}</Text>
            </View>
          ))}
        </View>
      ) : sorted.length === 0 ? (
        <View className="home__inline-empty">
          <Text>{tab === 'recent' ? '还没有浏览过的游戏，去看看热门游戏吧' : '暂无游戏'}</Text>
        </View>
      ) : (
        <View className="home__grid">
          {sorted.slice(0, GRID_SIZE).map((game) => (
            <View
              key={game.id}
              className="home__game"
              role="button"
              aria-label={game.name}
              onClick={() => openGame(game)}
            >
              <GameIcon game={game} size={96} />
              <Text className="home__game-name">{game.name}</Text>
              <Text className="home__game-count">{formatCount(game.onSaleCount)} 在售</Text>
            </View>
          ))}
        </View>
      )}
      <View className="home__all-games" role="button" onClick={() => openPage('accountOrder')}>
        <GlyphIcon name="grid" size={28} />
        <Text>全部游戏</Text>
        <Icon name="right" size={24} />
      </View>
    </View>
  )
}

const loadTopAccounts = () =>
  listGoods({ priceMin: TOP_ACCOUNT_MIN_PRICE, sort: 'price_desc', pageNum: 1, pageSize: 10 }).then((r) => r.rows)
const loadRecentDeals = () => listRecentDeals({ pageNum: 1, pageSize: 5 }).then((r) => r.rows)

function TopAccounts() {
  const goods = useList(loadTopAccounts)
  if (goods && goods.length === 0) return null
  return (
    <Section
      icon="crown"
      title="顶级账号"
      hint="¥6,000 以上精品"
      more={() => openPage('goodList', { sort: 'price_desc', priceMin: TOP_ACCOUNT_MIN_PRICE })}
    >
      <ScrollView className="home__top-scroll" scrollX>
        <View className="home__top-row">
          {goods === null
            ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="home__top-item home__top-skeleton" />)
            : goods.map((g) => (
                <View key={g.id} className="home__top-item">
                  <GoodsCard goods={g} variant="tile" onClick={() => openPage('goodDetail', { id: g.id })} />
                </View>
              ))}
        </View>
      </ScrollView>
    </Section>
  )
}

function RecentDeals() {
  const deals = useList(loadRecentDeals)
  return (
    <Section icon="deal" title="最近成交" hint="每一笔都由平台担保" more={() => openPage('finish')}>
      <View className="home__card home__deals">
        {deals === null ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="home__deal-skeleton" />)
        ) : deals.length === 0 ? (
          <View className="home__inline-empty">
            <Text>暂无成交记录</Text>
          </View>
        ) : (
          deals.map((deal) => (
            <DealRow
              key={deal.id}
              deal={deal}
              image={deal.thumbImage || deal.coverImage}
              meta={[deal.gameName, ...deal.regionNames].join(' · ')}
            />
          ))
        )}
      </View>
    </Section>
  )
}
