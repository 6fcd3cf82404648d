/**
 * Live delivery of deal-room messages. A message is committed first (a person's in its own transaction, a
 * card in the order step's) and delivered after: the outbox — rows not yet published — is claimed by
 * whichever instance gets there first (SKIP LOCKED), and each claimed id is broadcast on the shared store's
 * channel (Redis pub/sub with several instances), so every instance pushes it to its own sockets of that
 * room, rendered for each reader. An instance drains the outbox right after a send and every half second. A
 * broadcast the store refused goes back to the outbox; an instance whose line to the store broke tells its
 * sockets to catch up (a `ready` frame, as after their own reconnection), since it heard nothing meanwhile.
 *
 * A socket is signed in once, by its first frame; every 30 s the hub asks which of its sockets' sessions are
 * still in force (one query for all of them) and closes the others with 4401 — signed out (here or 退出所有设备),
 * password changed, account closed or disabled, or simply expired — as well as staff's whose admin or service
 * role was taken away: a socket hears its rooms only while the session that opened it could.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { DealSocketOut } from '../../../src/contract/dealRoom'
import type { Executor } from '../../db'
import { dealMessages, orders, type Role } from '../../db/schema'
import { SESSION_EXPIRED_MSG, sessionsInForce, type SessionLifetime } from '../../lib/auth'
import type { KvStore } from '../../lib/kv'
import { actionableOrder } from '../orders/machine'
import { render, roleIn, type RoomViewer } from './service'

const CHANNEL = 'deal-room'
const DRAIN_EVERY_MS = 500
const CLAIM_BATCH = 200
const SESSION_CHECK_MS = 30_000
const NO_LONGER_STAFF = '你已没有查看交易群的权限'

/** Staff who follow rooms from the console: admins and the service desk. */
export const watchesRooms = (roles: readonly Role[]): boolean =>
  roles.some((role) => role === 'admin' || role === 'service')

/** A signed-in socket: who it is, what it is watching (staff), and how to send it a frame or end it. */
export interface RoomSocket {
  viewer: RoomViewer
  /** The session it signed in with. */
  sessionId: number
  /** Staff follow the rooms they open; members hear all of theirs. */
  watching: Set<number>
  send(frame: DealSocketOut): void
  /** Tells the client why, and closes the socket as unauthorized. */
  end(message: string): void
}

export class DealRoomHub {
  private readonly sockets = new Set<RoomSocket>()
  private timer: NodeJS.Timeout | undefined
  private checkTimer: NodeJS.Timeout | undefined
  private unsubscribe: (() => void) | undefined
  private draining: Promise<void> | undefined
  private checking: Promise<void> | undefined

  constructor(
    private readonly db: Executor,
    private readonly kv: KvStore,
    private readonly lifetime: SessionLifetime,
    private readonly onError: (error: unknown) => void,
    private readonly checkEveryMs = SESSION_CHECK_MS,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.kv.subscribe(
      CHANNEL,
      (message) => {
        const ids = JSON.parse(message) as number[]
        this.deliver(ids).catch(this.onError)
      },
      // What was broadcast during the break never came here: every socket is told to catch up, as after a
      // reconnection of its own.
      () => {
        for (const socket of this.sockets) socket.send({ type: 'ready' })
      },
    )
    this.timer = setInterval(() => void this.drain(), DRAIN_EVERY_MS)
    this.timer.unref()
    this.checkTimer = setInterval(() => {
      this.checking ??= this.checkSessions()
        .catch(this.onError)
        .finally(() => (this.checking = undefined))
    }, this.checkEveryMs)
    this.checkTimer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    clearInterval(this.checkTimer)
    this.unsubscribe?.()
    await Promise.all([this.draining, this.checking])
  }

  add(socket: RoomSocket): void {
    this.sockets.add(socket)
  }

  remove(socket: RoomSocket): void {
    this.sockets.delete(socket)
  }

  /** Ends the sockets whose session is no longer in force, and staff's that may no longer watch rooms. */
  async checkSessions(): Promise<void> {
    if (this.sockets.size === 0) return
    const inForce = await sessionsInForce(
      this.db,
      [...new Set([...this.sockets].map((socket) => socket.sessionId))],
      this.lifetime,
    )
    for (const socket of this.sockets) {
      const roles = inForce.get(socket.sessionId)
      if (roles && (!socket.viewer.staff || watchesRooms(roles))) continue
      this.sockets.delete(socket)
      socket.end(roles ? NO_LONGER_STAFF : SESSION_EXPIRED_MSG)
    }
  }

  /** Claims what is committed and unpublished, and broadcasts it; one drain at a time per instance. */
  drain(): Promise<void> {
    this.draining ??= this.claim()
      .then((ids) => (ids.length ? this.announce(ids) : undefined))
      .catch(this.onError)
      .finally(() => (this.draining = undefined))
    return this.draining
  }

  /** Broadcasts `ids`; when the store cannot be reached they go back to the outbox, for the next drain. */
  private async announce(ids: number[]): Promise<void> {
    try {
      await this.kv.publish(CHANNEL, JSON.stringify(ids))
    } catch (error) {
      await this.db.update(dealMessages).set({ publishedAt: null }).where(inArray(dealMessages.id, ids))
      throw error
    }
  }

  private async claim(): Promise<number[]> {
    const claimed = await this.db
      .update(dealMessages)
      .set({ publishedAt: new Date() })
      .where(
        inArray(
          dealMessages.id,
          sql`(select ${dealMessages.id} from ${dealMessages} where ${dealMessages.publishedAt} is null
               order by ${dealMessages.id} limit ${CLAIM_BATCH} for update skip locked)`,
        ),
      )
      .returning({ id: dealMessages.id })
    return claimed.map((row) => row.id).sort((a, b) => a - b)
  }

  /** Pushes each message to this instance's sockets in its room, as each of them reads it. */
  private async deliver(ids: number[]): Promise<void> {
    if (this.sockets.size === 0 || ids.length === 0) return
    const rows = await this.db
      .select({ message: dealMessages, order: actionableOrder })
      .from(dealMessages)
      .innerJoin(orders, eq(orders.id, dealMessages.orderId))
      .where(inArray(dealMessages.id, ids))
      .orderBy(dealMessages.id)
    for (const { message, order } of rows) {
      for (const socket of this.sockets) {
        const member = socket.viewer.staff ? socket.watching.has(order.id) : roleIn(order, socket.viewer) !== null
        if (member) socket.send({ type: 'message', orderId: order.id, message: render(message, order, socket.viewer) })
      }
    }
  }
}
