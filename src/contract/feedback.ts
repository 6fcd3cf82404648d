/** Payloads and results of the feedback calls (API.md, "Messages, feedback"). Type-only on the client. */

/**
 * 改进建议 / 问题反馈 / 投诉举报 from fankui and suggest; `merchant` is shanghu's 商务合作 application,
 * `escrow` is security's 中介担保 request.
 */
export type ProblemType = 'suggestion' | 'problem' | 'complaint' | 'merchant' | 'escrow'

/** The deal an escrow request (type `escrow`) is about. */
export interface EscrowDetails {
  gameId: number
  /** The game account being traded. */
  account: string
  /** The price both sides agreed, fen. */
  price: number
  counterpartyPhone?: string
  counterpartyQq?: string
}

/** POST /account/problem. `escrow` is required for type `escrow` and refused for every other type. */
export interface ProblemRequest {
  type: ProblemType
  title: string
  content: string
  /** Up to 6 URLs returned by /upload/image. */
  images: string[]
  phone?: string
  qq?: string
  escrow?: EscrowDetails
}

export type ProblemStatus = 'open' | 'replied' | 'closed'

export interface Problem {
  id: number
  type: ProblemType
  title: string
  content: string
  images: string[]
  phone: string
  qq: string
  escrow: (EscrowDetails & { gameName: string }) | null
  status: ProblemStatus
  /** The staff reply, '' until there is one. */
  reply: string
  repliedAt: string | null
  createdAt: string
}
