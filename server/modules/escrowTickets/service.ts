/**
 * 中介担保 tickets: opened by one party with the agreed price and who the other is, joined by the other with the
 * code, the account entered by the seller as a listing of kind `guarantee` (off the market for good), approved
 * by the buyer — which makes the ticket's order: the agreed price plus the ticket's fee (a setting), no
 * commission. From there the order runs as any (payment at the gateway, hand-over, protection window, payout),
 * and the ticket follows it through the order machine's observer. Only the two parties read a ticket.
 */
import { randomInt } from 'node:crypto'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { ConsignmentRequest } from '../../../src/contract/consignment'
import type {
  EscrowTicket,
  EscrowTicketCreated,
  EscrowTicketInvite,
  EscrowTicketRequest,
} from '../../../src/contract/escrowTickets'
import { formatPrice } from '../../../src/contract/money'
import { maskPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { escrowTickets, games, goods, users } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import { AppError, invalid } from '../../lib/envelope'
import { applyRate, tradeSettings } from '../../lib/settings'
import { goodsMachine } from '../catalogue/machine'
import { checkedListing, sealSecrets, type ConsignmentDeps } from '../consignment/service'
import { notifyUsers } from '../messages/service'
import { orderMachine, type OrderRow } from '../orders/machine'
import { goodsForSale, openOrder } from '../orders/service'
import { escrowTicketMachine, type EscrowTicketEvent, type EscrowTicketRow } from './machine'

export const TICKET_NOT_FOUND = '担保单不存在'
/** Letters and digits a person reads out without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

const roleOf = (row: EscrowTicketRow, userId: number): 'buyer' | 'seller' | null =>
  row.buyerId === userId ? 'buyer' : row.sellerId === userId ? 'seller' : null

/** The fee of a ticket at `price`: the setting's rate, at least its minimum. */
async function feeOf(db: Executor, price: number) {
  return applyRate(price, (await tradeSettings(db)).escrowFee)
}

async function toTicket(db: Executor, row: EscrowTicketRow, role: 'buyer' | 'seller'): Promise<EscrowTicket> {
  const other = role === 'buyer' ? row.sellerId : row.buyerId
  // One statement: this runs inside transactions too, whose one connection takes a statement at a time.
  const [found] = await db
    .select({
      gameName: games.name,
      otherName: users.nickName,
      listing: { id: goods.id, title: goods.title, coverImage: goods.coverImage },
    })
    .from(games)
    .leftJoin(users, other === null ? sql`false` : eq(users.id, other))
    .leftJoin(goods, row.goodsId === null ? sql`false` : eq(goods.id, row.goodsId))
    .where(eq(games.id, row.gameId))
  const opener = row.openerRole === role
  const actions: EscrowTicket['actions'] = escrowTicketMachine.actionsFor(row, [role])
  return {
    id: row.id,
    code: row.code,
    gameId: row.gameId,
    gameName: found?.gameName ?? '',
    description: row.description,
    agreedPrice: row.agreedPrice,
    feeAmount: await feeOf(db, row.agreedPrice),
    status: row.status,
    role,
    counterparty: {
      // The opener named the other; the one who joined sees the opener by name.
      contact: opener ? (row.counterpartyPhone ? maskPhone(row.counterpartyPhone) : `QQ ${row.counterpartyQq}`) : '',
      name: found?.otherName ?? null,
    },
    listing: found?.listing ?? null,
    orderId: row.orderId,
    rejectReason: row.rejectReason,
    closedReason: row.closedReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    actions,
  }
}

/** A party's ticket under its row lock (or not), or the same 404 as a missing one. */
async function partysTicket(db: Executor, viewer: Viewer, id: number, lock = false) {
  const query = db.select().from(escrowTickets).where(eq(escrowTickets.id, id))
  const [row] = lock ? await query.for('update') : await query
  const role = row && roleOf(row, viewer.userId)
  if (!role) throw new AppError(404, TICKET_NOT_FOUND)
  return { row, role }
}

/** POST /need/escrow-ticket: the opener is one party; the code is for the other. */
export async function openTicket(
  db: Executor,
  viewer: Viewer,
  body: EscrowTicketRequest,
): Promise<EscrowTicketCreated> {
  const description = body.description.trim()
  if (description.length < 5) invalid('description', '请至少用 5 个字说明交易内容')
  const [game] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, body.gameId), eq(games.enabled, true)))
  if (!game) invalid('gameId', '请选择游戏')
  const [me] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, viewer.userId))
  if (body.counterparty.phone && body.counterparty.phone === me?.phone)
    invalid('counterparty.phone', '对方不能是你自己')
  const row = await escrowTicketMachine.create(
    db,
    'open',
    { kind: body.role, userId: viewer.userId },
    {
      code: newCode(),
      gameId: body.gameId,
      description,
      agreedPrice: body.agreedPrice,
      openerRole: body.role,
      [body.role === 'buyer' ? 'buyerId' : 'sellerId']: viewer.userId,
      counterpartyPhone: body.counterparty.phone ?? null,
      counterpartyQq: body.counterparty.qq ?? null,
    },
  )
  return { id: row.id, code: row.code }
}

