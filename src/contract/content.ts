/**
 * Payloads and results of the content, service, message and feedback calls (API.md, "Content and
 * service", "Messages, feedback"). Type-only: the client imports it with `import type`. Ids are
 * integers, times ISO-8601 strings, money integer fen.
 */

/** Notice type codes kept from the original product (DOMAIN.md, "Notice types"). */
export const NOTICE_TYPES = {
  jyxz: '交易须知',
  bpjs: '包赔介绍',
  ywjs: '业务介绍',
  kfyz: '客服验证说明',
  cjwt: '常见问题',
  xwgg: '新闻公告',
  zhgg: '追回案例',
  yonghuxieyi: '用户协议',
  yinsizhengce: '隐私政策',
  goumaixuzhi: '购买须知',
  ddzhbp: '找回包赔说明',
  ddrlbp: '人脸包赔说明',
  ddbmbp: '不买包赔说明',
  bpzl: '包赔材料',
  fbms: '发布模式',
  gfds: '官网代售',
  jshs: '极速回收',
  zhhs: '账号回收',
  zhpg: '账号评估',
  guanyuwomen: '关于我们',
  shhz: '商户合作',
  djzhal: '打击找回案例',
  lassws: '立案诉讼文书',
  gmzn: '购买指南',
  mhzn: '卖号指南',
  rczm: '人才招募',
  appxz: 'APP下载',
  zjdb: '中介担保',
} as const

export type NoticeType = keyof typeof NOTICE_TYPES

/** A notice without its body: what `/web/notice/list` returns. */
export interface NoticeSummary {
  id: number
  type: NoticeType
  title: string
  /** Image URL (`/uploads/…`), '' when none. */
  coverImage: string
  /** Plain-text opening of the content (≤ 80 characters) for list rows. */
  summary: string
  sort: number
  createdAt: string
}

/** A notice with its body: `content` is HTML, sanitized when stored (and again when rendered). */
export interface Notice extends NoticeSummary {
  content: string
}

/** GET /web/notice/list. */
export interface NoticeListQuery {
  noticeType?: NoticeType
  pageNum: number
  pageSize: number
}

/** `/account/zhubo/list?type=1` anchors (主播), `type=2` banners. */
export type BannerKind = 'banner' | 'anchor'

export interface Banner {
  id: number
  kind: BannerKind
  image: string
  title: string
  /** An in-app route (`/index/articleDetail?id=3`) or ''; never an outside URL. */
  link: string
  /** Short text shown with an anchor (platform, followers…), '' for banners. */
  content: string
  sort: number
}

export type SocialPlatform = 'douyin' | 'kuaishou'

export interface SocialAccount {
  id: number
  platform: SocialPlatform
  name: string
  /** Followers, a count. */
  fans: number
  /** The platform's account id, to search for. */
  account: string
  avatar: string
  /** The profile page on the platform, '' when none. */
  link: string
}

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
