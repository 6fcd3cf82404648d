import Taro from '@tarojs/taro'
import { listGames } from '@/api/catalogue'
import type { Game } from '@/contract/catalogue'
import { openPage } from '@/navigation'
import { setState } from '@/store'

/** Games the visitor opened lately, newest first, kept on the device (home's 最近浏览 tab). */
export const RECENT_GAMES_KEY = 'recentGames'
export const RECENT_GAMES_MAX = 8

export function readRecentGameIds(): number[] {
  const stored: unknown = Taro.getStorageSync(RECENT_GAMES_KEY)
  return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : []
}

export function rememberGame(gameId: number): void {
  const ids = [gameId, ...readRecentGameIds().filter((id) => id !== gameId)].slice(0, RECENT_GAMES_MAX)
  Taro.setStorageSync(RECENT_GAMES_KEY, ids)
}

/** The recent ids as games, in the order they were opened (ids no longer in the catalogue are skipped). */
export function recentGames(games: Game[]): Game[] {
  const byId = new Map(games.map((g) => [g.id, g]))
  return readRecentGameIds()
    .map((id) => byId.get(id))
    .filter((g): g is Game => Boolean(g))
}

const GAMES_TTL = 60_000
let cached: { at: number; games: Promise<Game[]> } | null = null

/** The whole game list, shared by the pages that need a game's name and type; refetched after a minute. */
export function allGames(): Promise<Game[]> {
  if (!cached || Date.now() - cached.at > GAMES_TTL) {
    const games = listGames().then((r) => r.data)
    cached = { at: Date.now(), games }
    games.catch(() => (cached = null))
  }
  return cached.games
}

/** Forget the cached list (tests, or after a catalogue change). */
export function clearGameCache(): void {
  cached = null
}

/** Opens a game's goods list; the store keeps its name, as the seed's global state does. */
export function openGame(game: Game, searchText?: string): void {
  setState({ currentGameName: game.name })
  void openPage('goodList', { gameId: game.id, searchText })
}