const byCode = (code: string) => eq(escrowTickets.code, code.trim().toUpperCase())

/** GET /need/escrow-ticket/byCode: what the holder of a code is asked to join (or their own ticket). */
export async function invite(db: Executor, viewer: Viewer, code: string): Promise<EscrowTicketInvite> {
  const [row] = await db.select().from(escrowTickets).where(byCode(code))
  if (!row) throw new AppError(404, '担保码无效，请向对方核对')
  return {
    id: row.id,
    gameName: (await db.select({ name: games.name }).from(games).where(eq(games.id, row.gameId)))[0]?.name ?? '',
    description: row.description,
    agreedPrice: row.agreedPrice,
    feeAmount: await feeOf(db, row.agreedPrice),
    role: roleOf(row, viewer.userId) ?? (row.openerRole === 'buyer' ? 'seller' : 'buyer'),
    status: row.status,
  }
}

/** POST /need/escrow-ticket/join: the other party takes the other side (by phone, only the one named). */
export async function join(db: Executor, viewer: Viewer, code: string): Promise<EscrowTicket> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(escrowTickets).where(byCode(code)).for('update')
    if (!row) throw new AppError(404, '担保码无效，请向对方核对')
    const mine = roleOf(row, viewer.userId)
    if (mine) return toTicket(tx, row, mine)
    if (row.status !== 'awaiting_party') throw new AppError(409, '该担保单已有双方，不能再加入')
    if (row.counterpartyPhone) {
      const [me] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, viewer.userId))
      if (me?.phone !== row.counterpartyPhone) throw new AppError(403, '该担保单只能由对方绑定的手机号加入')
    }
    const role = row.openerRole === 'buyer' ? 'seller' : 'buyer'
    const joined = await escrowTicketMachine.transition(
      tx,
      row.id,
      'join',
      { kind: role, userId: viewer.userId },
      { [role === 'buyer' ? 'buyerId' : 'sellerId']: viewer.userId, updatedAt: new Date() },
    )
    if (!joined) throw new AppError(409, '该担保单已有双方，不能再加入')
    const opener = role === 'buyer' ? joined.sellerId : joined.buyerId
    await notifyUsers(tx, ticketMessage(joined, opener, '对方已加入担保单', nextStep(joined)))
    return toTicket(tx, joined, role)
  })
}

/** GET /need/escrow-ticket/{id}: the two parties only. */
export async function myTicket(db: Executor, viewer: Viewer, id: number): Promise<EscrowTicket> {
  const { row, role } = await partysTicket(db, viewer, id)
  return toTicket(db, row, role)
}

/** GET /need/escrow-tickets: the viewer's, either side, newest first. */
export async function myTickets(db: Executor, viewer: Viewer): Promise<EscrowTicket[]> {
  const rows = await db
    .select()
    .from(escrowTickets)
    .where(or(eq(escrowTickets.buyerId, viewer.userId), eq(escrowTickets.sellerId, viewer.userId)))
    .orderBy(desc(escrowTickets.id))
    .limit(50)
  return Promise.all(rows.map((row) => toTicket(db, row, roleOf(row, viewer.userId)!)))
}

