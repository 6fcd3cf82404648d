/**
 * Payloads and results of the trust tools: service contacts and QQ groups, 客服验证 and 黑号查询 (API.md,
 * "Content and service"), and the operator's blacklist entry.
 */
import { Type, type Static } from 'typebox'
import { Enabled, SortOrder } from './content'
import { Body, Id, literals, Nullable, pageParams, Time } from './schemas'

/** 买家客服 / 卖家客服 / 代售客服 / 包赔(中介担保)客服 / 回收客服. */
export const ServiceContactKind = literals(['buyer', 'seller', 'consign', 'guarantee', 'recycle'] as const, {
  title: '客服类型',
})
export type ServiceContactKind = Static<typeof ServiceContactKind>

export const ServiceContact = Type.Object({
  id: Type.Integer(),
  kind: ServiceContactKind,
  name: Type.String(),
  qq: Type.String(),
  weixin: Type.String(),
  phone: Type.String(),
  /** QR image URL of the WeChat/QQ contact, '' when none. */
  qrImage: Type.String(),
  /** e.g. "10:00–02:00". */
  workHours: Type.String(),
  /** Games this contact serves; empty = every game. */
  gameIds: Type.Array(Type.Integer(), { description: '空 = 服务全部游戏' }),
})
export type ServiceContact = Static<typeof ServiceContact>

/** POST /admin/service-contacts: QQ, WeChat id and phone are stored normalized (客服验证 matches exactly). */
export const ServiceContactInput = Body({
  kind: ServiceContactKind,
  name: Type.String({ title: '名称', minLength: 1, maxLength: 20 }),
  qq: Type.String({ title: 'QQ', maxLength: 20 }),
  weixin: Type.String({ title: '微信号', maxLength: 30 }),
  phone: Type.String({ title: '手机号', maxLength: 20 }),
  qrImage: Type.String({ title: '二维码', maxLength: 200, description: "上传得到的地址，或 ''" }),
  workHours: Type.String({ title: '服务时间', maxLength: 30 }),
  gameIds: Type.Array(Id('游戏'), {
    title: '服务的游戏',
    maxItems: 200,
    uniqueItems: true,
    description: '空 = 全部游戏',
  }),
  sort: SortOrder,
  enabled: Enabled,
})
export type ServiceContactInput = Static<typeof ServiceContactInput>
export const ServiceContactPatch = Body(Type.Partial(ServiceContactInput).properties)
export const AdminServiceContact = Type.Object({
  ...ServiceContact.properties,
  sort: Type.Integer(),
  enabled: Type.Boolean(),
})
export type AdminServiceContact = Static<typeof AdminServiceContact>

/** GET /V2/H5/account. */
export const ServiceContactQuery = Type.Object({
  kind: Type.Optional(ServiceContactKind),
  gameId: Type.Optional(Id('游戏')),
})
export type ServiceContactQuery = Static<typeof ServiceContactQuery>

/** GET /V2/H5/qqGroup. */
export const QqGroupQuery = Type.Object({ gameId: Type.Optional(Id('游戏')) })

export const QqGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  /** null = the platform's general group. */
  gameId: Nullable(Type.Integer()),
  gameName: Type.String({ description: "平台通用群为 ''" }),
  full: Type.Boolean(),
})
export type QqGroup = Static<typeof QqGroup>

/** POST /admin/qq-groups. */
export const QqGroupInput = Body({
  name: Type.String({ title: '群名称', minLength: 1, maxLength: 40 }),
  number: Type.String({ title: '群号', minLength: 5, maxLength: 12, pattern: '^[1-9][0-9]{4,11}$' }),
  gameId: Type.Union([Id('游戏'), Type.Null()], { title: '游戏', description: 'null = 平台通用群' }),
  full: Type.Boolean({ title: '已满' }),
  sort: SortOrder,
})
export type QqGroupInput = Static<typeof QqGroupInput>
export const QqGroupPatch = Body(Type.Partial(QqGroupInput).properties)
export const AdminQqGroup = Type.Object({
  ...Type.Omit(QqGroup, ['gameName']).properties,
  sort: Type.Integer(),
})
export type AdminQqGroup = Static<typeof AdminQqGroup>

