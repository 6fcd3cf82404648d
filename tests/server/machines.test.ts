/**
 * Every declared life cycle, walked exhaustively on a real database: each transition × status × actor ×
 * guard outcome, allowed and refused. The cases are generated from the machines' own tables, so a new row
 * is tested the moment it is written; a new machine fails here until it is given a fixture below. Timed
 * transitions are walked too: the rows their timer finds due, per status, guard and clock.
 */
import fs from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../server/db'
import {
  accountDeletionEvents,
  accountDeletions,
  aftersaleCases,
  aftersaleEvents,
  appraisalEvents,
  claimEvents,
  claims,
  appraisals,
  games,
  goods,
  goodsEvents,
  merchantApplicationEvents,
  merchantApplications,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  payoutEvents,
  payouts,
  escrowTicketEvents,
  escrowTickets,
  recycleRequestEvents,
  recycleRequests,
  rentalEvents,
  rentals,
  users,
} from '../../server/db/schema'
import type { AccountDeletionStatus } from '../../src/contract/account'
import type { AftersaleStatus } from '../../src/contract/aftersale'
import type { AppraisalStatus } from '../../src/contract/appraisals'
import type { ClaimStatus } from '../../src/contract/claims'
import type { EscrowTicketStatus } from '../../src/contract/escrowTickets'
import type { GoodsStatus } from '../../src/contract/catalogue'
import type { MerchantApplicationStatus } from '../../src/contract/merchants'
import type { OrderStatus } from '../../src/contract/orders'
import type { PaymentStatus, PayoutStatus } from '../../src/contract/payments'
import type { RecycleStatus } from '../../src/contract/recycling'
import type { RentalStatus } from '../../src/contract/rentals'
import type { Machine } from '../../server/lib/machine'
import { tradeSettings } from '../../server/lib/settings'
import { createTestDatabase } from './helpers/database'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMachine = Machine<string, string, string, string, { id: number; status: string }, any>

interface Fixture {
  /** Rows of `status` for which each of the machine's guards holds and fails. */
  rows(tx: Executor, status: string): Promise<{ id: number; status: string }[]>
  /** What `create` inserts. */
  values(): Record<string, unknown>
  /** The event rows written for the row `id`. */
  events(tx: Executor, id: number): Promise<number>
}

let database: Database
let buyerId: number
let goodsIds: number[]
let gameId: number
let orderId: number
/** A second order, so a machine may have two rows that each need an order of their own (one claim per order). */
let otherOrderId: number
/** A rental the order fixtures' second row carries the money of: the sale-only guards fail there. */
let rentalId: number
/** The other party of a 中介担保 ticket. */
let sellerId: number

const ROLLBACK = new Error('rollback')
/** Runs `body` in a transaction that is always rolled back: every case starts from the same database. */
async function isolated(body: (tx: Executor) => Promise<void>): Promise<void> {
  await database.db
    .transaction(async (tx) => {
      await body(tx)
      throw ROLLBACK
    })
    .catch((error) => {
      if (error !== ROLLBACK) throw error
    })
}

const orderValues = (goodsId = goodsIds[0]) => ({
  no: `T${Math.random().toString().slice(2, 14)}`,
  buyerId,
  sellerId: null,
  goodsId,
  goods: { id: goodsId, gameId: 0, gameName: '', title: '号', coverImage: '', regionNames: [], price: 10_000 },
  guaranteeType: 'none' as const,
  payMode: 'deposit' as const,
  goodsAmount: 10_000,
  guaranteeAmount: 0,
  serviceAmount: 0,
  totalAmount: 10_000,
  depositAmount: 2_000,
  commissionAmount: 0,
  closeAt: new Date(Date.now() + 900_000),
})

