import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Input, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { fetchSavedSearch, fetchTemplate, listGoods, saveSearch } from '@/api/catalogue'
import { ApiError, toastError } from '@/api/request'
import { describeFilter, describeRange, isActiveFilter } from '@/components/AttributeFilter'
import EmptyState, { LoadFailed } from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import GoodsCard, { GOODS_ROW_HEIGHT, GoodsCardSkeleton } from '@/components/GoodsCard'
import Icon from '@/components/Icon'
import PullRefresh from '@/components/PullRefresh'
import ListFooter from '@/components/ListFooter'
import RegionCascade, { regionLabel, REGION_LEVELS } from '@/components/RegionCascade'
import { rentCard } from '@/components/RentTermsCard'
import VirtualList from '@/components/VirtualList'
import type {
  AttributeField,
  Game,
  GoodsCard as Goods,
  GoodsSort,
  SavedSearch,
  SearchFilters,
} from '@/contract/catalogue'
import { cappedTotal } from '@/contract/constants'
import MainShell from '@/layouts/MainShell'
import { currentPageUrl, openPage, replacePage, usePageParams } from '@/navigation'
import { readToken } from '@/store'
import { allGames, rememberGame } from '@/utils/games'
import { usePageTitle } from '@/utils/pageTitle'
import FilterSheet, { ACCOUNT_TYPE_LABEL, amountFilter } from './FilterSheet'
import {
  buildListQuery,
  filtersOfSearch,
  initialFilters,
  searchFiltersOf,
  sheetFilterCount,
  type ListFilters,
} from './query'
import { useRecord } from '@/utils/useRecord'
import './index.scss'

/**
 * 商品列表. The page stays alive under goodDetail (Taro's page stack), so coming back from a listing finds
 * the filters, the loaded pages and the scroll position as they were. Coming back from any other page
 * starts the list afresh, as does every new opening (a new page instance).
 */
export default function GoodListPage() {
  const params = usePageParams()
  const [generation, setGeneration] = useState(0)
  const leftForDetail = useRef(false)
  const shown = useRef(false)
  const scrollTop = useRef(0)

  usePageScroll(({ scrollTop: top }) => {
    scrollTop.current = top
  })
  useDidShow(() => {
    if (!shown.current) {
      shown.current = true
      return
    }
    if (leftForDetail.current) {
      // A hidden page may lose its scroll offset; put it back where the visitor left it.
      void Taro.pageScrollTo({ scrollTop: scrollTop.current, duration: 0 })
    } else {
      scrollTop.current = 0
      void Taro.pageScrollTo({ scrollTop: 0, duration: 0 })
      setGeneration((g) => g + 1)
    }
    leftForDetail.current = false
  })

  const openDetail = useCallback((id: number) => {
    leftForDetail.current = true
    void openPage('goodDetail', { id })
  }, [])

  const savedSearch = Number(params.savedSearch)
  return (
    <MainShell>
      {savedSearch > 0 ? (
        <SavedSearchList key={generation} id={savedSearch} params={params} onOpen={openDetail} />
      ) : (
        <GoodsList key={generation} params={params} onOpen={openDetail} />
      )}
    </MainShell>
  )
}

/** `savedSearch`: the list with the filters of one of the user's saved searches (a 搜索订阅 message's link). */
function SavedSearchList({
  id,
  params,
  onOpen,
}: {
  id: number
  params: Record<string, string>
  onOpen: (id: number) => void
}) {
  const fetch = useCallback(() => fetchSavedSearch(id), [id])
  const { item, failed, reload } = useRecord<SavedSearch>(fetch, '该搜索订阅已删除')
  if (failed) return <LoadFailed failure={failed} onRetry={reload} />
  if (!item) return <GoodsCardSkeleton count={5} />
  const { gameId, rentable } = item.filters
  return (
    <GoodsList
      params={{ ...params, gameId: gameId ? String(gameId) : '', mode: rentable ? 'hire' : '' }}
      initial={filtersOfSearch(item)}
      onOpen={onOpen}
    />
  )
}

type Status = 'loading' | 'idle' | 'error'

const appendUnique = (list: Goods[], more: Goods[]) => {
  const seen = new Set(list.map((g) => g.id))
  return [...list, ...more.filter((g) => !seen.has(g.id))]
}

