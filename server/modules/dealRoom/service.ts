/**
 * 交易群: an order's room, open from payment on to its buyer, its seller (none for 自营) and the staff who
 * handle it. People's words are kept as written; contact details are masked for the other party (staff read
 * the original) and a warning card follows. The order's own steps are cards, written by the order machine's
 * observer in the step's transaction; each viewer reads a card with the order actions they have now.
 */
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type {
  DealCardEvent,
  DealMessage,
  DealMessagesQuery,
  DealRole,
  DealRoomOrder,
  DealRoomPage,
  DealRoomSummary,
  SendDealMessage,
} from '../../../src/contract/dealRoom'
import {
  AFTERSALE_OUTCOME_LABELS,
  AFTERSALE_REASON_LABELS,
  DEAL_ROOM_STATUSES,
  RENTAL_COMPLAINT_LABELS,
} from '../../../src/contract/constants'
import { formatPrice } from '../../../src/contract/money'
import type { Executor } from '../../db'
import { aftersaleCases, dealMessages, dealRoomReads, orders, rentals, type DealMessageRow } from '../../db/schema'
import { AppError, invalid } from '../../lib/envelope'
import { isStoredImage } from '../../lib/images'
import { staffNo } from '../../lib/staff'
import { aftersaleMachine, type AftersaleEvent, type AftersaleRow } from '../aftersale/machine'
import { answerInRoom } from '../aftersale/service'
import {
  actionableOrder,
  actionsFor,
  orderMachine,
  outerOrderId,
  type ActionableOrder,
  type OrderRow,
} from '../orders/machine'
import { rentalMachine, type RentalEvent, type RentalRow } from '../rentals/machine'
import { maskContacts } from '../../lib/masking'

/** Who reads or writes a room: staff act as the platform (a console session), anyone else as themselves. */
export interface RoomViewer {
  userId: number
  staff: boolean
}

/** The room exists from payment on. */
const OPEN: readonly OrderRow['status'][] = DEAL_ROOM_STATUSES
const DEFAULT_PAGE = 30
/** The rooms a member's list shows at most (the latest first). */
const MY_ROOMS = 50
/** One warning card per room per this long, however many contact details are typed. */
const WARNING_EVERY_MS = 10 * 60_000
const WARNING_TEXT = '为保障交易安全，请勿脱离平台交易：联系方式已对对方隐藏，场外沟通和转账不受平台担保。'

const CARD_EVENTS = new Set<string>(['pay', 'payBalance', 'handOver', 'confirm', 'refund'])

/** The viewer's place in the order's room, or a refusal that tells a stranger nothing. */
export function roleIn(order: Pick<OrderRow, 'buyerId' | 'sellerId'>, viewer: RoomViewer): DealRole | null {
  if (viewer.staff) return 'staff'
  if (order.buyerId === viewer.userId) return 'buyer'
  if (order.sellerId !== null && order.sellerId === viewer.userId) return 'seller'
  return null
}

export async function openRoom(db: Executor, orderId: number, viewer: RoomViewer) {
  const [order] = await db.select(actionableOrder).from(orders).where(eq(orders.id, orderId))
  const role = order && roleIn(order, viewer)
  if (!order || !role) throw new AppError(404, '订单不存在')
  if (!OPEN.includes(order.status)) throw new AppError(409, '付款后才能进入交易群')
  return { order, role }
}

const SENDER_NAMES: Record<Exclude<DealRole, 'staff'>, string> = { buyer: '买家', seller: '卖家', system: '系统' }

