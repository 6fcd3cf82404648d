/**
 * Payloads and results of the content calls: notices, banners, social accounts (API.md, "Content and
 * service"), and the operator's notice edits. Ids are integers, times ISO-8601 strings.
 */
import { Type, type Static } from 'typebox'
import { NOTICE_TYPES } from './constants'
import { Body, Id, literals, pageParams, Time } from './schemas'

export type NoticeType = keyof typeof NOTICE_TYPES

export const NoticeType = literals(Object.keys(NOTICE_TYPES) as NoticeType[], {
  title: '公告类型',
  description: Object.entries(NOTICE_TYPES)
    .map(([code, name]) => `${code} ${name}`)
    .join(' · '),
})

/** A notice without its body: what `/web/notice/list` returns. */
export const NoticeSummary = Type.Object({
  id: Type.Integer(),
  type: NoticeType,
  title: Type.String(),
  /** Image URL (`/uploads/…`), '' when none. */
  coverImage: Type.String(),
  /** Plain-text opening of the content (≤ 80 characters) for list rows. */
  summary: Type.String({ description: '正文开头的纯文本（≤ 80 字）' }),
  sort: Type.Integer(),
  createdAt: Time,
})
export type NoticeSummary = Static<typeof NoticeSummary>

/** A notice with its body: `content` is HTML, sanitized when stored (and again when rendered). */
export const Notice = Type.Object({
  ...NoticeSummary.properties,
  content: Type.String({ description: '已净化的 HTML' }),
})
export type Notice = Static<typeof Notice>

export const NoticeId = Type.Object({ id: Id('公告编号') })

/** GET /V2/H5/gonggaoDetails: every notice of one type, with its content. */
export const NoticesOfTypeQuery = Type.Object({ noticeType: NoticeType })

/** GET /web/notice/list. */
export const NoticeListQuery = Type.Object({ noticeType: Type.Optional(NoticeType), ...pageParams })
export type NoticeListQuery = Static<typeof NoticeListQuery>

/** `/account/zhubo/list?type=1` anchors (主播), `type=2` banners. */
export const BannerKind = literals(['banner', 'anchor'] as const, { title: '类型' })
export type BannerKind = Static<typeof BannerKind>

export const BannerQuery = Type.Object({ type: literals(['1', '2'] as const, { title: '类型' }) })

export const Banner = Type.Object({
  id: Type.Integer(),
  kind: BannerKind,
  image: Type.String(),
  title: Type.String(),
  /** An in-app route (`/index/articleDetail?id=3`) or ''; never an outside URL. */
  link: Type.String(),
  /** Short text shown with an anchor (platform, followers…), '' for banners. */
  content: Type.String(),
  sort: Type.Integer(),
})
export type Banner = Static<typeof Banner>

export const SocialPlatform = literals(['douyin', 'kuaishou'] as const, { title: '平台' })
export type SocialPlatform = Static<typeof SocialPlatform>

export const SocialAccount = Type.Object({
  id: Type.Integer(),
  platform: SocialPlatform,
  name: Type.String(),
  /** Followers, a count. */
  fans: Type.Integer(),
  /** The platform's account id, to search for. */
  account: Type.String(),
  avatar: Type.String(),
  /** The profile page on the platform, '' when none. */
  link: Type.String(),
})
export type SocialAccount = Static<typeof SocialAccount>

// ── operator: the lists editors keep (each written whole by POST, field by field by PUT) ─────────

/** Where a row stands in its list (smaller first). */
export const SortOrder = Type.Integer({ title: '排序', minimum: -100_000, maximum: 100_000 })
/** Whether buyers see the row. */
export const Enabled = Type.Boolean({ title: '显示' })
/** An image this server stored (`/uploads/…`), '' where it may be missing. */
const ImageUrl = (title: string, minLength = 0) => Type.String({ title, minLength, maxLength: 200 })