interface GoodsListProps {
  params: Record<string, string>
  /** The filters to open with, when not the page's query's (a saved search). */
  initial?: ListFilters
  onOpen: (id: number) => void
}

function GoodsList({ params, initial, onOpen }: GoodsListProps) {
  const gameId = Number(params.gameId) || undefined
  const rentable = params.mode === 'hire'
  const [game, setGame] = useState<Game | null>(null)
  usePageTitle(game ? `${game.name}${rentable ? '租号' : '账号交易'}` : undefined)
  const [fields, setFields] = useState<AttributeField[]>([])
  const [filters, setFilters] = useState(() => initial ?? initialFilters(params))
  const [keyword, setKeyword] = useState(filters.keyword)
  const [rows, setRows] = useState<Goods[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<Status>('loading')
  const [sheet, setSheet] = useState<'region' | 'filter' | null>(null)
  const latest = useRef(0)
  const busy = useRef(true)

  const fetchPage = useCallback(
    (f: ListFilters, pageNum: number) => {
      const call = ++latest.current
      busy.current = true
      return listGoods(buildListQuery({ gameId, rentable }, f, pageNum)).then(
        (result) => {
          if (call !== latest.current) return
          busy.current = false
          setRows((list) => (pageNum === 1 ? result.rows : appendUnique(list, result.rows)))
          setTotal(result.total)
          setPage(pageNum)
          setStatus('idle')
        },
        () => {
          if (call !== latest.current) return
          busy.current = false
          setStatus('error')
        },
      )
    },
    [gameId, rentable],
  )

  useEffect(() => {
    void fetchPage(filters, 1)
    // Only the first page on entry; later loads follow the visitor's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!gameId) return
    rememberGame(gameId)
    allGames().then(
      (games) => setGame(games.find((g) => g.id === gameId) ?? null),
      () => undefined,
    )
    fetchTemplate(gameId).then(
      (result) => setFields(result.data.fields),
      () => undefined,
    )
  }, [gameId])

  const apply = (next: ListFilters) => {
    setFilters(next)
    setKeyword(next.keyword)
    setRows([])
    setTotal(0)
    setPage(0)
    setStatus('loading')
    void Taro.pageScrollTo({ scrollTop: 0, duration: 0 })
    void fetchPage(next, 1)
  }
  const patch = (change: Partial<ListFilters>) => apply({ ...filters, ...change })

  const hasMore = rows.length < total
  const loadMore = () => {
    if (busy.current || !hasMore || status !== 'idle') return
    setStatus('loading')
    void fetchPage(filters, page + 1)
  }
  const retry = () => {
    setStatus('loading')
    void fetchPage(filters, rows.length ? page + 1 : 1)
  }
  useReachBottom(loadMore)
  // Pulled down: the same filters from the first page (new listings, prices changed meanwhile).
  usePullDownRefresh(() => void fetchPage(filters, 1).finally(() => Taro.stopPullDownRefresh()))

  const setSort = (sort: GoodsSort) => sort !== filters.sort && patch({ sort })
  const chips = activeChips(filters, fields, game, rentable)
  const sheetCount = sheetFilterCount(filters)
  // The hire list orders by what a renter pays: the hourly rent, not the sale price.
  const [low, high]: GoodsSort[] = rentable ? ['rent_asc', 'rent_desc'] : ['price_asc', 'price_desc']
  const priceLabel = rentable ? '租金' : '价格'
  const priceSort = filters.sort === low || filters.sort === high
  const timeSort = filters.sort === 'time_desc' || filters.sort === 'time_asc'

  return (
    <View className="good-list">
      <PullRefresh onRefresh={() => fetchPage(filters, 1)} />
      <View className="good-list__bar">
        <View className="good-list__search">
          <Icon name="search" size={32} />
          <Input
            className="good-list__input"
            value={keyword}
            placeholder={game ? `在 ${game.name} 中搜索` : '搜索账号标题或描述'}
            placeholderClass="good-list__placeholder"
            confirmType="search"
            aria-label="搜索关键词"
            onInput={(e) => setKeyword(e.detail.value)}
            onConfirm={() => patch({ keyword })}
          />
          <View className="good-list__search-go" role="button" onClick={() => patch({ keyword })}>
            <Text>搜索</Text>
          </View>
        </View>
        <View className="good-list__tools" role="toolbar">
          {game && (
            <Tool
              label={filters.region.length ? filters.region[filters.region.length - 1].name : '区服'}
              accessibleName="选择区服"
              on={filters.region.length > 0}
              onClick={() => setSheet('region')}
            >
              <GlyphIcon name="down" size={24} />
            </Tool>
          )}
          <Tool label="综合" on={filters.sort === 'default'} onClick={() => setSort('default')} />
          <Tool
            label={filters.sort === 'time_asc' ? '最早' : '最新'}
            accessibleName="按时间排序"
            on={timeSort}
            onClick={() => setSort(filters.sort === 'time_desc' ? 'time_asc' : 'time_desc')}
          />
          <Tool
            label={priceLabel}
            accessibleName={
              filters.sort === low
                ? `${priceLabel}从低到高`
                : filters.sort === high
                  ? `${priceLabel}从高到低`
                  : `按${priceLabel}排序`
            }
            on={priceSort}
            onClick={() => setSort(filters.sort === low ? high : low)}
          >
            <View className="good-list__arrows">
              <GlyphIcon name="up" size={20} className={filters.sort === low ? 'good-list__arrow--on' : ''} />
              <GlyphIcon name="down" size={20} className={filters.sort === high ? 'good-list__arrow--on' : ''} />
            </View>
          </Tool>
          <Tool label="筛选" accessibleName="筛选" on={sheetCount > 0} onClick={() => setSheet('filter')}>
            {sheetCount > 0 ? (
              <Text className="good-list__count">{sheetCount}</Text>
            ) : (
              <GlyphIcon name="filter" size={26} />
            )}
          </Tool>
        </View>
        {chips.length > 0 && (
          <ScrollView className="good-list__chips" scrollX>
            <View className="good-list__chips-row">
              {chips.map((chip) => (
                <View
                  key={chip.key}
                  className="good-list__chip"
                  role="button"
                  aria-label={`移除筛选 ${chip.label}`}
                  onClick={() => patch(chip.change)}
                >
                  <Text>{chip.label}</Text>
                  <Icon name="close" size={22} />
                </View>
              ))}
              <View
                className="good-list__chip good-list__chip--clear"
                role="button"
                onClick={() => apply({ ...initialFilters({}), sort: filters.sort })}
              >
                <Text>清空</Text>
              </View>
            </View>
          </ScrollView>
        )}
      </View>

      <View className="good-list__summary">
        <Text>
          {game ? `${game.name} · ` : ''}
          {status === 'loading' && page === 0 ? '正在查找账号…' : `共 ${cappedTotal(total)} 个在售账号`}
        </Text>
        {rentable && <Text className="good-list__mode">租号专区</Text>}
        <Subscribe
          key={JSON.stringify(filters)}
          title={[game?.name ?? '全部游戏', rentable ? '租号' : '', ...chips.map((chip) => chip.label)]
            .filter(Boolean)
            .join(' · ')}
          filters={() => searchFiltersOf({ gameId, rentable }, filters)}
        />
      </View>

      {page === 0 && status === 'loading' ? (
        <GoodsCardSkeleton count={5} />
      ) : page === 0 && status === 'error' ? (
        <EmptyState text="账号列表加载失败，请检查网络" action={{ label: '重试', onClick: retry }} />
      ) : rows.length === 0 ? (
        <EmptyState
          text={chips.length ? '没有符合条件的账号，换个条件试试' : '这个游戏暂时没有在售账号'}
          action={
            chips.length
              ? { label: '清空筛选', onClick: () => apply({ ...initialFilters({}), sort: filters.sort }) }
              : { label: '看看其他游戏', onClick: () => void openPage('accountOrder') }
          }
        />
      ) : (
        <>
          <VirtualList
            items={rows}
            rowHeight={GOODS_ROW_HEIGHT}
            itemKey={(g) => g.id}
            renderItem={(g) => (
              <GoodsCard goods={g} {...(rentable && g.rent ? rentCard(g.rent) : {})} onClick={() => onOpen(g.id)} />
            )}
            onEndReached={loadMore}
          />
          <ListFooter status={status} hasMore={hasMore} onMore={loadMore} onRetry={retry} />
        </>
      )}

      {sheet === 'region' && game && (
        <RegionCascade
          gameId={game.id}
          gameType={game.type}
          value={filters.region}
          onChange={(region) => patch({ region })}
          onClose={() => setSheet(null)}
        />
      )}
      {sheet === 'filter' && (
        <FilterSheet
          fields={fields}
          value={filters}
          rentable={rentable}
          onApply={(change) => patch(change)}
          onClose={() => setSheet(null)}
        />
      )}
    </View>
  )
}

interface ToolProps {
  label: string
  accessibleName?: string
  on: boolean
  onClick: () => void
  children?: ReactNode
}

function Tool({ label, accessibleName, on, onClick, children }: ToolProps) {
  return (
    <View
      className={`good-list__tool${on ? ' good-list__tool--on' : ''}`}
      role="button"
      aria-label={accessibleName ?? label}
      aria-pressed={on}
      onClick={onClick}
    >
      <Text className="good-list__tool-label">{label}</Text>
      {children}
    </View>
  )
}

/**
 * 订阅: saves the list's filters; once a day the user is told of the listings put on sale since that match.
 * Keyed on the filters: changed filters are a new search to subscribe to.
 */
function Subscribe({ title, filters }: { title: string; filters: () => SearchFilters }) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle')
  const subscribe = async () => {
    if (state !== 'idle') return
    if (!readToken()) return void replacePage('login', { redirect: currentPageUrl() })
    setState('saving')
    try {
      await saveSearch({ title: title.slice(0, 60), filters: filters() })
      setState('saved')
      void Taro.showToast({ title: '已订阅，每天有新上架会发消息提醒你', icon: 'none' })
    } catch (error) {
      setState('idle')
      if (!(error instanceof ApiError && error.code === 401)) toastError(error, '订阅失败，请重试')
    }
  }
  return (
    <View
      className={`good-list__subscribe${state === 'saved' ? ' good-list__subscribe--on' : ''}`}
      role="button"
      aria-label={state === 'saved' ? '已订阅此搜索' : '订阅此搜索的新上架'}
      aria-disabled={state !== 'idle'}
      onClick={() => void subscribe()}
    >
      <GlyphIcon name="bell" size={24} />
      <Text>{state === 'saved' ? '已订阅' : '订阅新上架'}</Text>
    </View>
  )
}

