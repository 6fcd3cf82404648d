import type { AftersaleCase, AftersaleReply, AftersaleRequest } from '@/contract/aftersale'
import type { ApiResult } from '@/contract/envelope'
import { get, post } from './request'

/** 申请售后 on an order; a case as its buyer or seller reads it; the seller's answer. */
export const openAftersale = (orderId: number, body: AftersaleRequest) =>
  post<ApiResult<AftersaleCase>>(`/need/myOrder/${orderId}/aftersale`, body)

export const fetchAftersale = (id: number) => get<ApiResult<AftersaleCase>>(`/need/aftersale/${id}`)

export const replyAftersale = (id: number, body: AftersaleReply) =>
  post<ApiResult<AftersaleCase>>(`/need/aftersale/${id}/reply`, body)
