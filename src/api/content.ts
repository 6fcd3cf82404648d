import type { ApiResult, ApiTable } from '@/contract/envelope'
import type {
  Banner,
  BannerKind,
  Notice,
  NoticeListQuery,
  NoticeSummary,
  NoticeType,
  SocialAccount,
} from '@/contract/content'
import { get } from './request'

/** The public content calls of API.md ("Content and service"): notices, banners, social accounts. */

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