/** The filters in force as removable chips: each with the change that removes it. */
function activeChips(filters: ListFilters, fields: AttributeField[], game: Game | null, rentable: boolean) {
  const chips: { key: string; label: string; change: Partial<ListFilters> }[] = []
  if (filters.keyword.trim()) {
    chips.push({ key: 'keyword', label: `“${filters.keyword.trim()}”`, change: { keyword: '' } })
  }
  if (filters.region.length && game) {
    chips.push({
      key: 'region',
      label: `${REGION_LEVELS[game.type][0]}：${regionLabel(filters.region, game.type)}`,
      change: { region: [] },
    })
  }
  for (const [key, value] of Object.entries(filters.attributes)) {
    const field = fields.find((f) => f.key === key)
    if (!field || !isActiveFilter(value)) continue
    const attributes = { ...filters.attributes }
    delete attributes[key]
    chips.push({ key: `attr-${key}`, label: describeFilter(field, value), change: { attributes } })
  }
  if (filters.priceMin !== undefined || filters.priceMax !== undefined) {
    const yuan = (fen?: number) => (fen === undefined ? undefined : fen / 100)
    const { label, unit } = amountFilter(rentable)
    chips.push({
      key: 'price',
      label: `${label}：${describeRange({ min: yuan(filters.priceMin), max: yuan(filters.priceMax) }, unit)}`,
      change: { priceMin: undefined, priceMax: undefined },
    })
  }
  if (filters.accountType) {
    chips.push({ key: 'type', label: ACCOUNT_TYPE_LABEL[filters.accountType], change: { accountType: undefined } })
  }
  if (filters.specialOffer) {
    chips.push({ key: 'special', label: '特价捡漏', change: { specialOffer: false } })
  }
  return chips
}
