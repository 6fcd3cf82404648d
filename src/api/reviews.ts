import type { ApiResult } from '@/contract/envelope'
import type { MyReview, ReviewRequest, SellerCard } from '@/contract/reviews'
import { get, post, put } from './request'

/** 评价: the buyer's review of an order (null before one), writing and changing it; the public seller cards. */
export const fetchMyReview = (orderId: number) => get<ApiResult<MyReview | null>>(`/need/myOrder/${orderId}/review`)

export const writeReview = (orderId: number, body: ReviewRequest, edit: boolean) =>
  (edit ? put : post)<ApiResult<MyReview>>(`/need/myOrder/${orderId}/review`, body)

export const fetchSellerCard = (id: number) => get<ApiResult<SellerCard>>(`/web/seller/${id}`)

/** The card of whoever sells a listing (自营: the platform's own). */
export const fetchGoodsSeller = (goodsId: number) => get<ApiResult<SellerCard>>(`/web/good/${goodsId}/seller`)
