/**
 * The staff's order desk (GET /api/admin/orders/{id}): the order as its viewer may act on it, who bought
 * and sold it (phones masked), its timeline from the event rows and its postings in the escrow journal.
 */
import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminOrderDetail } from '../../../src/contract/orders'
import { maskPhone } from '../../../src/contract/validation'
import type { Executor } from '../../db'
import { ledgerEntries, orderEvents, orders, users } from '../../db/schema'
import type { Viewer } from './machine'
import { getOrder } from './service'

const sellers = alias(users, 'sellers')

const party = (user: { id: number; name: string; phone: string | null }) => ({ ...user, phone: maskPhone(user.phone) })

export async function deskOrder(db: Executor, viewer: Viewer, id: number): Promise<AdminOrderDetail> {
  const order = await getOrder(db, viewer, id)
  const [[parties], events, postings] = await Promise.all([
    db
      .select({
        buyer: { id: users.id, name: users.nickName, phone: users.phone },
        seller: { id: sellers.id, name: sellers.nickName, phone: sellers.phone },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .leftJoin(sellers, eq(sellers.id, orders.sellerId))
      .where(eq(orders.id, id)),
    db
      .select({
        event: orderEvents.event,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        actor: orderEvents.actor,
        // Staff by the name they sign in with (as the audit log has them), buyers and sellers by their nickname.
        actorName: sql<
          string | null
        >`case when ${orderEvents.actor} = 'operator' then ${users.username} else ${users.nickName} end`,
        detail: orderEvents.detail,
        at: orderEvents.createdAt,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id)).orderBy(asc(ledgerEntries.id)),
  ])
  return {
    ...order,
    buyer: party(parties.buyer),
    seller: parties.seller && party(parties.seller),
    timeline: events.map((e) => ({ ...e, actorName: e.actorName ?? '', at: e.at.toISOString() })),
    ledger: postings.map((p) => ({
      id: p.id,
      kind: p.kind,
      amount: p.amount,
      debitAccount: p.debitAccount,
      creditAccount: p.creditAccount,
      at: p.createdAt.toISOString(),
    })),
  }
}
