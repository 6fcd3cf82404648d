/**
 * 交易群 (API.md, "Orders and payment"): a member's history and sending under /need/myOrder/{id}/messages,
 * staff's under /admin/orders/{id}/messages (a console session, audited), and the WebSocket at /api/ws — the
 * token in its first frame, never in the address — that pushes each new message of the user's rooms.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { WebSocket } from 'ws'
import { Type } from 'typebox'
import {
  DealMessage,
  DealMessagesQuery,
  DealRoomPage,
  DealRoomSummary,
  SendDealMessage,
} from '../../../src/contract/dealRoom'
import type { DealSocketIn, DealSocketOut } from '../../../src/contract/dealRoom'
import { OrderId } from '../../../src/contract/orders'
import type { AppDeps } from '../../deps'
import { PUBLIC } from '../../lib/access'
import { audit, staffOf } from '../../lib/audit'
import { requireUser, SESSION_EXPIRED_MSG, userOfToken } from '../../lib/auth'
import { Ajax, AppError, ok } from '../../lib/envelope'
import { webSockets } from '../../lib/metrics'
import { consume } from '../../lib/rateLimit'
import { staffOnly } from '../../lib/staff'
import { DealRoomHub, watchesRooms, type RoomSocket } from './hub'
import * as room from './service'

type Deps = Pick<AppDeps, 'config' | 'database' | 'kv'>

/** Seconds a new socket has to send its token. */
const AUTH_WITHIN_MS = 10_000
/** A socket that answers no ping for this long is gone. */
const HEARTBEAT_MS = 30_000
/** Close codes: no (valid) token; not allowed. */
const UNAUTHORIZED = 4401

export const dealRoomRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, database, kv }) => {
  const db = database.db
  const lifetime = { ttlDays: config.sessionTtlDays, maxDays: config.sessionMaxDays }
  const hub = new DealRoomHub(db, kv, lifetime, (error) => app.log.error(error))
  app.addHook('onReady', () => hub.start())
  app.addHook('onClose', () => hub.stop())
  const tags = ['dealRoom']
  const deps = { db, dataDir: config.dataDir }
  const limited = (userId: number) =>
    consume(kv, [{ key: `rl:deal:${userId}`, max: 20, windowSeconds: 60, message: '发送过于频繁，请 {s} 秒后再试' }])

  app.get(
    '/need/myOrder/:id/messages',
    {
      schema: {
        summary: '交易群消息（买家或卖家，付款后）：最新一页并标为已读，before 翻看更早，after 补收断线期间的消息',
        tags,
        params: OrderId,
        querystring: DealMessagesQuery,
        response: { 200: Ajax(DealRoomPage) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      return ok(await room.history(db, request.params.id, { userId: user.id, staff: false }, request.query))
    },
  )

  app.get(
    '/need/dealRooms',
    {
      schema: {
        summary: '我的交易群（作为买家或卖家，付款后的订单）：最新消息在前，含未读数',
        tags,
        response: { 200: Ajax(Type.Array(DealRoomSummary)) },
      },
    },
    async (request) => ok(await room.myRooms(db, requireUser(request).id)),
  )

  app.post(
    '/need/myOrder/:id/messages',
    {
      schema: {
        summary: '在交易群发消息（文字 ≤ 1000 字或一张上传的图片；同一 clientId 只发一次；联系方式对对方打码）',
        tags,
        params: OrderId,
        body: SendDealMessage,
        response: { 200: Ajax(DealMessage) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      await limited(user.id)
      const message = await room.send(deps, request.params.id, { userId: user.id, staff: false }, request.body)
      void hub.drain()
      return ok(message)
    },
  )

  app.get(
    '/admin/orders/:id/messages',
    {
      config: staffOnly('service'),
      schema: {
        summary: '订单的交易群（客服）：原文可见',
        tags: ['admin'],
        params: OrderId,
        querystring: DealMessagesQuery,
        response: { 200: Ajax(DealRoomPage) },
      },
    },
    async (request) => {
      const user = requireUser(request)
      return ok(await room.history(db, request.params.id, { userId: user.id, staff: true }, request.query))
    },
  )

  app.post(
    '/admin/orders/:id/messages',
    {
      config: staffOnly('service'),
      schema: {
        summary: '客服在交易群发消息（带客服工号认证标识，可在客服验证中查询）',
        tags: ['admin'],
        params: OrderId,
        body: SendDealMessage,
        response: { 200: Ajax(DealMessage) },
      },
    },
    async (request) => {
      const staff = staffOf(request)
      const message = await room.send(
        deps,
        request.params.id,
        { userId: staff.userId, staff: true },
        request.body,
        (tx, id) => audit(tx, staff, 'dealRoom.message', { type: 'order', id: request.params.id }, { messageId: id }),
      )
      void hub.drain()
      return ok(message)
    },
  )

  app.get('/ws', { websocket: true, config: PUBLIC, schema: { hide: true } }, (socket: WebSocket, request) => {
    // request.log carries the upgrade's request id: what happens on this socket is logged under it.
    webSockets.inc()
    let client: RoomSocket | null = null
    let alive = true
    const send = (frame: DealSocketOut) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
    }
    const refuse = (message: string) => {
      send({ type: 'error', message })
      socket.close(UNAUTHORIZED, 'unauthorized')
    }
    const authTimer = setTimeout(() => refuse('请先登录'), AUTH_WITHIN_MS)
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate()
      alive = false
      socket.ping()
    }, HEARTBEAT_MS)
    socket.on('pong', () => (alive = true))
    socket.on('close', () => {
      webSockets.dec()
      clearTimeout(authTimer)
      clearInterval(heartbeat)
      if (client) hub.remove(client)
    })
    socket.on('message', (raw) => {
      alive = true
      void (async () => {
        let frame: DealSocketIn
        try {
          frame = JSON.parse(String(raw)) as DealSocketIn
        } catch {
          return send({ type: 'error', message: '消息格式不正确' })
        }
        if (!client) {
          if (frame.type !== 'auth' || typeof frame.token !== 'string') return refuse('请先登录')
          const user = await userOfToken(db, frame.token, lifetime)
          if (!user) return refuse(SESSION_EXPIRED_MSG)
          clearTimeout(authTimer)
          const staff = user.staff && watchesRooms(user.roles)
          client = {
            viewer: { userId: user.id, staff },
            sessionId: user.sessionId,
            watching: new Set(),
            send,
            end: refuse,
          }
          hub.add(client)
          return send({ type: 'ready' })
        }
        if (frame.type === 'ping') return send({ type: 'pong' })
        if (frame.type === 'watch' && client.viewer.staff && Number.isInteger(frame.orderId)) {
          await room.openRoom(db, frame.orderId, client.viewer)
          client.watching.add(frame.orderId)
        }
      })().catch((error: unknown) => {
        if (error instanceof AppError) return send({ type: 'error', message: error.message })
        request.log.error({ err: error }, 'deal socket frame failed')
        send({ type: 'error', message: '服务繁忙，请稍后再试' })
      })
    })
  })
}
