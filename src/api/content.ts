import type { ApiResult, ApiTable } from '@/contract/envelope'
import type {
  Banner,
  BannerKind,
  BlacklistQuery,
  BlacklistRecord,
  Notice,
  NoticeListQuery,
  NoticeSummary,
  NoticeType,
  QqGroup,
  ServiceContact,
  ServiceContactQuery,
  SocialAccount,
  StaffCheck,
} from '@/contract/content'
import { get } from './request'

/** The public content and service calls of API.md ("Content and service"). */

/** A page of notices, newest first, without their content. */
export const listNotices = (query: NoticeListQuery) => get<ApiTable<NoticeSummary>>('/web/notice/list', { ...query })

/** Every notice of one type, with its content (the single-page notices: 交易须知, 隐私政策…). */
export const fetchNoticesOfType = (noticeType: NoticeType) =>
  get<ApiResult<Notice[]>>('/V2/H5/gonggaoDetails', { noticeType })

export const fetchNotice = (id: number) => get<ApiResult<Notice>>(`/web/notice/${id}`)

const BANNER_TYPE: Record<BannerKind, number> = { anchor: 1, banner: 2 }

export const listBanners = (kind: BannerKind) =>
  get<ApiTable<Banner>>('/account/zhubo/list', { type: BANNER_TYPE[kind] })

export const listSocialAccounts = () => get<ApiTable<SocialAccount>>('/web/social/list')

/** Every enabled customer-service contact; the screens group them by kind. */
export const listAllContacts = () => get<ApiResult<ServiceContact[]>>('/V2/H5/allQQlist')

export const listContacts = (query: ServiceContactQuery) =>
  get<ApiResult<ServiceContact[]>>('/V2/H5/account', { ...query })

export const listQqGroups = (gameId?: number) => get<ApiResult<QqGroup[]>>('/V2/H5/qqGroup', { gameId })

/** 客服验证: is this QQ / WeChat id / phone one of ours? */
export const checkStaff = (value: string) => get<ApiResult<StaffCheck>>('/V2/H5/checkAccount', { value })

/** 黑号查询: the blacklist records whose subject is exactly `content` (none = no record). */
export const searchBlacklist = (query: BlacklistQuery) =>
  get<ApiTable<BlacklistRecord>>('/black/blackList', { ...query })
