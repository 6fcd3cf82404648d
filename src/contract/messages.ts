/** Payloads and results of the message calls (API.md, "Messages, feedback"). Type-only on the client. */

export type MessageType =
  | 'audit_passed'
  | 'audit_failed'
  | 'order_paid'
  | 'handed_over'
  | 'sold'
  | 'cancelled'
  | 'completed'
  | 'refunded'
  | 'quote'
  | 'system'

export interface Message {
  id: number
  type: MessageType
  title: string
  content: string
  relatedType: 'order' | 'goods' | 'request' | null
  relatedId: number | null
  /** null while unread. */
  readAt: string | null
  createdAt: string
}

/** GET /need/message/list: `read` filters (true = read only, false = unread only). */
export interface MessageListQuery {
  read?: boolean
  pageNum: number
  pageSize: number
}

/** The message list: a page plus the caller's unread count over all pages. */
export interface MessagePage {
  code: number
  msg: string
  rows: Message[]
  total: number
  data: { unread: number }
}
