/** Payloads and results of the message calls (API.md, "Messages, feedback"). */
import { Type, type Static } from 'typebox'
import type { ApiTable } from './envelope'
import { Id, literals, Nullable, NullableTime, pageParams, Time } from './schemas'

export const MessageType = literals([
  'audit_passed',
  'audit_failed',
  'order_paid',
  'handed_over',
  'sold',
  'cancelled',
  'completed',
  'refunded',
  'quote',
  'price_drop',
  'new_listings',
  'rental',
  'system',
] as const)
export type MessageType = Static<typeof MessageType>

/** What a message is about, which its link opens. */
const RELATED_TYPES = [
  'order',
  'goods',
  'listing',
  'request',
  'quote',
  'appraisal',
  'aftersale',
  'claim',
  'search',
  'rental',
  'escrow',
] as const

export const Message = Type.Object({
  id: Type.Integer(),
  type: MessageType,
  title: Type.String(),
  content: Type.String(),
  relatedType: Nullable(
    literals(RELATED_TYPES, {
      description:
        'order / goods / listing（我的代售里的商品）/ request / quote（号商的报价）/ appraisal / aftersale / claim（包赔）/ search（搜索订阅）/ rental（租号）/ escrow（中介担保）；null 为系统消息',
    }),
  ),
  relatedId: Nullable(Type.Integer()),
  /** null while unread. */
  readAt: NullableTime,
  createdAt: Time,
})
export type Message = Static<typeof Message>

export const MessageId = Type.Object({ id: Id('消息编号') })

/** GET /need/message/list: `read` filters (true = read only, false = unread only). */
export const MessageListQuery = Type.Object({
  read: Type.Optional(Type.Boolean({ title: '已读', description: 'true 只看已读，false 只看未读' })),
  ...pageParams,
})
export type MessageListQuery = Static<typeof MessageListQuery>

/** The caller's unread count over all pages, beside the page of messages. */
export const UnreadCount = Type.Object({ unread: Type.Integer() })

/** The message list: a page plus the caller's unread count. */
export type MessagePage = ApiTable<Message> & { data: Static<typeof UnreadCount> }
