/**
 * An order's 交易群 in the console: the whole room as staff read it (contact details unmasked), new messages
 * live over /api/ws (the staff token in the first frame, then `watch` this room; a dropped line comes back and
 * fetches what it missed, a refused one only while the session holds), and staff's own messages — sent under
 * their public number, audited by the server.
 */
import type { DealMessage, DealRoomPage, DealSocketIn, DealSocketOut } from '@contract/dealRoom'
import type { StaffMe } from '@contract/staff'
import { DEAL_CARD_TEXT } from '@contract/constants'
import { App, Button, Empty, Image, Input, Space, Tag, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiError, readToken } from '../api'
import { dateTime } from '../format'
import { Section } from './Section'
import './DealRoomPanel.css'

const ROLE_COLORS = { buyer: 'blue', seller: 'purple', staff: 'gold', system: 'default' } as const
const RECONNECT_MS = 3_000
const PING_MS = 25_000
/** The server's close code for a socket without a session in force. */
const UNAUTHORIZED = 4401

/** Follows one room live: `onMessage` for each new message, `onBack` after a reconnect; answers a stop function. */
function followRoom(orderId: number, onMessage: (message: DealMessage) => void, onBack: () => void): () => void {
  let socket: WebSocket | null = null
  let stopped = false
  let ping: ReturnType<typeof setInterval> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let opened = false
  const open = () => {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`)
    const send = (frame: DealSocketIn) => socket?.send(JSON.stringify(frame))
    socket.onopen = () => send({ type: 'auth', token: readToken() ?? '' })
    socket.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as DealSocketOut
      if (frame.type === 'ready') {
        // Signed in, or told to catch up (the server may have missed messages): watch, keep alive, fetch.
        send({ type: 'watch', orderId })
        clearInterval(ping)
        ping = setInterval(() => send({ type: 'ping' }), PING_MS)
        if (opened) onBack()
        opened = true
      } else if (frame.type === 'message' && frame.orderId === orderId) onMessage(frame.message)
    }
    socket.onclose = (event) => {
      clearInterval(ping)
      if (stopped) return
      const again = () => {
        if (!stopped) retry = setTimeout(open, RECONNECT_MS)
      }
      // Refused: the session has ended (signed out elsewhere, expired). Asking the API brings the console's
      // sign-in back with the reason, instead of knocking with the same token every few seconds.
      if (event.code === UNAUTHORIZED) api.get<StaffMe>('/admin/me').then(again, () => undefined)
      else again()
    }
  }
  open()
  return () => {
    stopped = true
    clearTimeout(retry)
    clearInterval(ping)
    socket?.close()
  }
}

export function DealRoomPanel({ orderId, onCard }: { orderId: number; onCard?: () => void }) {
  const { message: toast } = App.useApp()
  const [messages, setMessages] = useState<DealMessage[]>([])
  const [problem, setProblem] = useState('')
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const newest = useRef(0)
  const list = useRef<HTMLDivElement>(null)
  const onCardRef = useRef(onCard)
  useEffect(() => {
    onCardRef.current = onCard
  })

  const merge = useCallback((incoming: DealMessage[]) => {
    if (incoming.length === 0) return
    newest.current = Math.max(newest.current, ...incoming.map((m) => m.id))
    setMessages((known) => {
      const byId = new Map(known.map((m) => [m.id, m]))
      for (const m of incoming) byId.set(m.id, m)
      return [...byId.values()].sort((a, b) => a.id - b.id)
    })
  }, [])

  useEffect(() => {
    const path = `/admin/orders/${orderId}/messages`
    api.get<DealRoomPage>(path, { limit: 100 }).then(
      (page) => merge(page.messages),
      (error) => setProblem(error instanceof ApiError ? error.message : '交易群加载失败'),
    )
    return followRoom(
      orderId,
      (message) => {
        merge([message])
        if (message.kind === 'card') onCardRef.current?.()
      },
      () =>
        void api.get<DealRoomPage>(path, { after: newest.current, limit: 100 }).then(
          (page) => merge(page.messages),
          () => undefined,
        ),
    )
  }, [orderId, merge])

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [messages.length])

  const send = async () => {
    const text = draft.trim()
    if (!text || sending) return
    setSending(true)
    try {
      const clientId = `console-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
      merge([await api.post<DealMessage>(`/admin/orders/${orderId}/messages`, { clientId, text })])
      setDraft('')
    } catch (error) {
      void toast.error(error instanceof ApiError ? error.message : '发送失败，请重试')
    } finally {
      setSending(false)
    }
  }

  return (
    <Section title="交易群">
      {problem ? (
        <Typography.Text type="secondary">{problem}</Typography.Text>
      ) : (
        <>
          <div ref={list} className="deal-room-panel" role="log" aria-label="交易群消息">
            {messages.length === 0 && <Empty description="还没有消息" />}
            {messages.map((m) => (
              <Line key={m.id} message={m} />
            ))}
          </div>
          <Space.Compact style={{ width: '100%', marginTop: 12 }}>
            <Input.TextArea
              aria-label="群消息"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={(e) => {
                if (!e.shiftKey) {
                  e.preventDefault()
                  void send()
                }
              }}
              maxLength={1000}
              autoSize={{ minRows: 1, maxRows: 4 }}
              placeholder="以客服身份发言（带工号认证标识），Enter 发送"
            />
            <Button type="primary" loading={sending} disabled={!draft.trim()} onClick={() => void send()}>
              发送
            </Button>
          </Space.Compact>
        </>
      )}
    </Section>
  )
}

function Line({ message }: { message: DealMessage }) {
  if (message.kind === 'card' || message.kind === 'warning')
    return (
      <div className="deal-room-panel__card">
        <Typography.Text type={message.kind === 'warning' ? 'warning' : 'secondary'}>
          {message.card ? DEAL_CARD_TEXT[message.card.event] : message.text}
          {message.card && message.text ? `：${message.text}` : ''} · {dateTime(message.createdAt)}
        </Typography.Text>
      </div>
    )
  return (
    <div className="deal-room-panel__line">
      <Space size={6}>
        <Tag color={ROLE_COLORS[message.sender.role]}>{message.sender.name}</Tag>
        <Typography.Text type="secondary">{dateTime(message.createdAt)}</Typography.Text>
      </Space>
      <div className="deal-room-panel__text">
        {message.imageUrl ? <Image src={message.imageUrl} width={120} alt="聊天图片" /> : message.text}
      </div>
    </div>
  )
}
