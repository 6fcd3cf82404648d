import { useSyncExternalStore } from 'react'
import Taro from '@tarojs/taro'
import type { UserProfile } from '@/contract/user'

/** Global client state (seed §3). The token also lives in storage, where the request wrapper reads it. */
export interface AppState {
  currentGameName: string
  searchText: string
  gameTypeList: { label: string; value: string }[]
  profile: UserProfile | null
  token: string
  /** The signed-in user's unread messages (the 消息 tab's badge, with the rooms'). */
  unreadMessages: number
  /** Unread messages in the user's 交易群. */
  unreadRooms: number
}

export const TOKEN_KEY = 'token'

let state: AppState = {
  currentGameName: '',
  searchText: '',
  gameTypeList: [],
  profile: null,
  token: '',
  unreadMessages: 0,
  unreadRooms: 0,
}
const listeners = new Set<() => void>()

export function getState(): AppState {
  return state
}

export function setState(patch: Partial<AppState>): void {
  state = { ...state, ...patch }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Subscribes a component to one slice of the state. */
export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state))
}

export function readToken(): string {
  const token: unknown = Taro.getStorageSync(TOKEN_KEY)
  return typeof token === 'string' ? token : ''
}

/** Picks up a token left in storage by an earlier visit. */
export function restoreSession(): void {
  setState({ token: readToken() })
}

export function saveToken(token: string): void {
  Taro.setStorageSync(TOKEN_KEY, token)
  setState({ token })
}

/** Forgets the signed-in user: storage is cleared (seed §4) and the session part of the state reset. */
export function clearSession(): void {
  Taro.clearStorageSync()
  setState({ token: '', profile: null, unreadMessages: 0, unreadRooms: 0 })
}
