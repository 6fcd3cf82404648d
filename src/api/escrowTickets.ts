import type { ConsignmentRequest } from '@/contract/consignment'
import type { ApiResult } from '@/contract/envelope'
import type {
  EscrowTicket,
  EscrowTicketCreated,
  EscrowTicketInvite,
  EscrowTicketRequest,
} from '@/contract/escrowTickets'
import { get, post } from './request'

/** 中介担保: open a ticket, see and join one by its code, the parties' tickets and each step of theirs. */
export const openEscrowTicket = (body: EscrowTicketRequest) =>
  post<ApiResult<EscrowTicketCreated>>('/need/escrow-ticket', body)

export const fetchEscrowInvite = (code: string) =>
  get<ApiResult<EscrowTicketInvite>>('/need/escrow-ticket/byCode', { code })

export const joinEscrowTicket = (code: string) => post<ApiResult<EscrowTicket>>('/need/escrow-ticket/join', { code })

export const fetchEscrowTicket = (id: number) => get<ApiResult<EscrowTicket>>(`/need/escrow-ticket/${id}`)

export const fetchEscrowTickets = () => get<ApiResult<EscrowTicket[]>>('/need/escrow-tickets')

export const enterEscrowListing = (id: number, body: ConsignmentRequest) =>
  post<ApiResult<EscrowTicket>>(`/need/escrow-ticket/${id}/listing`, body)

export const escrowTicketStep = (id: number, step: 'approve' | 'close') =>
  post<ApiResult<EscrowTicket>>(`/need/escrow-ticket/${id}/${step}`, {})

export const rejectEscrowListing = (id: number, reason: string) =>
  post<ApiResult<EscrowTicket>>(`/need/escrow-ticket/${id}/reject`, { reason })
