import type {
  DealMessage,
  DealMessagesQuery,
  DealRoomPage,
  DealRoomSummary,
  SendDealMessage,
} from '@/contract/dealRoom'
import type { ApiResult } from '@/contract/envelope'
import { get, post } from './request'

/** 交易群: a page of a room (the latest, `before` an id, or everything `after` one), and sending to it. */
export const fetchRoom = (orderId: number, query: DealMessagesQuery = {}) =>
  get<ApiResult<DealRoomPage>>(`/need/myOrder/${orderId}/messages`, { ...query })

export const sendToRoom = (orderId: number, body: SendDealMessage) =>
  post<ApiResult<DealMessage>>(`/need/myOrder/${orderId}/messages`, body)

/** The user's rooms with what is unread in each; `background` for the 消息 badge. */
export const listMyRooms = (background = false) =>
  get<ApiResult<DealRoomSummary[]>>('/need/dealRooms', undefined, { background })
