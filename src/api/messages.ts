import type { ApiResult } from '@/contract/envelope'
import type { Message, MessageListQuery, MessagePage } from '@/contract/messages'
import { getState, readToken, setState } from '@/store'
import type { DealRoomSummary } from '@/contract/dealRoom'
import { listMyRooms } from './dealRoom'
import { get } from './request'

/** The caller's messages, newest first, with the unread count over all of them. */
export const listMessages = (query: MessageListQuery) => get<MessagePage>('/need/message/list', { ...query })

/** Marks one of the caller's messages read and returns it. */
export const markMessageRead = (id: number) => get<ApiResult<Message>>(`/need/message/changeRead/${id}`)

/**
 * Refreshes the unread count behind the 消息 tab's badge. Signed out there is nothing to count; the call
 * runs in the background, so an expired session is only forgotten, without the sign-in prompt.
 */
export async function refreshUnread(): Promise<void> {
  if (!readToken()) {
    if (getState().unreadMessages || getState().unreadRooms) setState({ unreadMessages: 0, unreadRooms: 0 })
    return
  }
  // Each count is kept as it was when its call fails; the 消息 page itself shows any failure.
  const [page, rooms] = await Promise.allSettled([
    get<MessagePage>('/need/message/list', { pageNum: 1, pageSize: 1 }, { background: true }),
    listMyRooms(true),
  ])
  setState({
    ...(page.status === 'fulfilled' ? { unreadMessages: page.value.data.unread } : {}),
    ...(rooms.status === 'fulfilled' ? { unreadRooms: sumUnread(rooms.value.data) } : {}),
  })
}

/** Everything unread over the user's rooms. */
export const sumUnread = (rooms: DealRoomSummary[]) => rooms.reduce((sum, room) => sum + room.unread, 0)