/** A message as `viewer` reads it. */
export function render(row: DealMessageRow, order: ActionableOrder, viewer: RoomViewer): DealMessage {
  const masked = row.maskedText !== null && !viewer.staff && row.senderId !== viewer.userId
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    sender: {
      role: row.senderRole,
      name: row.senderRole === 'staff' ? `客服 ${staffNo(row.senderId ?? 0)}` : SENDER_NAMES[row.senderRole],
      staffNo: row.senderRole === 'staff' && row.senderId !== null ? staffNo(row.senderId) : null,
    },
    text: masked ? row.maskedText! : row.text,
    imageUrl: row.imageUrl,
    masked,
    card: row.cardEvent
      ? { event: row.cardEvent, actions: actionsFor(order, { userId: viewer.userId, operator: viewer.staff }) }
      : null,
    clientId: row.senderId === viewer.userId ? row.clientId : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * GET …/messages: the latest page (marking the room read for its member), or the page before `before`, or
 * everything after `after` (a reconnecting client catching up), oldest first.
 */
export async function history(
  db: Executor,
  orderId: number,
  viewer: RoomViewer,
  query: DealMessagesQuery,
): Promise<DealRoomPage> {
  const { order, role } = await openRoom(db, orderId, viewer)
  const limit = query.limit ?? DEFAULT_PAGE
  const rows =
    query.after !== undefined
      ? await db
          .select()
          .from(dealMessages)
          .where(and(eq(dealMessages.orderId, orderId), gt(dealMessages.id, query.after)))
          .orderBy(asc(dealMessages.id))
          .limit(limit + 1)
      : (
          await db
            .select()
            .from(dealMessages)
            .where(
              and(
                eq(dealMessages.orderId, orderId),
                query.before === undefined ? undefined : lt(dealMessages.id, query.before),
              ),
            )
            .orderBy(desc(dealMessages.id))
            .limit(limit + 1)
        ).reverse()
  const more = rows.length > limit
  const page = query.after !== undefined ? rows.slice(0, limit) : rows.slice(rows.length - Math.min(rows.length, limit))
  const newest = page.at(-1)?.id
  if (!viewer.staff && newest !== undefined && query.before === undefined) await markRead(db, orderId, viewer, newest)
  const [latestCase] = await db
    .select({ id: aftersaleCases.id })
    .from(aftersaleCases)
    .where(eq(aftersaleCases.orderId, orderId))
    .orderBy(desc(aftersaleCases.id))
    .limit(1)
  const [rental] =
    order.rentalId === null
      ? []
      : await db
          .select({ id: rentals.id, status: rentals.status, endAt: rentals.endAt })
          .from(rentals)
          .where(eq(rentals.id, order.rentalId))
  return {
    order: roomOrder(order, role),
    messages: page.map((row) => render(row, order, viewer)),
    more,
    members: order.sellerId === null ? ['buyer', 'staff'] : ['buyer', 'seller', 'staff'],
    aftersaleId: latestCase?.id ?? null,
    rental: rental ? { ...rental, endAt: rental.endAt?.toISOString() ?? null } : null,
  }
}

const roomOrder = (order: OrderRow, role: DealRole): DealRoomOrder => ({
  id: order.id,
  no: order.no,
  title: order.goods.title,
  coverImage: order.goods.coverImage,
  status: order.status,
  role,
})

/** A member's messages they have not read: what others wrote after the last one they saw. */
const unreadOf = (userId: number) => sql<number>`(
  select count(*)::int from ${dealMessages} m
  where m.order_id = ${outerOrderId} and m.sender_id is distinct from ${userId}
    and m.id > coalesce((select r.last_read_id from ${dealRoomReads} r
                         where r.order_id = ${outerOrderId} and r.user_id = ${userId}), 0))`

/** GET /need/dealRooms: the user's open rooms, the latest message first. */
export async function myRooms(db: Executor, userId: number): Promise<DealRoomSummary[]> {
  const latest = sql<number | null>`(select max(m.id) from ${dealMessages} m where m.order_id = ${outerOrderId})`
  const rows = await db
    .select({ order: actionableOrder, unread: unreadOf(userId), latest })
    .from(orders)
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), inArray(orders.status, [...OPEN])))
    .orderBy(sql`${latest} desc nulls last`, desc(orders.id))
    .limit(MY_ROOMS)
  const lastIds = rows.flatMap((row) => (row.latest === null ? [] : [row.latest]))
  const last = lastIds.length ? await db.select().from(dealMessages).where(inArray(dealMessages.id, lastIds)) : []
  const viewer = { userId, staff: false }
  return rows.map(({ order, unread, latest: lastId }) => {
    const message = last.find((m) => m.id === lastId)
    return {
      order: roomOrder(order, roleIn(order, viewer)!),
      unread,
      last: message ? render(message, order, viewer) : null,
    }
  })
}

async function markRead(db: Executor, orderId: number, viewer: RoomViewer, lastReadId: number) {
  await db
    .insert(dealRoomReads)
    .values({ orderId, userId: viewer.userId, lastReadId })
    .onConflictDoUpdate({
      target: [dealRoomReads.orderId, dealRoomReads.userId],
      set: { lastReadId: sql`greatest(${dealRoomReads.lastReadId}, ${lastReadId})` },
    })
}

/**
 * POST …/messages: words or one of our pictures, once per `clientId` — the same send repeated answers the
 * message already written. Contact details in a member's words are masked for the other party, with a
 * warning card (at most one per room every ten minutes).
 */
export async function send(
  deps: { db: Executor; dataDir: string },
  orderId: number,
  viewer: RoomViewer,
  body: SendDealMessage,
  /** Runs in the message's transaction when it is new (staff's audit row). */
  onWritten?: (tx: Executor, id: number) => Promise<void>,
): Promise<DealMessage> {
  const { order, role } = await openRoom(deps.db, orderId, viewer)
  const text = body.text?.trim() ?? ''
  if ((text === '') === (body.imageUrl === undefined)) invalid('text', '请发送文字或一张图片')
  if (body.imageUrl !== undefined && !(await isStoredImage(deps.dataDir, body.imageUrl)))
    invalid('imageUrl', '图片必须是上传得到的地址，请重新上传')
  const guard = role === 'staff' ? { text, masked: false } : maskContacts(text)
  const row = await deps.db.transaction(async (tx) => {
    const [written] = await tx
      .insert(dealMessages)
      .values({
        orderId,
        kind: body.imageUrl ? 'image' : 'text',
        senderId: viewer.userId,
        senderRole: role,
        text,
        maskedText: guard.masked ? guard.text : null,
        imageUrl: body.imageUrl ?? null,
        clientId: body.clientId,
      })
      .onConflictDoNothing({ target: [dealMessages.senderId, dealMessages.clientId] })
      .returning()
    if (!written) {
      const [earlier] = await tx
        .select()
        .from(dealMessages)
        .where(and(eq(dealMessages.senderId, viewer.userId), eq(dealMessages.clientId, body.clientId)))
      if (earlier.orderId !== orderId) throw new AppError(409, '消息标识已用于其他订单')
      return earlier
    }
    if (guard.masked) await warnIn(tx, orderId, written.createdAt)
    // A seller writing while a case waits for their answer has answered it.
    if (role === 'seller' && text !== '') await answerInRoom(tx, orderId, viewer.userId, text, written.createdAt)
    await onWritten?.(tx, written.id)
    return written
  })
  return render(row, order, viewer)
}

