import type { AccountDeletion, AccountDeletionState, AccountExport } from '@/contract/account'
import type { ApiResult } from '@/contract/envelope'
import { del, get, post } from './request'

export const fetchDeletion = () => get<ApiResult<AccountDeletionState>>('/need/account/deletion')
export const requestDeletion = () => post<ApiResult<AccountDeletion>>('/need/account/deletion')
export const cancelDeletion = () => del<ApiResult<AccountDeletion>>('/need/account/deletion')
export const fetchMyData = () => get<ApiResult<AccountExport>>('/need/account/export', undefined, { timeout: 30_000 })
