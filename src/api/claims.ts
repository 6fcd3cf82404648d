import type { Claim, ClaimInfo, ClaimRequest, ClaimStats } from '@/contract/claims'
import type { ApiResult } from '@/contract/envelope'
import { get, post } from './request'

/** 申请包赔 on an order; the buyer's claims; adding what staff asked for; the public figures. */
export const fileClaim = (orderId: number, body: ClaimRequest) =>
  post<ApiResult<Claim>>(`/need/myOrder/${orderId}/claim`, body)

export const listMyClaims = () => get<ApiResult<Claim[]>>('/need/claims')

export const fetchClaim = (id: number) => get<ApiResult<Claim>>(`/need/claims/${id}`)

export const addClaimInfo = (id: number, body: ClaimInfo) => post<ApiResult<Claim>>(`/need/claims/${id}/info`, body)

export const fetchClaimStats = () => get<ApiResult<ClaimStats>>('/web/claims/stats')