/**
 * POST /need/escrow-ticket/{id}/listing: the seller enters the account (the consignment body, at the agreed
 * price) — a listing of kind `guarantee`, off the market, its credentials sealed and its payout account kept;
 * entered again after the buyer sent it back.
 */
export async function enterListing(
  deps: ConsignmentDeps,
  viewer: Viewer,
  id: number,
  body: ConsignmentRequest,
): Promise<EscrowTicket> {
  const { row: ticket, role } = await partysTicket(deps.db, viewer, id)
  if (role !== 'seller') throw new AppError(403, '账号由卖家录入')
  if (body.gameId !== ticket.gameId) invalid('gameId', '游戏须与担保单一致')
  if (body.price !== ticket.agreedPrice) invalid('price', `价格须为双方约定的成交价 ${formatPrice(ticket.agreedPrice)}`)
  const checked = await checkedListing(deps, viewer.userId, { ...body, rent: null })
  if (!checked.credentials) invalid('credentials', '请填写游戏账号和密码，平台验号后移交买家')
  return deps.db.transaction(async (tx) => {
    const { row } = await partysTicket(tx, viewer, id, true)
    if (!escrowTicketMachine.can('list', row, 'seller')) throw new AppError(409, '对方加入后、买家确认前才能录入账号')
    const values = {
      ...checked.values,
      kind: 'guarantee' as const,
      accountType: 'consign' as const,
      guarantee: 'none' as const,
    }
    let goodsId = row.goodsId
    if (goodsId === null) {
      const created = await goodsMachine.create(
        tx,
        'offer',
        { kind: 'seller', userId: viewer.userId },
        {
          ...values,
          sellerId: viewer.userId,
        },
      )
      goodsId = created.id
    } else {
      // Entered again: what the account is changes, not where it stands (off the market, waiting).
      await tx
        .update(goods)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(goods.id, goodsId))
    }
    await sealSecrets(tx, deps, goodsId, { payout: checked.payout, credentials: checked.credentials })
    const listed = await escrowTicketMachine.transition(
      tx,
      id,
      'list',
      { kind: 'seller', userId: viewer.userId },
      { goodsId, rejectReason: '', updatedAt: new Date() },
    )
    await notifyUsers(tx, ticketMessage(listed!, listed!.buyerId, '卖家已录入账号', nextStep(listed!)))
    return toTicket(tx, listed!, 'seller')
  })
}

/** POST /need/escrow-ticket/{id}/reject: the buyer sends the account back with a reason. */
export async function reject(db: Executor, viewer: Viewer, id: number, reason: string): Promise<EscrowTicket> {
  const why = reason.trim()
  if (why.length < 2) invalid('reason', '请写明原因')
  return db.transaction(async (tx) => {
    const { role } = await partysTicket(tx, viewer, id, true)
    if (role !== 'buyer') throw new AppError(403, '由买家确认账号')
    const sent = await escrowTicketMachine.transition(
      tx,
      id,
      'reject',
      { kind: 'buyer', userId: viewer.userId, detail: { reason: why } },
      { rejectReason: why, updatedAt: new Date() },
    )
    if (!sent) throw new AppError(409, '卖家录入账号后才能确认或退回')
    await notifyUsers(tx, ticketMessage(sent, sent.sellerId, '买家退回了账号信息', `原因：${why}。请修改后重新录入。`))
    return toTicket(tx, sent, 'buyer')
  })
}

/**
 * POST /need/escrow-ticket/{id}/approve: the buyer takes the account as entered — the ticket's order is made
 * (the price and the fee, to pay at the cashier like any order); its listing is in trade with it.
 */
