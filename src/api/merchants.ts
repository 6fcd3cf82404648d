import type { ApiResult } from '@/contract/envelope'
import type { MerchantApplication, MerchantApplicationRequest, MerchantStanding } from '@/contract/merchants'
import { get, post } from './request'

/** Merchants (号商): the application on shanghu and where it stands. */
export const applyMerchant = (body: MerchantApplicationRequest) =>
  post<ApiResult<MerchantApplication>>('/merchant/apply', body)

export const fetchMerchantStanding = () => get<ApiResult<MerchantStanding>>('/merchant/application')
