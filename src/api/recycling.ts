import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import type {
  MyQuote,
  MyRecycleQuery,
  MyRecycleRequest,
  OpenRequest,
  OpenRequestsQuery,
  Quote,
  RecycleRequest,
  RecycleTerms,
} from '@/contract/recycling'
import { get, post } from './request'

/** 竞价回收, the seller's side: publish, follow, choose a quote or cancel. */
export const publishRecycle = (body: RecycleRequest) => post<ApiResult<MyRecycleRequest>>('/account/backlist', body)

export const fetchRecycleTerms = () => get<ApiResult<RecycleTerms>>('/account/backlist/terms')

export const listMyRecycles = (query: MyRecycleQuery) =>
  get<ApiTable<MyRecycleRequest>>('/account/backlist/allList', { ...query, mode: 'recycle' })

export const fetchMyRecycle = (id: number) => get<ApiResult<MyRecycleRequest>>(`/account/backlist/${id}`)

export const listQuotesOf = (id: number) => get<ApiResult<Quote[]>>(`/account/backlist/${id}/quotes`)

export const acceptQuote = (id: number, quoteId: number) =>
  post<ApiResult<MyRecycleRequest>>(`/account/backlist/${id}/accept`, { quoteId })

export const cancelRecycle = (id: number) => post<ApiResult<MyRecycleRequest>>(`/account/backlist/${id}/cancel`, {})

/** 竞价回收, the merchants' side: the open requests, a sealed quote, their own quotes. */
export const listOpenRequests = (query: OpenRequestsQuery) =>
  get<ApiTable<OpenRequest>>('/merchant/requests', { ...query })

export const placeQuote = (requestId: number, price: number) =>
  post<ApiResult<MyQuote>>('/merchant/quotes', { requestId, price })

export const listMyQuotes = (id: number | undefined, page: PageQuery) =>
  get<ApiTable<MyQuote>>('/merchant/quotes', { ...(id ? { id } : {}), ...page })