/** POST /admin/banners. */
export const BannerInput = Body({
  kind: BannerKind,
  image: ImageUrl('图片', 1),
  title: Type.String({ title: '标题', minLength: 1, maxLength: 40 }),
  link: Type.String({
    title: '跳转页面',
    maxLength: 200,
    description: "站内页面，如 /index/articleDetail?id=3；或 ''",
  }),
  content: Type.String({ title: '说明', maxLength: 60 }),
  sort: SortOrder,
  enabled: Enabled,
})
export type BannerInput = Static<typeof BannerInput>
export const BannerPatch = Body(Type.Partial(BannerInput).properties)
export const AdminBanner = Type.Object({ ...Banner.properties, enabled: Type.Boolean() })
export type AdminBanner = Static<typeof AdminBanner>

/** POST /admin/social-accounts. */
export const SocialAccountInput = Body({
  platform: SocialPlatform,
  name: Type.String({ title: '名称', minLength: 1, maxLength: 40 }),
  fans: Type.Integer({ title: '粉丝数', minimum: 0, maximum: 2_000_000_000 }),
  account: Type.String({ title: '账号', minLength: 1, maxLength: 40 }),
  avatar: ImageUrl('头像', 1),
  link: Type.String({ title: '主页链接', maxLength: 200, description: "https:// 开头；或 ''" }),
  sort: SortOrder,
  enabled: Enabled,
})
export type SocialAccountInput = Static<typeof SocialAccountInput>
export const SocialAccountPatch = Body(Type.Partial(SocialAccountInput).properties)
export const AdminSocialAccount = Type.Object({
  ...SocialAccount.properties,
  sort: Type.Integer(),
  enabled: Type.Boolean(),
})
export type AdminSocialAccount = Static<typeof AdminSocialAccount>

// ── operator: notices ────────────────────────────────────────────────────────────────────────────────────

export const NoticeStatus = literals(['published', 'hidden'] as const, { title: '状态' })
export type NoticeStatus = Static<typeof NoticeStatus>

/** POST /admin/notices: the HTML is sanitized on the way in, whatever editor produced it. */
export const NoticeInput = Body({
  type: NoticeType,
  title: Type.String({ title: '标题', minLength: 1, maxLength: 100 }),
  content: Type.String({ title: '正文', minLength: 1, maxLength: 200_000, description: 'HTML，保存前净化' }),
  coverImage: Type.Optional(Type.String({ title: '封面图', maxLength: 200, description: "上传得到的地址，或 ''" })),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: -100_000, maximum: 100_000 })),
  status: Type.Optional(NoticeStatus),
})
export type NoticeInput = Static<typeof NoticeInput>

/** PUT /admin/notices/{id}: only the fields given change. */
export const NoticePatch = Body(Type.Partial(NoticeInput).properties)
export type NoticePatch = Static<typeof NoticePatch>

/** A notice as operators see it: with its status. */
export const AdminNotice = Type.Object({ ...Notice.properties, status: NoticeStatus })
export type AdminNotice = Static<typeof AdminNotice>

/** GET /admin/notices: every notice, hidden ones too, by type, status or words of the title; by sort, newest first. */
export const AdminNoticeQuery = Type.Object({
  type: Type.Optional(NoticeType),
  status: Type.Optional(NoticeStatus),
  title: Type.Optional(Type.String({ title: '标题', maxLength: 100 })),
  ...pageParams,
})
export type AdminNoticeQuery = Static<typeof AdminNoticeQuery>

/** A row of GET /admin/notices: the summary with its status and last change. */
export const AdminNoticeRow = Type.Object({ ...NoticeSummary.properties, status: NoticeStatus, updatedAt: Time })
export type AdminNoticeRow = Static<typeof AdminNoticeRow>

/** POST /admin/notices/preview: the editor's HTML, answered as it would be stored and shown. */
export const NoticePreviewRequest = Body({ content: NoticeInput.properties.content })
export const NoticePreview = Type.Object({ html: Type.String(), summary: Type.String() })
export type NoticePreview = Static<typeof NoticePreview>
