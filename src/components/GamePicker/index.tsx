import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Input, Text, View, type CommonEvent, type ITouchEvent } from '@tarojs/components'
import { allGames } from '@/utils/games'
import EmptyState from '@/components/EmptyState'
import GameIcon from '@/components/GameIcon'
import Icon from '@/components/Icon'
import Skeleton from '@/components/Skeleton'
import Tabs from '@/components/Tabs'
import { useScrollPageTo } from '@/utils/scroll'
import { usePageQuery } from '@/utils/selectorQuery'
import type { Game, GameType } from '@/contract/catalogue'
import './index.scss'

type TypeTab = 'all' | GameType

const TYPE_TABS: { value: TypeTab; label: string }[] = [
  { value: 'all', label: '全部游戏' },
  { value: 'mobile', label: '手游' },
  { value: 'pc', label: '端游' },
]

export const GAME_TYPE_LABEL: Record<GameType, string> = { mobile: '手游', pc: '端游' }

/** Games grouped by pinyin initial, A–Z, each group in the catalogue's own order. */
export function groupByInitial(games: Game[]): { letter: string; games: Game[] }[] {
  const groups = new Map<string, Game[]>()
  for (const game of games) {
    const letter = /^[A-Z]$/.test(game.initial) ? game.initial : '#'
    groups.set(letter, [...(groups.get(letter) ?? []), game])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, games: list.sort((x, y) => x.sort - y.sort || x.id - y.id) }))
}

let instances = 0

interface GamePickerProps {
  onPick: (game: Game) => void
  /** Opened from a search box elsewhere (the brand bar's): the cursor is in the search at once. */
  autoFocus?: boolean
  /** Shown under each name; defaults to the on-sale count. */
  caption?: (game: Game) => string
}

