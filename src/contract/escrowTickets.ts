/**
 * 中介担保 (API.md, "Escrow tickets"): a deal two people agreed elsewhere (a QQ group, say) run through the
 * platform's escrow. One opens a ticket with the agreed price and who the other is; the other joins with its
 * code; the seller enters the account as a listing that is never public; the buyer approves it and pays its
 * order — the price plus the ticket's fee — and the deal runs on as any order (hand-over, protection window,
 * payout). Money is integer fen, times ISO-8601.
 */
import { Type, type Static } from 'typebox'
import { Body, Id, literals, Nullable, NullableTime, Time } from './schemas'

export const ESCROW_TICKET_STATUSES = [
  'awaiting_party',
  'awaiting_listing',
  'awaiting_approval',
  'in_trade',
  'completed',
  'closed',
] as const
export const EscrowTicketStatus = literals(ESCROW_TICKET_STATUSES, {
  title: '担保单状态',
  description:
    'awaiting_party 待对方加入 · awaiting_listing 待卖家录入账号 · awaiting_approval 待买家确认 · in_trade 交易中 · completed 已完成 · closed 已关闭',
})
export type EscrowTicketStatus = Static<typeof EscrowTicketStatus>

export const EscrowRole = literals(['buyer', 'seller'] as const, { title: '我的身份' })
export type EscrowRole = Static<typeof EscrowRole>

/** What the viewer may do now: join (with the code), enter the account, approve or reject it, close the ticket. */
export const EscrowTicketAction = literals(['join', 'list', 'approve', 'reject', 'close'] as const)
export type EscrowTicketAction = Static<typeof EscrowTicketAction>

/** POST /need/escrow-ticket: the counterparty by phone (who alone may join) or by QQ (whoever has the code). */
export const EscrowTicketRequest = Body({
  gameId: Id('游戏'),
  description: Type.String({ title: '交易说明', minLength: 5, maxLength: 500 }),
  agreedPrice: Type.Integer({ title: '成交价', minimum: 100, maximum: 100_000_000, description: '分' }),
  counterparty: Body(
    {
      phone: Type.Optional(Type.String({ title: '对方手机号', pattern: '^1\\d{10}$' })),
      qq: Type.Optional(Type.String({ title: '对方QQ', pattern: '^[1-9]\\d{4,11}$' })),
    },
    { title: '对方', minProperties: 1, maxProperties: 1 },
  ),
  role: EscrowRole,
})
export type EscrowTicketRequest = Static<typeof EscrowTicketRequest>

/** What POST /need/escrow-ticket answers: the ticket and the code the other party joins with. */
export const EscrowTicketCreated = Type.Object({ id: Type.Integer(), code: Type.String() })
export type EscrowTicketCreated = Static<typeof EscrowTicketCreated>

/** POST /need/escrow-ticket/join. */
export const EscrowTicketJoin = Body({ code: Type.String({ title: '担保码', minLength: 6, maxLength: 12 }) })
export type EscrowTicketJoin = Static<typeof EscrowTicketJoin>

/** POST /need/escrow-ticket/{id}/reject: why the buyer will not take the account as entered. */
export const EscrowTicketReject = Body({ reason: Type.String({ title: '原因', minLength: 2, maxLength: 200 }) })
export type EscrowTicketReject = Static<typeof EscrowTicketReject>

export const EscrowTicket = Type.Object({
  id: Type.Integer(),
  /** The code the other party joins with (only the parties read it). */
  code: Type.String(),
  gameId: Type.Integer(),
  gameName: Type.String(),
  description: Type.String(),
  agreedPrice: Type.Integer(),
  /** The ticket's fee (a setting), paid by the buyer on top of the price. */
  feeAmount: Type.Integer(),
  status: EscrowTicketStatus,
  /** The viewer's side of it. */
  role: EscrowRole,
  /** Who the other party is, masked (138****0000, or the QQ); their nickname once they joined. */
  counterparty: Type.Object({ contact: Type.String(), name: Nullable(Type.String()) }),
  /** The seller's listing of the account, once entered (never public). */
  listing: Nullable(Type.Object({ id: Type.Integer(), title: Type.String(), coverImage: Type.String() })),
  /** The buyer's order, once approved: paid, handed over and confirmed at /need/myOrder/{id}. */
  orderId: Nullable(Type.Integer()),
  rejectReason: Type.String(),
  closedReason: Type.String(),
  createdAt: Time,
  completedAt: NullableTime,
  actions: Type.Array(EscrowTicketAction, { description: '当前用户此刻可做的操作；客户端只显示这些' }),
})
export type EscrowTicket = Static<typeof EscrowTicket>

/** GET /need/escrow-ticket/byCode: a ticket shown to whoever holds its code, before they join. */
export const EscrowTicketInvite = Type.Object({
  id: Type.Integer(),
  gameName: Type.String(),
  description: Type.String(),
  agreedPrice: Type.Integer(),
  feeAmount: Type.Integer(),
  /** The role the joiner takes: the other one. */
  role: EscrowRole,
  status: EscrowTicketStatus,
})
export type EscrowTicketInvite = Static<typeof EscrowTicketInvite>