const fixtures: Record<string, Fixture> = {
  order: {
    values: orderValues,
    // A sale paid in full and a rental's order owing a balance, in its protection window and past it, disputed
    // from hand-over and from completion: each guard of the order machine holds in one row and fails in the other.
    rows: (tx, status) =>
      tx
        .insert(orders)
        .values(
          [10_000, 2_000].map((paidAmount, i) => ({
            ...orderValues(goodsIds[i]),
            ...(i === 1 ? { kind: 'rental' as const, rentalId, rentHours: 1 } : {}),
            paidAmount,
            protectedUntil: new Date(Date.now() + (i === 0 ? 3_600_000 : -3_600_000)),
            disputedFrom: i === 0 ? ('handed_over' as const) : ('completed' as const),
            status: status as OrderStatus,
          })),
        )
        .returning(),
    events: async (tx, id) => (await tx.select().from(orderEvents).where(eq(orderEvents.orderId, id))).length,
  },
  goods: {
    values: () => ({ gameId, title: '号', price: 10_000, listedAt: new Date(), soldAt: new Date() }),
    // Delisted by its seller and by an operator: the relist guard holds in one row and fails in the other.
    rows: async (tx, status) =>
      tx
        .insert(goods)
        .values(
          (['seller', 'operator'] as const).map((delistedBy) => ({
            ...fixtures.goods.values(),
            gameId,
            price: 10_000,
            title: '号',
            status: status as GoodsStatus,
            delistedBy,
            // In trade, one listed once and one never listed (a recycled account): the release and withdraw
            // guards each hold in one row. (Elsewhere both were listed: on sale needs a listedAt.) A draft never
            // listed is a 中介担保 ticket's account: the escrow guard holds for it alone.
            listedAt: delistedBy === 'operator' && ['in_trade', 'draft'].includes(status) ? null : new Date(),
            kind: delistedBy === 'operator' && status === 'draft' ? ('guarantee' as const) : ('listing' as const),
          })),
        )
        .returning(),
    events: async (tx, id) => (await tx.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))).length,
  },
  payment: {
    values: () => ({
      orderId,
      outTradeNo: `P${Math.random().toString().slice(2, 14)}`,
      channel: 'alipay',
      kind: 'full',
      amount: 10_000,
    }),
    rows: (tx, status) =>
      tx
        .insert(payments)
        .values({ ...(fixtures.payment.values() as typeof payments.$inferInsert), status: status as PaymentStatus })
        .returning(),
    events: async (tx, id) => (await tx.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id))).length,
  },
  payout: {
    values: () => ({ orderId, sellerId: buyerId, goodsId: goodsIds[0], amount: 9_500 }),
    rows: (tx, status) =>
      tx
        .insert(payouts)
        .values({ ...(fixtures.payout.values() as typeof payouts.$inferInsert), status: status as PayoutStatus })
        .returning(),
    events: async (tx, id) => (await tx.select().from(payoutEvents).where(eq(payoutEvents.payoutId, id))).length,
  },
  'merchant application': {
    values: () => ({
      userId: buyerId,
      name: '星河工作室',
      phone: '13900001111',
      business: '回收成品号',
      gameIds: [gameId],
    }),
    rows: (tx, status) =>
      tx
        .insert(merchantApplications)
        .values({
          ...(fixtures['merchant application'].values() as typeof merchantApplications.$inferInsert),
          status: status as MerchantApplicationStatus,
        })
        .returning(),
    events: async (tx, id) =>
      (await tx.select().from(merchantApplicationEvents).where(eq(merchantApplicationEvents.applicationId, id))).length,
  },
  appraisal: {
    values: () => ({ userId: buyerId, gameId, templateVersion: 1, regionIds: [], attributes: {} }),
    rows: (tx, status) =>
      tx
        .insert(appraisals)
        .values({
          ...(fixtures.appraisal.values() as typeof appraisals.$inferInsert),
          status: status as AppraisalStatus,
          ...(status === 'estimated' ? { estimateMin: 100, estimatePoint: 150, estimateMax: 200 } : {}),
        })
        .returning(),
    events: async (tx, id) =>
      (await tx.select().from(appraisalEvents).where(eq(appraisalEvents.appraisalId, id))).length,
  },
  aftersale: {
    values: () => ({ orderId, buyerId, reason: 'recovered', description: '账号被找回了', dueAt: new Date() }),
    rows: (tx, status) =>
      tx
        .insert(aftersaleCases)
        .values({
          ...(fixtures.aftersale.values() as typeof aftersaleCases.$inferInsert),
          status: status as AftersaleStatus,
        })
        .returning(),
    events: async (tx, id) => (await tx.select().from(aftersaleEvents).where(eq(aftersaleEvents.caseId, id))).length,
  },
  claim: {
    values: () => ({
      orderId,
      buyerId,
      kind: 'recovered',
      description: '账号被找回了',
      payeeSealed: 'sealed',
      payeeMasked: { alipayAccount: '139****0000', name: '张*' },
    }),
    // A transfer refused and one not: the retry permission's guard holds in one row and fails in the other.
    rows: (tx, status) =>
      tx
        .insert(claims)
        .values(
          ['收款人姓名不一致', ''].map((transferFailure, i) => ({
            ...(fixtures.claim.values() as typeof claims.$inferInsert),
            orderId: i === 0 ? orderId : otherOrderId,
            status: status as ClaimStatus,
            transferFailure,
          })),
        )
        .returning(),
    events: async (tx, id) => (await tx.select().from(claimEvents).where(eq(claimEvents.claimId, id))).length,
  },
  'escrow ticket': {
    values: () => ({
      code: `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
      gameId,
      description: '群里谈好的号',
      agreedPrice: 10_000,
      openerRole: 'buyer',
      buyerId,
      sellerId,
      counterpartyPhone: '13900001111',
    }),
    rows: (tx, status) =>
      tx
        .insert(escrowTickets)
        .values({
          ...(fixtures['escrow ticket'].values() as typeof escrowTickets.$inferInsert),
          status: status as EscrowTicketStatus,
        })
        .returning(),
    events: async (tx, id) =>
      (await tx.select().from(escrowTicketEvents).where(eq(escrowTicketEvents.ticketId, id))).length,
  },
  rental: {
    values: () => ({
      goodsId: goodsIds[0],
      renterId: buyerId,
      hours: 1,
      maxHours: 2,
      hourly: 100,
      daily: 1_000,
      rentAmount: 100,
      depositAmount: 500,
      commissionAmount: 5,
    }),
    // Running (just started, an hour left to renew, its check window open) and over (ended, at its longest,
    // started long ago, the window passed): each guard holds in one row and fails in the other.
    rows: (tx, status) =>
      tx
        .insert(rentals)
        .values(
          [1, -1].map((sign) => ({
            ...(fixtures.rental.values() as typeof rentals.$inferInsert),
            hours: sign > 0 ? 1 : 2,
            startAt: new Date(Date.now() - (sign > 0 ? 0 : 7_200_000)),
            endAt: new Date(Date.now() + sign * 3_600_000),
            checkUntil: new Date(Date.now() + sign * 3_600_000),
            status: status as RentalStatus,
          })),
        )
        .returning(),
    events: async (tx, id) => (await tx.select().from(rentalEvents).where(eq(rentalEvents.rentalId, id))).length,
  },
  'account deletion': {
    values: () => ({ userId: buyerId, eraseAt: new Date(Date.now() + 15 * 86_400_000) }),
    rows: (tx, status) =>
      tx
        .insert(accountDeletions)
        .values({
          ...(fixtures['account deletion'].values() as typeof accountDeletions.$inferInsert),
          status: status as AccountDeletionStatus,
        })
        .returning(),
    events: async (tx, id) =>
      (await tx.select().from(accountDeletionEvents).where(eq(accountDeletionEvents.deletionId, id))).length,
  },
  'recycle request': {
    values: () => ({ sellerId: buyerId, goodsId: goodsIds[0], reservePrice: 10_000, windowEndsAt: new Date() }),
    // No quote at the reserve and one above it: the unmet-reserve guard holds in one row and fails in the other.
    rows: (tx, status) =>
      tx
        .insert(recycleRequests)
        .values(
          [null, 12_000].map((bestQuote, i) => ({
            ...(fixtures['recycle request'].values() as typeof recycleRequests.$inferInsert),
            goodsId: goodsIds[i],
            bestQuote,
            quoteCount: bestQuote === null ? 0 : 1,
            // Still open for choosing in one row, run out in the other: the accept guard holds and fails.
            choosingEndsAt: new Date(Date.now() + (i === 0 ? 3_600_000 : -3_600_000)),
            status: status as RecycleStatus,
          })),
        )
        .returning(),
    events: async (tx, id) =>
      (await tx.select().from(recycleRequestEvents).where(eq(recycleRequestEvents.requestId, id))).length,
  },
}

/** Every machine exported by a `server/modules/<domain>/machine.ts`. */
function declaredMachines(): AnyMachine[] {
  const modules = path.resolve(__dirname, '../../server/modules')
  return fs
    .readdirSync(modules)
    .filter((domain) => fs.existsSync(path.join(modules, domain, 'machine.ts')))
    .flatMap((domain) => Object.values(require(path.join(modules, domain, 'machine.ts')) as object))
    .filter((value): value is AnyMachine => typeof value === 'object' && value !== null && 'spec' in value)
}

beforeAll(async () => {
  database = await createTestDatabase()
  const [buyer] = await database.db.insert(users).values({ username: 'walker', phone: '13600000009' }).returning()
  buyerId = buyer.id
  const [seller] = await database.db.insert(users).values({ username: 'teller', phone: '13600000008' }).returning()
  sellerId = seller.id
  const [game] = await database.db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
  gameId = game.id
  const items = await database.db
    .insert(goods)
    .values(
      [1, 2].map(() => ({ gameId: game.id, sellerId: null, title: '号', price: 10_000, status: 'in_trade' as const })),
    )
    .returning()
  goodsIds = items.map((item) => item.id)
  // Not live, so the order fixtures may still take both listings.
  const [order] = await database.db
    .insert(orders)
    .values({ ...orderValues(), status: 'cancelled' })
    .returning()
  orderId = order.id
  const [other] = await database.db
    .insert(orders)
    .values({ ...orderValues(goodsIds[1]), status: 'cancelled' })
    .returning()
  otherOrderId = other.id
  const [rental] = await database.db
    .insert(rentals)
    .values({ ...(fixtures.rental.values() as typeof rentals.$inferInsert), goodsId: goodsIds[1], status: 'cancelled' })
    .returning()
  rentalId = rental.id
})

afterAll(async () => {
  await database?.close()
})

const machines = declaredMachines()

test('every declared machine has a fixture here', () => {
  expect(machines.map((m) => m.spec.name).sort()).toEqual(Object.keys(fixtures).sort())
})

describe.each(machines.map((machine) => [machine.spec.name, machine] as const))('%s machine', (name, machine) => {
  const { transitions, statuses, actors } = machine.spec
  const fixture = () => fixtures[name]

  const moving = Object.entries(transitions).filter(([, rule]) => rule.from.length > 0)
  const creating = Object.entries(transitions).filter(([, rule]) => rule.from.length === 0)

  const createCases = creating.flatMap(([event, rule]) =>
    actors.map((actor) => [event, actor, rule.by.includes(actor)] as const),
  )
  // A machine whose rows are made elsewhere (seeded, or by another machine's event) has no creating event.
  const testCreate = createCases.length > 0 ? test.each(createCases) : () => undefined
  testCreate('create by %s as %s: allowed %s', async (event, actor, allowed) => {
    await isolated(async (tx) => {
      const attempt = machine.create(tx, event, { kind: actor }, fixture().values())
      if (!allowed) return void (await expect(attempt).rejects.toThrow(`${name}: ${actor} may not ${event}`))
      const row = await attempt
      expect(row.status).toBe(transitions[event].to)
      expect(await fixture().events(tx, row.id)).toBe(1)
    })
  })

  test.each(
    moving.flatMap(([event]) => statuses.flatMap((status) => actors.map((actor) => [event, status, actor] as const))),
  )('%s from %s by %s', async (event, status, actor) => {
    const rule = transitions[event]
    await isolated(async (tx) => {
      for (const row of await fixture().rows(tx, status)) {
        const expected = rule.from.includes(status) && (rule.guard?.holds(row) ?? true)
        expect(machine.can(event, row, actor)).toBe(rule.by.includes(actor) && expected)
        const attempt = machine.transition(tx, row.id, event, { kind: actor })
        if (!rule.by.includes(actor)) {
          await expect(attempt).rejects.toThrow(`${name}: ${actor} may not ${event}`)
          continue
        }
        const moved = await attempt
        expect(moved?.status ?? null).toBe(expected ? rule.to : null)
        expect(await fixture().events(tx, row.id)).toBe(expected ? 1 : 0)
      }
    })
  })

  const timedCases = machine.timed.flatMap((event) => statuses.map((status) => [event, status] as const))
  const testTimed = timedCases.length > 0 ? test.each(timedCases) : () => undefined
  testTimed('%s on its timer, from %s', async (event, status) => {
    const rule = transitions[event]
    const timer = rule.timer!
    expect(rule.by).toContain('system')
    await isolated(async (tx) => {
      const settings = { ...(await tradeSettings(tx)), autoHandOver: true }
      const clock = new Date('2026-01-01T00:00:00Z')
      const rows = await fixture().rows(tx, status)
      const ids = rows.map((row) => row.id)
      const { table } = machine.spec
      await tx.execute(sql`update ${table} set ${sql.identifier(timer.at.name)} = ${clock} where id in ${ids}`)
      const dueAt = async (offset: number) => {
        const now = new Date(clock.getTime() + (timer.after?.(settings) ?? 0) + offset)
        const found = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(inArray(table.id, ids), machine.due(event, now, settings)!))
        return found.map((row) => row.id).sort()
      }
      const expected = rows.filter((row) => rule.from.includes(status) && (rule.guard?.holds(row) ?? true))
      expect(await dueAt(60_000)).toEqual(expected.map((row) => row.id).sort())
      expect(await dueAt(-60_000)).toEqual([])
      if (timer.on) expect(machine.due(event, clock, { ...settings, autoHandOver: false })).toBeNull()
    })
  })
})