/** Choose a game: search by name, 手游/端游 tabs, A–Z sections with a side index, on-sale counts. */
export default function GamePicker({ onPick, caption, autoFocus }: GamePickerProps) {
  const [prefix] = useState(() => `game-picker-${++instances}`)
  const [games, setGames] = useState<Game[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [tab, setTab] = useState<TypeTab>('all')
  const [search, setSearch] = useState('')

  const load = useCallback(
    () =>
      allGames().then(
        (list) => setGames(list),
        () => setFailed(true),
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])
  const retry = () => {
    setFailed(false)
    void load()
  }

  const groups = useMemo(() => {
    const text = search.trim().toLowerCase()
    const shown = (games ?? []).filter(
      (g) =>
        (tab === 'all' || g.type === tab) &&
        (!text || g.name.toLowerCase().includes(text) || g.initial.toLowerCase() === text),
    )
    return groupByInitial(shown)
  }, [games, tab, search])

  /** Scrolls the page so the letter's section starts right under the sticky search bar. */
  const scrollPageTo = useScrollPageTo()
  const jumpTo = (letter: string) => scrollPageTo(`#${prefix}-${letter}`, `#${prefix}-bar`)

  const caption_ = caption ?? ((g: Game) => `${g.onSaleCount} 个在售`)
  return (
    <View className="game-picker">
      <View className="game-picker__bar" id={`${prefix}-bar`}>
        <View className="game-picker__search">
          <Icon name="search" size={32} />
          <Input
            className="game-picker__input"
            value={search}
            placeholder="搜索游戏名称或首字母"
            placeholderClass="game-picker__placeholder"
            aria-label="搜索游戏"
            focus={autoFocus}
            confirmType="search"
            onInput={(e) => setSearch(e.detail.value)}
          />
          {search && (
            <View className="game-picker__clear" role="button" aria-label="清除搜索" onClick={() => setSearch('')}>
              <Icon name="close" size={28} />
            </View>
          )}
        </View>
        <Tabs tabs={TYPE_TABS} value={tab} onChange={setTab} />
      </View>
      {failed ? (
        <EmptyState text="游戏列表加载失败" action={{ label: '重试', onClick: retry }} />
      ) : games === null ? (
        <View className="game-picker__loading" aria-label="加载中">
          {Array.from({ length: 6 }, (_, i) => (
            <View key={i} className="game-picker__row">
              <Skeleton className="game-picker__skeleton-icon" />
              <Skeleton className="game-picker__skeleton-text" />
            </View>
          ))}
        </View>
      ) : groups.length === 0 ? (
        <EmptyState
          text={search ? `没有找到“${search}”相关的游戏` : '暂无游戏'}
          action={search ? { label: '清除搜索', onClick: () => setSearch('') } : undefined}
        />
      ) : (
        <View className="game-picker__list">
          {groups.map((group) => (
            <View key={group.letter} id={`${prefix}-${group.letter}`} className="game-picker__group">
              <Text className="game-picker__letter">{group.letter}</Text>
              {group.games.map((game) => (
                <View
                  key={game.id}
                  className="game-picker__row"
                  role="button"
                  aria-label={game.name}
                  onClick={() => onPick(game)}
                >
                  <GameIcon game={game} size={72} />
                  <View className="game-picker__info">
                    <View className="game-picker__name-line">
                      <Text className="game-picker__name">{game.name}</Text>
                      {game.hot && <Text className="game-picker__hot">热门</Text>}
                    </View>
                    <Text className="game-picker__caption">
                      {GAME_TYPE_LABEL[game.type]} · {caption_(game)}
                    </Text>
                  </View>
                  <Icon name="right" size={32} className="game-picker__arrow" />
                </View>
              ))}
            </View>
          ))}
          <View className="game-picker__rail">
            <LetterIndex id={`${prefix}-index`} letters={groups.map((g) => g.letter)} onLetter={jumpTo} />
          </View>
        </View>
      )}
    </View>
  )
}

/** Where a tap or a finger is, on the screen: the first touch, or the click itself (a mouse, a mini-program tap). */
function clientYOf(e: CommonEvent): number | undefined {
  const { touches, changedTouches } = e as unknown as ITouchEvent
  return touches?.[0]?.clientY ?? changedTouches?.[0]?.clientY ?? (e as unknown as { clientY?: number }).clientY
}

interface LetterIndexProps {
  id: string
  letters: string[]
  onLetter: (letter: string) => void
}

/**
 * The A–Z side index as one strip a finger wide, tapped or slid along: the letter under the finger is jumped
 * to and shown large while the finger is down. Each letter alone would be a 22 px target, too small to hit.
 */
function LetterIndex({ id, letters, onLetter }: LetterIndexProps) {
  const strip = useRef<{ top: number; height: number } | null>(null)
  const current = useRef<string | null>(null)
  const [held, setHeld] = useState<string | null>(null)
  const pageQuery = usePageQuery()

  const pick = (clientY: number | undefined, hold: boolean) => {
    const rect = strip.current
    if (clientY === undefined || !rect || rect.height === 0) return
    const at = Math.floor(((clientY - rect.top) / rect.height) * letters.length)
    const letter = letters[Math.min(letters.length - 1, Math.max(0, at))]
    if (hold) setHeld(letter)
    if (letter === current.current) return
    current.current = letter
    onLetter(letter)
  }
  /** The strip is measured when a touch starts (the page may have moved it since), then read while it slides. */
  const measureThen = (then: () => void) =>
    pageQuery()
      .select(`#${id}`)
      .boundingClientRect()
      .exec((result) => {
        strip.current = ((result ?? [])[0] as { top: number; height: number } | null) ?? null
        then()
      })

  const start = (e: CommonEvent) => {
    const y = clientYOf(e)
    current.current = null
    measureThen(() => pick(y, true))
  }
  const release = () => setHeld(null)
  return (
    <View
      id={id}
      className="game-picker__index"
      role="button"
      aria-label="按首字母跳转"
      catchMove
      onTouchStart={start}
      onTouchMove={(e) => pick(clientYOf(e), true)}
      onTouchEnd={release}
      onTouchCancel={release}
      // A mouse (H5 on a desktop) clicks without touching; after a touch the same letter is not jumped to twice.
      onClick={(e) => {
        const y = clientYOf(e)
        measureThen(() => pick(y, false))
      }}
    >
      {letters.map((letter) => (
        <Text
          key={letter}
          className={`game-picker__index-letter${letter === held ? ' game-picker__index-letter--held' : ''}`}
        >
          {letter}
        </Text>
      ))}
      {held && (
        <View className="game-picker__bubble" aria-live="polite">
          {held}
        </View>
      )}
    </View>
  )
}
