/**
 * Payloads and results of the content calls: notices, banners, social accounts (API.md, "Content and
 * service"). Type-only: the client imports it with `import type`. Ids are integers, times ISO-8601 strings.
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