async function warnIn(tx: Executor, orderId: number, now: Date) {
  const [recent] = await tx
    .select({ id: dealMessages.id })
    .from(dealMessages)
    .where(
      and(
        eq(dealMessages.orderId, orderId),
        eq(dealMessages.kind, 'warning'),
        gt(dealMessages.createdAt, new Date(now.getTime() - WARNING_EVERY_MS)),
      ),
    )
    .limit(1)
  if (!recent)
    await tx.insert(dealMessages).values({ orderId, kind: 'warning', senderRole: 'system', text: WARNING_TEXT })
}

/** The order machine's observer: each step a room shows becomes a card, in the step's own transaction. */
async function postCard(tx: Executor, order: OrderRow, event: string): Promise<void> {
  // A rental's order only carries its money: its room's cards are the rental's steps (postRentalCard).
  if (!CARD_EVENTS.has(event) || order.kind !== 'sale') return
  await tx
    .insert(dealMessages)
    .values({ orderId: order.id, kind: 'card', senderRole: 'system', cardEvent: event as DealCardEvent })
}

/**
 * The after-sale machine's observer: each step of a case is a card saying what it is about; the buyer's
 * description and the seller's form reply come into the room as their own words and pictures (masked for
 * the other party like anything they write), so the whole case reads in one place.
 */
async function postCaseCard(tx: Executor, row: AftersaleRow, event: AftersaleEvent): Promise<void> {
  const card = (cardEvent: DealCardEvent, text: string) =>
    tx.insert(dealMessages).values({ orderId: row.orderId, kind: 'card', senderRole: 'system', cardEvent, text })
  const words = async (senderRole: 'buyer' | 'seller', senderId: number, text: string, images: string[]) => {
    const guard = maskContacts(text)
    await tx.insert(dealMessages).values([
      {
        orderId: row.orderId,
        kind: 'text',
        senderId,
        senderRole,
        text,
        maskedText: guard.masked ? guard.text : null,
      },
      ...images.map((imageUrl) => ({ orderId: row.orderId, kind: 'image' as const, senderId, senderRole, imageUrl })),
    ])
  }
  if (event === 'open' || event === 'openOwn') {
    await card('aftersaleOpen', `售后原因：${AFTERSALE_REASON_LABELS[row.reason]}`)
    await words('buyer', row.buyerId, row.description, row.images)
  } else if (event === 'reply') {
    await card('aftersaleReply', '')
    await words('seller', row.sellerId!, row.replyText ?? '', row.replyImages)
  } else if (event === 'answer') {
    await card('aftersaleReply', '')
  } else if (event === 'escalate') {
    await card('aftersaleEscalate', '')
  } else if (event === 'decide') {
    const money = row.refundAmount > 0 ? ` ${formatPrice(row.refundAmount)}` : ''
    await card('aftersaleDecide', `${AFTERSALE_OUTCOME_LABELS[row.outcome!]}${money}：${row.decisionReason}`)
  }
}

/** The rental machine's observer: each step of a rental is a card in the room of its first order. */
async function postRentalCard(tx: Executor, row: RentalRow, event: RentalEvent): Promise<void> {
  const cardEvent = RENTAL_CARDS[event]
  if (!cardEvent) return
  const [first] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.rentalId, row.id), eq(orders.kind, 'rental')))
  if (!first) return
  const text =
    cardEvent === 'rentalComplain' && row.complaint
      ? `${row.complaint.by === 'renter' ? '租客' : '号主'}投诉：${RENTAL_COMPLAINT_LABELS[row.complaint.reason]}`
      : cardEvent === 'rentalSettle' && row.decision
        ? `${row.decision.outcome === 'refund' ? '全额退款' : '结算'}：${row.decision.reason}`
        : ''
  await tx.insert(dealMessages).values({ orderId: first.id, kind: 'card', senderRole: 'system', cardEvent, text })
}

const RENTAL_CARDS: Partial<Record<RentalEvent, DealCardEvent>> = {
  activate: 'rentalStart',
  renew: 'rentalRenew',
  return: 'rentalReturn',
  expire: 'rentalReturn',
  complain: 'rentalComplain',
  refundEarly: 'rentalSettle',
  confirmReturn: 'rentalSettle',
  settle: 'rentalSettle',
  decide: 'rentalSettle',
}

orderMachine.observe(postCard)
aftersaleMachine.observe(postCaseCard)
rentalMachine.observe(postRentalCard)
