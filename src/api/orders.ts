import type { ApiResult, ApiTable, PageQuery } from '@/contract/envelope'
import type { Credentials, MyOrdersQuery, Order, OrderStatus, Quote, QuoteRequest } from '@/contract/orders'
import { get, post } from './request'

/** The order calls of API.md ("Orders and payment"). Every amount comes from the server. */

export const quoteOrder = (body: QuoteRequest) => post<ApiResult<Quote>>('/order/quote', body)

/**
 * Places the order. `idempotencyKey` belongs to one submit attempt: a retry of the same attempt sends the
 * same key, so a lost answer never makes a second order.
 */
export const createOrder = (body: QuoteRequest, idempotencyKey: string) =>
  post<ApiResult<Order>>('/order', { ...body, agree: true }, { header: { 'Idempotency-Key': idempotencyKey } })

/** A fresh key for one submit attempt (the server takes 8–64 characters). */
export function newIdempotencyKey(): string {
  const random = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0')
  return `${Date.now().toString(36)}-${random()}${random()}`
}

/** The list query as the screens use it: a tab may stand for several statuses (交易中 = paid + handed_over). */
export type OrdersQuery = Omit<MyOrdersQuery, 'status' | 'pageNum' | 'pageSize'> & {
  status?: OrderStatus | OrderStatus[]
}

export const listMyOrders = ({ status, ...query }: OrdersQuery, page: PageQuery) =>
  get<ApiTable<Order>>('/need/myOrder', {
    ...query,
    status: Array.isArray(status) ? status.join(',') : status,
    ...page,
  })

export const fetchOrder = (id: number) => get<ApiResult<Order>>(`/need/myOrder/${id}`)

/** The order a payment belongs to (the Alipay return page knows only the trade number). */
export const fetchOrderByTradeNo = (outTradeNo: string) =>
  get<ApiResult<Order>>('/need/myOrder/byTradeNo', { outTradeNo })

export const cancelOrder = (id: number, reason?: string) =>
  post<ApiResult<Order>>(`/need/myOrder/${id}/cancel`, reason ? { reason } : {})

export const confirmOrder = (id: number) => post<ApiResult<Order>>(`/need/myOrder/${id}/confirm`, {})

/** Logged by the server on every call; the answer is shown, never stored. */
export const fetchCredentials = (id: number) => get<ApiResult<Credentials>>(`/need/myOrder/${id}/credentials`)
