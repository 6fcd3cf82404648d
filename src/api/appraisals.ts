import type { Appraisal, AppraisalRequest } from '@/contract/appraisals'
import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import { get, post } from './request'

/** 账号估价: priced at once from comparable deals, or by an appraiser when there are too few. */
export const appraiseAccount = (body: AppraisalRequest) => post<ApiResult<Appraisal>>('/account/backlist', body)

export const listMyAppraisals = (query: PageQuery) =>
  get<ApiTable<Appraisal>>('/account/backlist/allList', { ...query, mode: 'appraise' })

export const fetchAppraisal = (id: number) => get<ApiResult<Appraisal>>(`/account/appraisal/${id}`)