/** The longest value either lookup takes. */
export const SUBJECT_MAX_LENGTH = 64
const lookupText = (title: string) => Type.String({ title, minLength: 1, maxLength: SUBJECT_MAX_LENGTH })

/** GET /V2/H5/checkAccount?value= — 客服验证. */
export const StaffCheckQuery = Type.Object({ value: lookupText('QQ/微信号/手机号/客服工号') })

export const StaffCheck = Type.Object({
  official: Type.Boolean(),
  /** Only on a hit: the contact the value belongs to (what matched, the staff name and kind). */
  contact: Type.Optional(
    Type.Object({
      name: Type.String(),
      /** The contact's desk; null for a staff member's number (what they write in a 交易群 carries it). */
      kind: Nullable(ServiceContactKind),
      /** Which of its fields matched. */
      channel: literals(['qq', 'weixin', 'phone', 'staffNo'] as const),
    }),
  ),
})
export type StaffCheck = Static<typeof StaffCheck>

export const BLACKLIST_SUBJECT_KINDS = ['game_account', 'qq', 'weixin', 'phone', 'id_number'] as const
export const BlacklistSubjectKind = literals(BLACKLIST_SUBJECT_KINDS, { title: '对象类型' })
export type BlacklistSubjectKind = Static<typeof BlacklistSubjectKind>

/** 'retrieval' 找回, 'fraud' 诈骗, 'chargeback' 恶意退款, 'other'. */
export const BlacklistReason = literals(['retrieval', 'fraud', 'chargeback', 'other'] as const, {
  title: '原因',
  description: 'retrieval 找回 · fraud 诈骗 · chargeback 恶意退款 · other 其他',
})
export type BlacklistReason = Static<typeof BlacklistReason>

/** GET /black/blackList?content=&gameId= — only the records whose subject equals `content`. */
export const BlacklistQuery = Type.Object({ content: lookupText('查询内容'), gameId: Type.Optional(Id('游戏')) })
export type BlacklistQuery = Static<typeof BlacklistQuery>

export const BlacklistRecord = Type.Object({
  id: Type.Integer(),
  subjectKind: BlacklistSubjectKind,
  /** The subject with most characters hidden, e.g. "138****5678". The plain subject is never stored. */
  maskedSubject: Type.String({ description: '打码后的对象，明文从不保存' }),
  gameId: Nullable(Type.Integer()),
  gameName: Type.String(),
  reason: BlacklistReason,
  /** What happened, in words safe to show. */
  evidence: Type.String(),
  createdAt: Time,
})
export type BlacklistRecord = Static<typeof BlacklistRecord>

/** POST /admin/blacklist: only the subject's keyed hash and masked form are stored. */
export const NewBlacklistRecord = Body({
  subjectKind: BlacklistSubjectKind,
  subject: Type.String({ title: '对象', minLength: 1, maxLength: SUBJECT_MAX_LENGTH }),
  gameId: Type.Optional(Id('游戏')),
  reason: BlacklistReason,
  evidence: Type.String({ title: '情况说明', minLength: 1, maxLength: 500 }),
  source: Type.Optional(Type.String({ title: '来源', maxLength: 100 })),
})
export type NewBlacklistRecord = Static<typeof NewBlacklistRecord>

/** GET /api/admin/blacklist: every record, by kind, reason, game or the exact subject (hashed to look it up). */
export const AdminBlacklistQuery = Type.Object({
  subjectKind: Type.Optional(BlacklistSubjectKind),
  reason: Type.Optional(BlacklistReason),
  gameId: Type.Optional(Id('游戏')),
  subject: Type.Optional(Type.String({ title: '对象', maxLength: SUBJECT_MAX_LENGTH })),
  ...pageParams,
})
export type AdminBlacklistQuery = Static<typeof AdminBlacklistQuery>

/** A record as staff see it: where it came from and who filed it. */
export const AdminBlacklistRecord = Type.Object({
  ...BlacklistRecord.properties,
  source: Type.String(),
  createdByName: Type.String(),
})
export type AdminBlacklistRecord = Static<typeof AdminBlacklistRecord>

/** POST /api/admin/blacklist/{id}/remove: a record filed in error comes off, with the reason why. */
export const BlacklistRemoval = Body({ reason: Type.String({ title: '移除原因', minLength: 1, maxLength: 200 }) })
export const BlacklistId = Type.Object({ id: Id('记录编号') })