export async function approve(db: Executor, viewer: Viewer, id: number): Promise<EscrowTicket> {
  return db.transaction(async (tx) => {
    const { row, role } = await partysTicket(tx, viewer, id, true)
    if (role !== 'buyer') throw new AppError(403, '由买家确认账号')
    if (!escrowTicketMachine.can('approve', row, 'buyer')) throw new AppError(409, '卖家录入账号后才能确认')
    const taken = await goodsMachine.transition(
      tx,
      row.goodsId!,
      'escrow',
      { kind: 'buyer', userId: viewer.userId, detail: { ticketId: id } },
      { updatedAt: new Date() },
    )
    if (!taken) throw new AppError(409, '账号状态已变化，请刷新后重试')
    const item = await goodsForSale(tx, row.goodsId!)
    const fee = await feeOf(tx, row.agreedPrice)
    const order = await openOrder(
      tx,
      'create',
      { kind: 'buyer', userId: viewer.userId },
      {
        item,
        buyerId: viewer.userId,
        choice: { guaranteeType: 'none', payMode: 'full' },
        priced: {
          goodsAmount: row.agreedPrice,
          guaranteeAmount: 0,
          serviceAmount: fee,
          totalAmount: row.agreedPrice + fee,
          commissionAmount: 0,
        },
        settings: await tradeSettings(tx),
        source: 'escrow',
      },
    )
    const approved = await escrowTicketMachine.transition(
      tx,
      id,
      'approve',
      { kind: 'buyer', userId: viewer.userId, detail: { orderId: order.id } },
      { orderId: order.id, updatedAt: new Date() },
    )
    await notifyUsers(
      tx,
      ticketMessage(
        approved!,
        approved!.sellerId,
        '买家已确认账号',
        '买家付款后由平台验号移交，确认收货并过保障期后打款给你。',
      ),
    )
    return toTicket(tx, approved!, 'buyer')
  })
}

/** POST /need/escrow-ticket/{id}/close: either party gives up before the buyer has paid. */
export async function close(db: Executor, viewer: Viewer, id: number): Promise<EscrowTicket> {
  return db.transaction(async (tx) => {
    const { role } = await partysTicket(tx, viewer, id, true)
    const closed = await escrowTicketMachine.transition(
      tx,
      id,
      'close',
      { kind: role, userId: viewer.userId },
      { closedReason: role === 'buyer' ? '买家关闭' : '卖家关闭', updatedAt: new Date() },
    )
    if (!closed) throw new AppError(409, '买家确认并下单后不能关闭，请在订单中取消或申请售后')
    const other = role === 'buyer' ? closed.sellerId : closed.buyerId
    await notifyUsers(
      tx,
      ticketMessage(closed, other, '担保单已关闭', `对方关闭了担保单：${closed.description.slice(0, 30)}`),
    )
    return toTicket(tx, closed, role)
  })
}

/** What the ticket waits for next, as its messages say it. */
function nextStep(row: EscrowTicketRow): string {
  if (row.status === 'awaiting_listing') return '请卖家在担保单中录入账号信息，买家确认后付款。'
  if (row.status === 'awaiting_approval') return '请买家核对账号信息，确认后付款。'
  return ''
}

const ticketMessage = (row: EscrowTicketRow, to: number | null, title: string, content: string) =>
  to === null
    ? []
    : [{ userId: to, type: 'system' as const, title, content, relatedType: 'escrow' as const, relatedId: row.id }]

/** What becomes of a ticket when its order moves: the order machine's observer. */
const FOLLOWS: Partial<Record<string, EscrowTicketEvent>> = {
  cancel: 'lapse',
  confirm: 'complete',
  conclude: 'complete',
  refund: 'refund',
  refundDispute: 'refund',
}

async function followOrder(tx: Executor, order: OrderRow, event: string): Promise<void> {
  const step = FOLLOWS[event]
  if (!step || order.kind !== 'sale') return
  const [row] = await tx.select().from(escrowTickets).where(eq(escrowTickets.orderId, order.id))
  if (!row) return
  const now = new Date()
  const set: Partial<EscrowTicketRow> =
    step === 'complete'
      ? { completedAt: now, updatedAt: now }
      : step === 'refund'
        ? { closedReason: '订单已退款', updatedAt: now }
        : { orderId: null, updatedAt: now }
  const kind = step === 'refund' ? 'operator' : 'system'
  await escrowTicketMachine.transition(tx, row.id, step, { kind, detail: { orderId: order.id } }, set)
}

orderMachine.observe(followOrder)
