/**
 * The deal rooms' live line: one WebSocket (Taro.connectSocket, so the H5 and the mini-programs share it) for
 * every room a page follows. The token goes in the first frame, never in the address; a ping every 25 s keeps
 * it open; a dropped line comes back with growing waits (1 s … 30 s) and, once signed in again, tells each
 * room to fetch what it missed. A refused token (4401) is not retried: the rooms fetch once more, and a session that
 * has ended shows as the sign-in.
 */
import Taro from '@tarojs/taro'
import type { DealMessage, DealSocketIn, DealSocketOut } from '@/contract/dealRoom'
import { readToken } from '@/store'
import { socketUrl } from '@/utils/socketUrl'

interface Follower {
  orderId: number
  onMessage: (message: DealMessage) => void
  /** After each (re)connection: fetch what may have been missed. */
  onResync: () => void
}

const PING_EVERY_MS = 25_000
const MAX_WAIT_MS = 30_000
const UNAUTHORIZED = 4401

const followers = new Set<Follower>()
let task: Taro.SocketTask | null = null
let connecting = false
let attempt = 0
let pingTimer: ReturnType<typeof setInterval> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined

const send = (frame: DealSocketIn) => task?.send({ data: JSON.stringify(frame) })

function receive(frame: DealSocketOut) {
  if (frame.type === 'ready') {
    attempt = 0
    clearInterval(pingTimer)
    pingTimer = setInterval(() => send({ type: 'ping' }), PING_EVERY_MS)
    for (const follower of followers) follower.onResync()
  } else if (frame.type === 'message') {
    for (const follower of followers) if (follower.orderId === frame.orderId) follower.onMessage(frame.message)
  }
}

function retry() {
  if (followers.size === 0 || retryTimer) return
  const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** attempt++)
  retryTimer = setTimeout(() => {
    retryTimer = undefined
    connect()
  }, wait)
}

function connect() {
  const token = readToken()
  if (task || connecting || followers.size === 0 || !token) return
  connecting = true
  Taro.connectSocket({ url: socketUrl() }).then(
    (opened) => {
      connecting = false
      task = opened
      opened.onOpen(() => send({ type: 'auth', token }))
      opened.onMessage(({ data }) => receive(JSON.parse(String(data)) as DealSocketOut))
      opened.onClose(({ code }) => {
        if (task === opened) task = null
        clearInterval(pingTimer)
        // Refused: the session has ended (signed out elsewhere, expired). Each room asks for what it missed, and
        // that request's 401 signs the app out and asks the user to sign in again.
        if (code === UNAUTHORIZED) for (const follower of followers) follower.onResync()
        else retry()
      })
    },
    () => {
      connecting = false
      retry()
    },
  )
}

/** Follows one room live until the returned stop is called; the line closes when nobody follows. */
export function followRoom(
  orderId: number,
  onMessage: Follower['onMessage'],
  onResync: Follower['onResync'],
): () => void {
  const follower = { orderId, onMessage, onResync }
  followers.add(follower)
  connect()
  return () => {
    followers.delete(follower)
    if (followers.size > 0) return
    clearTimeout(retryTimer)
    retryTimer = undefined
    const closing = task
    task = null
    void closing?.close({})
  }
}
