/**
 * Payloads and results of the trust tools: service contacts and QQ groups, 客服验证 and 黑号查询 (API.md,
 * "Content and service"). Type-only: the client imports it with `import type`.
 */

/** 买家客服 / 卖家客服 / 代售客服 / 包赔(中介担保)客服 / 回收客服. */
export type ServiceContactKind = 'buyer' | 'seller' | 'consign' | 'guarantee' | 'recycle'

export interface ServiceContact {
  id: number
  kind: ServiceContactKind
  name: string
  qq: string
  weixin: string
  phone: string
  /** QR image URL of the WeChat/QQ contact, '' when none. */
  qrImage: string
  /** e.g. "10:00–02:00". */
  workHours: string
  /** Games this contact serves; empty = every game. */
  gameIds: number[]
}

/** GET /V2/H5/account. */
export interface ServiceContactQuery {
  kind?: ServiceContactKind
  gameId?: number
}

export interface QqGroup {
  id: number
  name: string
  number: string
  /** null = the platform's general group. */
  gameId: number | null
  gameName: string
  full: boolean
}

/** GET /V2/H5/checkAccount?value= — 客服验证. */
export interface StaffCheck {
  official: boolean
  /** Only on a hit: the contact the value belongs to (what matched, the staff name and kind). */
  contact?: {
    name: string
    kind: ServiceContactKind
    /** Which of its fields matched. */
    channel: 'qq' | 'weixin' | 'phone'
  }
}

export type BlacklistSubjectKind = 'game_account' | 'qq' | 'weixin' | 'phone' | 'id_number'

/** GET /black/blackList?content=&gameId= — only the records whose subject equals `content`. */
export interface BlacklistQuery {
  content: string
  gameId?: number
}

export interface BlacklistRecord {
  id: number
  subjectKind: BlacklistSubjectKind
  /** The subject with most characters hidden, e.g. "138****5678". The plain subject is never stored. */
  maskedSubject: string
  gameId: number | null
  gameName: string
  /** 'retrieval' 找回, 'fraud' 诈骗, 'chargeback' 恶意退款, 'other'. */
  reason: 'retrieval' | 'fraud' | 'chargeback' | 'other'
  /** What happened, in words safe to show. */
  evidence: string
  createdAt: string
}
