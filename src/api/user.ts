import type { ApiResult } from '@/contract/envelope'
import type { ProfilePatch, RealNameRequest, RealNameResult, UserCenter, UserProfile } from '@/contract/user'
import { setState } from '@/store'
import { get, post, put } from './request'

/** Fetches the profile; it is stored only when the call answers code 200, and a failure is only logged. */
export async function loadProfile(): Promise<UserProfile | null> {
  try {
    const result = await get<ApiResult<UserProfile>>('/system/user/profile')
    setState({ profile: result.data })
    return result.data
  } catch (error) {
    console.error('[profile] could not load the profile', error)
    return null
  }
}

export const updateProfile = (patch: ProfilePatch) => put<ApiResult<UserProfile>>('/system/user/profile', patch)

export const verifyRealName = (body: RealNameRequest) => post<ApiResult<RealNameResult>>('/realname/auth', body)

/** 个人中心's counters: my orders and my listings by status. */
export const fetchCenter = () => get<ApiResult<UserCenter>>('/system/user/center')
