/**
 * The sweeper goes on past what fails: a row the database refuses, a payee the vault cannot open, a whole step
 * whose table is gone. Each is logged with its id and counted in `sweeper_failures_total`, everything else due
 * is done in the same run, and the next run steps the row once it can be.
 */
import { eq, sql } from 'drizzle-orm'
import { accountDeletions, goods, idempotencyKeys, orders, payouts, sessions } from '../../server/db/schema'
import { deleteExpired } from '../../server/lib/retention'
import { registry } from '../../server/lib/metrics'
import { runSweep } from '../../server/modules/orders/sweeper'
import { startSweeper } from '../../server/sweeper'
import { handedOverDeal, makeDeal, until, useDealWorld } from './helpers/deals'
import { createPerson } from './helpers/http'

const world = useDealWorld()
const DAY = 86_400_000

/** The sweeper's dependencies, with a log that keeps what it was told. */
function sweepDeps() {
  const logged: { sweep?: string; id?: number; message: string }[] = []
  const deps = {
    db: world.database.db,
    payments: world.app.deps.payments,
    vault: world.app.deps.vault,
    log: {
      error: (object: unknown, message: string) =>
        logged.push({ ...(object as { sweep?: string; id?: number }), message }),
    },
  }
  return { deps, logged }
}

async function failures(sweep: string): Promise<number> {
  const metric = await registry.getSingleMetric('sweeper_failures_total')!.get()
  return metric.values.find((value) => value.labels.sweep === sweep)?.value ?? 0
}

const statusOf = async (orderId: number) =>
  (await world.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status

afterEach(async () => {
  await world.database.db.execute(sql`drop trigger if exists refuse_order on orders`)
})

test('an order the database refuses to change does not hold up the others due, and is stepped once it can be', async () => {
  const refused = await makeDeal(world.database, world.app, world.gameId, { paid: false })
  const other = await makeDeal(world.database, world.app, world.gameId, { paid: false })
  await world.database.db.execute(sql`
    create or replace function refuse_order() returns trigger language plpgsql as $$
      begin raise exception 'order refused by the test'; end $$`)
  await world.database.db.execute(
    sql.raw(`create trigger refuse_order before update on orders for each row
      when (old.id = ${refused.orderId}) execute function refuse_order()`),
  )
  const before = await failures('orders')
  const { deps, logged } = sweepDeps()

  const swept = await runSweep(deps, new Date(Date.now() + DAY))
  expect(await statusOf(other.orderId)).toBe('cancelled')
  expect(await statusOf(refused.orderId)).toBe('pending_payment')
  expect(swept.cancelled).toBeGreaterThanOrEqual(1)
  // Nothing of the refused cancel is left half-done: its listing is still held for the order.
  const [listing] = await world.database.db.select().from(goods).where(eq(goods.id, refused.goodsId))
  expect(listing.status).not.toBe('on_sale')
  expect(logged).toContainEqual(expect.objectContaining({ sweep: 'orders', id: refused.orderId }))
  expect(await failures('orders')).toBe(before + 1)

  await world.database.db.execute(sql`drop trigger refuse_order on orders`)
  await runSweep(deps, new Date(Date.now() + DAY))
  expect(await statusOf(refused.orderId)).toBe('cancelled')
})

test('a payout whose account the vault cannot open does not hold up the next seller’s', async () => {
  const unreadable = await handedOverDeal(world, { confirm: true })
  const readable = await handedOverDeal(world, { confirm: true })
  await world.database.db
    .update(goods)
    .set({ payoutSealed: 'v1.not-a-sealed-payee' })
    .where(eq(goods.id, unreadable.goodsId))
  const before = await failures('payouts')
  const { deps, logged } = sweepDeps()

  await runSweep(deps, new Date(Date.now() + 8 * DAY))
  const payoutOf = async (orderId: number) =>
    (await world.database.db.select().from(payouts).where(eq(payouts.orderId, orderId)))[0]
  expect((await payoutOf(readable.orderId)).status).toBe('paid')
  const stuck = await payoutOf(unreadable.orderId)
  expect(stuck.status).toBe('pending')
  expect(logged).toContainEqual(expect.objectContaining({ sweep: 'payouts', id: stuck.id }))
  expect(await failures('payouts')).toBe(before + 1)
})

test('a step that fails does not keep the steps after it from running', async () => {
  const leaving = await createPerson(world.database)
  expect((await world.call('POST', '/api/need/account/deletion', { token: leaving.token })).status).toBe(200)
  await world.database.db
    .update(accountDeletions)
    .set({ eraseAt: new Date(Date.now() - 1000) })
    .where(eq(accountDeletions.userId, leaving.id))
  // The orders' step, the first, finds the payouts' table gone.
  await world.database.db.execute(sql`alter table payouts rename to payouts_away`)
  const before = await failures('orders')
  const { deps, logged } = sweepDeps()
  try {
    await startSweeper(deps, 60_000).stop()
  } finally {
    await world.database.db.execute(sql`alter table payouts_away rename to payouts`)
  }
  expect(logged).toContainEqual(expect.objectContaining({ sweep: 'orders' }))
  expect(await failures('orders')).toBe(before + 1)
  const [deletion] = await world.database.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, leaving.id))
  expect(deletion.status).toBe('erased')
})

test('runs again an interval after each run ends, and not after it is stopped', async () => {
  const runs = async () =>
    Number(/_count (\d+)/.exec(await registry.getSingleMetricAsString('sweeper_run_duration_seconds'))![1])
  const before = await runs()
  const sweeper = startSweeper(sweepDeps().deps, 10)
  await until(async () => (await runs()) >= before + 3)
  await sweeper.stop()
  const atStop = await runs()
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(await runs()).toBe(atStop)
})

test('a session is deleted 180 days after it expired, and an Idempotency-Key a day after its use', async () => {
  const { db } = world.database
  const person = await createPerson(world.database)
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY)
  const session = (tokenHash: string, expiresAt: Date) => ({ userId: person.id, tokenHash, expiresAt })
  await db
    .insert(sessions)
    .values([session('long-gone', daysAgo(181)), session('kept-a-while', daysAgo(179)), session('live', daysAgo(-1))])
  const key = (name: string, createdAt: Date) => ({
    userId: person.id,
    key: name,
    scope: 'order',
    requestHash: '',
    createdAt,
  })
  await db.insert(idempotencyKeys).values([key('yesterday-but-one', daysAgo(2)), key('just-now', new Date())])

  await startSweeper(sweepDeps().deps, 60_000).stop()
  const hashes = await db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, person.id))
  // createPerson signed in too: that session is live.
  expect(hashes.map((row) => row.hash)).toEqual(expect.arrayContaining(['kept-a-while', 'live']))
  expect(hashes.map((row) => row.hash)).not.toContain('long-gone')
  const keys = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.userId, person.id))
  expect(keys.map((row) => row.key)).toEqual(['just-now'])
  expect(await deleteExpired(db)).toEqual({ sessions: 0, keys: 0 })
})
