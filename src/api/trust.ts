import type { ApiResult, ApiTable } from '@/contract/envelope'
import type {
  BlacklistQuery,
  BlacklistRecord,
  QqGroup,
  ServiceContact,
  ServiceContactQuery,
  StaffCheck,
} from '@/contract/trust'
import { get } from './request'

/** The trust tools of API.md ("Content and service"): service contacts, QQ groups, 客服验证, 黑号查询. */

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
