import type {
  AccountCredentials,
  ConsignmentCreated,
  ConsignmentDetail,
  ConsignmentRequest,
  FeePreview,
  MyConsignmentQuery,
  MyListing,
  PayeeChange,
} from '@/contract/consignment'
import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import { get, post, put } from './request'

/** The selling calls of API.md ("Selling"): list an account, see one's listings, price and availability. */

export const previewFee = (price: number) => post<ApiResult<FeePreview>>('/need/consignment/fee', { price })

export const createConsignment = (body: ConsignmentRequest) =>
  post<ApiResult<ConsignmentCreated>>('/need/consignment', body)

/** One of my listings as the form edits it (no credentials; the payout masked). */
export const fetchConsignment = (id: number) => get<ApiResult<ConsignmentDetail>>(`/need/consignment/${id}`)

/** Edits a rejected or delisted listing; it goes back to review. */
export const resubmitConsignment = (id: number, body: ConsignmentRequest) =>
  put<ApiResult<MyListing>>(`/need/consignment/${id}`, body)

export const updateCredentials = (id: number, body: AccountCredentials) =>
  put<ApiResult<MyListing>>(`/need/consignment/${id}/credentials`, body)

export const listMyConsignments = ({ status, id }: Omit<MyConsignmentQuery, keyof PageQuery>, page: PageQuery) =>
  get<ApiTable<MyListing>>('/need/myConsignment', { ...(status ? { status } : {}), ...(id ? { id } : {}), ...page })

export const relistGoods = (id: number) => get<ApiResult<MyListing>>(`/goods/info/upGoods/${id}`)

export const delistGoods = (id: number, reason: string) =>
  post<ApiResult<MyListing>>('/goods/info/downGoods', { id, reason })

export const editGoodsPrice = (id: number, price: number) =>
  post<ApiResult<MyListing>>('/need/goods/editPrice', { id, price })

/** Another Alipay account for a refused payout (in the seller's verified name); the payout is sent again at once. */
export const changePayee = (id: number, body: PayeeChange) =>
  put<ApiResult<MyListing>>(`/need/myConsignment/${id}/payee`, body)
