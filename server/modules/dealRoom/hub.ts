/**
 * Live delivery of deal-room messages. A message is committed first (a person's in its own transaction, a
 * card in the order step's) and delivered after: the outbox — rows not yet published — is claimed by
 * whichever instance gets there first (SKIP LOCKED), and each claimed id is broadcast on the shared store's
 * channel (Redis pub/sub with several instances), so every instance pushes it to its own sockets of that
 * room, rendered for each reader. An instance drains the outbox right after a send and every half second.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { DealSocketOut } from '../../../src/contract/dealRoom'
import type { Executor } from '../../db'
import { dealMessages, orders } from '../../db/schema'
import type { KvStore } from '../../lib/kv'
import { actionableOrder } from '../orders/machine'
import { render, roleIn, type RoomViewer } from './service'

const CHANNEL = 'deal-room'
const DRAIN_EVERY_MS = 500
const CLAIM_BATCH = 200

/** A signed-in socket: who it is, what it is watching (staff), and how to send it a frame. */
export interface RoomSocket {
  viewer: RoomViewer
  /** Staff follow the rooms they open; members hear all of theirs. */
  watching: Set<number>
  send(frame: DealSocketOut): void
}

export class DealRoomHub {
  private readonly sockets = new Set<RoomSocket>()
  private timer: NodeJS.Timeout | undefined
  private unsubscribe: (() => void) | undefined
  private draining: Promise<void> | undefined

  constructor(
    private readonly db: Executor,
    private readonly kv: KvStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.kv.subscribe(CHANNEL, (message) => {
      const ids = JSON.parse(message) as number[]
      this.deliver(ids).catch(this.onError)
    })
    this.timer = setInterval(() => void this.drain(), DRAIN_EVERY_MS)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.unsubscribe?.()
    await this.draining
  }

  add(socket: RoomSocket): void {
    this.sockets.add(socket)
  }

  remove(socket: RoomSocket): void {
    this.sockets.delete(socket)
  }

  /** Claims what is committed and unpublished, and broadcasts it; one drain at a time per instance. */
  drain(): Promise<void> {
    this.draining ??= this.claim()
      .then((ids) => (ids.length ? this.kv.publish(CHANNEL, JSON.stringify(ids)) : undefined))
      .catch(this.onError)
      .finally(() => (this.draining = undefined))
    return this.draining
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
