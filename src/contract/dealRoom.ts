/**
 * 交易群, the deal room of an order (API.md, "Orders and payment"): its buyer, its seller (none for 自营) and
 * the staff who handle it talk from payment on; every step of the order shows as a card. History and sending
 * over HTTP, live delivery over the WebSocket at /api/ws. Times are ISO-8601.
 */
import { Type, type Static } from 'typebox'
import { OrderAction, OrderStatus } from './orders'
import { RentalStatus } from './rentals'
import { Body, Id, literals, Nullable, NullableTime, Time } from './schemas'

/** A message's words at most; longer ones are refused. */
export const DEAL_MESSAGE_MAX_CHARS = 1000

export const DealRole = literals(['buyer', 'seller', 'staff', 'system'] as const)
export type DealRole = Static<typeof DealRole>

/** What a card says happened: an order event, a step of its after-sale case or of its rental (its text then says more). */
export const DealCardEvent = literals([
  'pay',
  'payBalance',
  'handOver',
  'confirm',
  'refund',
  'aftersaleOpen',
  'aftersaleReply',
  'aftersaleEscalate',
  'aftersaleDecide',
  'rentalStart',
  'rentalRenew',
  'rentalReturn',
  'rentalComplain',
  'rentalSettle',
] as const)
export type DealCardEvent = Static<typeof DealCardEvent>

export const DealMessage = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  kind: literals(['text', 'image', 'card', 'warning'] as const),
  sender: Type.Object({
    role: DealRole,
    /** What the room calls them: 买家, 卖家, 客服 + their public number. */
    name: Type.String(),
    /** Staff only: the public number that 客服验证 confirms. */
    staffNo: Nullable(Type.String()),
  }),
  /** The viewer's own messages and staff see what was written; the other party sees contact details masked. */
  text: Type.String(),
  imageUrl: Nullable(Type.String()),
  /** Contact details were masked in what this viewer sees. */
  masked: Type.Boolean(),
  /** Cards: the order event, and what the viewer may do about the order now (the same as orderDetail's). */
  card: Nullable(Type.Object({ event: DealCardEvent, actions: Type.Array(OrderAction) })),
  /** The sender's own id for the message (sending it again changes nothing). */
  clientId: Nullable(Type.String()),
  createdAt: Time,
})
export type DealMessage = Static<typeof DealMessage>

/** GET /need/myOrder/{id}/messages: the latest `limit` before message `before` (or the latest), oldest first. */
export const DealMessagesQuery = Type.Object({
  before: Type.Optional(Id('消息编号')),
  after: Type.Optional(Type.Integer({ title: '消息编号', minimum: 0 })),
  limit: Type.Optional(Type.Integer({ title: '条数', minimum: 1, maximum: 100 })),
})
export type DealMessagesQuery = Static<typeof DealMessagesQuery>

/** POST /need/myOrder/{id}/messages: words or a picture from the upload path, once per `clientId`. */
export const SendDealMessage = Body({
  clientId: Type.String({ title: '消息标识', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  text: Type.Optional(Type.String({ title: '消息内容', minLength: 1, maxLength: DEAL_MESSAGE_MAX_CHARS })),
  imageUrl: Type.Optional(Type.String({ title: '图片', minLength: 1, maxLength: 200 })),
})
export type SendDealMessage = Static<typeof SendDealMessage>

/** The deal a room is about, as its header shows it. */
export const DealRoomOrder = Type.Object({
  id: Type.Integer(),
  no: Type.String(),
  title: Type.String(),
  coverImage: Type.String(),
  status: OrderStatus,
  /** The reader's place: buyer, seller or staff. */
  role: DealRole,
})
export type DealRoomOrder = Static<typeof DealRoomOrder>

/** A page of a room: its messages, and who is in it. */
export const DealRoomPage = Type.Object({
  order: DealRoomOrder,
  messages: Type.Array(DealMessage),
  /** Older messages remain (ask with `before` = the first id). */
  more: Type.Boolean(),
  members: Type.Array(DealRole),
  /** The order's latest after-sale case, if any (GET /need/aftersale/{id}; staff: /admin/aftersale/{id}). */
  aftersaleId: Nullable(Type.Integer()),
  /** The rental (租号) a rental's room is about: its state and, while it runs, when it ends. */
  rental: Nullable(Type.Object({ id: Type.Integer(), status: RentalStatus, endAt: NullableTime })),
})
export type DealRoomPage = Static<typeof DealRoomPage>

/** GET /need/dealRooms: the user's rooms (as buyer or seller), the latest message first, with what is unread. */
export const DealRoomSummary = Type.Object({
  order: DealRoomOrder,
  unread: Type.Integer(),
  last: Nullable(DealMessage),
})
export type DealRoomSummary = Static<typeof DealRoomSummary>

/** The WebSocket's frames, client → server: the token first, then pings (and staff watching a room). */
export type DealSocketIn = { type: 'auth'; token: string } | { type: 'ping' } | { type: 'watch'; orderId: number }

/**
 * Server → client. `ready`: signed in — and again whenever the server may have missed messages (its line to the
 * other instances broke); either way the client fetches what it missed with `after=`.
 */
export type DealSocketOut =
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'message'; orderId: number; message: DealMessage }
  | { type: 'error'; message: string }
