import { count, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../server/db'
import { accountDeletions, users } from '../../server/db/schema'
import { createSession } from '../../server/lib/auth'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { seedCatalogue } from '../../server/seed/catalogue'
import { seedDemoDeletion } from '../../server/seed/deletion'
import { seedDemoMerchant } from '../../server/seed/merchants'
import { seedDemoRecycling } from '../../server/seed/recycling'
import { seedDemoTicket } from '../../server/seed/tickets'
import { seedDemoTrades } from '../../server/seed/trades'
import { seedDemoUsers } from '../../server/seed/users'
import type { AccountDeletionState } from '../../src/contract/account'
import { COOLING_OFF_DAYS, DAY_MS } from '../../src/contract/constants'
import type { MyListing } from '../../src/contract/consignment'
import type { EscrowTicket } from '../../src/contract/escrowTickets'
import type { MyQuote, MyRecycleRequest, OpenRequest } from '../../src/contract/recycling'
import type { Rental } from '../../src/contract/rentals'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createCaller } from './helpers/http'

/**
 * 竞价回收 and 中介担保 on the demo's own data, as a fresh `npm start` makes them: the demo seller's requests in each
 * state, the demo merchant's quotes, the one completed deal through the real order, ledger and sweeper; and the
 * ticket the demo buyer is to approve; and the account in the cooling-off period of its 注销.
 */
let database: Database
let app: ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
const tokens: Record<string, string> = {}

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  call = createCaller(app)
  const { vault, payments, config, lookupKey } = app.deps
  await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
  await seedCatalogue(database.db, { dataDir: config.dataDir, vault })
  await seedDemoMerchant(database.db)
  await seedDemoDeletion(database.db)
  const deps = { db: database.db, payments, vault, log: app.log, dataDir: config.dataDir }
  await seedDemoTrades(deps, 'http://127.0.0.1:1')
  expect(await seedDemoRecycling({ ...deps, lookupKey }, 'http://127.0.0.1:1')).toBe(5)
  expect(await seedDemoTicket({ ...deps, lookupKey })).toBe(1)
  const people = await database.db
    .select()
    .from(users)
    .where(inArray(users.username, ['buyer', 'seller', 'merchant', 'leaver']))
  for (const person of people)
    tokens[person.username] = (
      await createSession(database.db, person.id, 7, { ip: '127.0.0.1', userAgent: 'jest' })
    ).token
  // The whole demo, as a fresh start makes it: about 24 s alone on two cores (the catalogue draws its pictures), so
  // the 30 s a hook is given by default went by on a busier machine.
}, 90_000)

afterAll(async () => {
  await app.close()
  await database.close()
})

test('the seller has a request in each state a seller meets; the completed one went through the real order', async () => {
  const { body } = await call('GET', '/api/account/backlist/allList', {
    token: tokens.seller,
    query: { mode: 'recycle', pageNum: 1, pageSize: 10 },
  })
  const rows = body.rows as MyRecycleRequest[]
  expect(rows.map((r) => r.status).sort()).toEqual(['choosing', 'completed', 'expired', 'quoting', 'quoting'])
  const choosing = rows.find((r) => r.status === 'choosing')!
  // The one to choose: the merchant's quote is over the reserve and the 24 hours to choose have just begun.
  expect(choosing.actions).toEqual(expect.arrayContaining(['accept']))
  expect(choosing.bestQuote).toBeGreaterThanOrEqual(choosing.reservePrice)
  expect(new Date(choosing.choosingEndsAt!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  // Bidding still open: sealed, the count only.
  for (const open of rows.filter((r) => r.status === 'quoting')) expect(open.bestQuote).toBeNull()
  const completed = rows.find((r) => r.status === 'completed')!
  const order = await call('GET', `/api/need/myOrder/${completed.orderId}`, { token: tokens.merchant })
  expect(order.body.data.status).toBe('completed')
  expect((await verifyLedger(database.db)).problems).toEqual([])
})

test('the merchant finds one request to quote and one quoted in the hall, and their quotes in 我的报价', async () => {
  const hall = await call('GET', '/api/merchant/requests', {
    token: tokens.merchant,
    query: { pageNum: 1, pageSize: 10 },
  })
  const open = hall.body.rows as OpenRequest[]
  expect(open.map((r) => r.myQuote === null).sort()).toEqual([false, true])
  const quotes = await call('GET', '/api/merchant/quotes', {
    token: tokens.merchant,
    query: { pageNum: 1, pageSize: 10 },
  })
  const mine = quotes.body.rows as MyQuote[]
  expect(mine.map((q) => `${q.status}:${q.orderStatus}`).sort()).toEqual([
    'submitted:null',
    'submitted:null',
    'won:completed',
  ])
})

test('the buyer has a 中介担保 ticket to approve: the seller joined and entered the account at the agreed price', async () => {
  const [ticket] = (await call('GET', '/api/need/escrow-tickets', { token: tokens.buyer })).body.data as EscrowTicket[]
  expect(ticket).toMatchObject({ status: 'awaiting_approval', role: 'buyer' })
  expect(ticket.actions).toEqual(expect.arrayContaining(['approve', 'reject']))
  const [theirs] = (await call('GET', '/api/need/escrow-tickets', { token: tokens.seller })).body.data as EscrowTicket[]
  expect(theirs).toMatchObject({ id: ticket.id, role: 'seller', actions: ['close'] })
})

test('the seller has a refused payout to fix in each place: a sale in 我的代售, a rental’s rent on the rental', async () => {
  const sold = (await call('GET', '/api/need/myConsignment?status=sold', { token: tokens.seller })).body
    .rows as MyListing[]
  expect(sold.filter((listing) => listing.settlement?.status === 'failed')).toMatchObject([
    { settlement: { reason: '收款人姓名与支付宝账号不一致', actions: ['payee'] } },
  ])
  const rentals = (await call('GET', '/api/need/rentals?role=owner', { token: tokens.seller })).body.data as Rental[]
  const settled = rentals.find((rental) => rental.status === 'settled')!
  expect(settled.payouts).toMatchObject([
    { kind: 'rental', status: 'failed', amount: settled.ownerAmount, reason: '收款账户不存在', actions: ['payee'] },
  ])
  // On sale again, the rented listing is no sale in 我的代售.
  const listed = await call('GET', `/api/need/myConsignment?id=${settled.goodsId}`, { token: tokens.seller })
  const [listing] = listed.body.rows as MyListing[]
  expect(listing).toMatchObject({ status: 'on_sale', orderId: null, settlement: null })
  const changed = await call('PUT', `/api/need/myConsignment/${settled.goodsId}/payee`, {
    token: tokens.seller,
    body: { alipayAccount: 'seller@example.com' },
  })
  expect(changed.status).toBe(200)
  const after = (await call('GET', `/api/need/rental/${settled.id}`, { token: tokens.seller })).body.data as Rental
  expect(after.payouts).toMatchObject([{ status: 'paid', actions: [] }])
  expect((await verifyLedger(database.db)).problems).toEqual([])
})

test('the demo people are verified as the check leaves a person: a masked ID number, counted by its hash', async () => {
  for (const [username, idNumber] of [
    ['buyer', '110***********0017'],
    ['seller', '310***********0033'],
    ['merchant', '440***********0055'],
  ]) {
    const { body } = await call('GET', '/api/system/user/profile', { token: tokens[username] })
    expect(body.data).toMatchObject({ realNameStatus: 'verified', idNumber })
  }
  // A demo database an older start verified without the number gets it at the next start, and keeps it after.
  await database.db.update(users).set({ idNumberSealed: null, idNumberHash: null }).where(eq(users.username, 'buyer'))
  await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
  const [buyer] = await database.db.select().from(users).where(eq(users.username, 'buyer'))
  expect(buyer.idNumberHash).toMatch(/\S/)
  const { body } = await call('GET', '/api/system/user/profile', { token: tokens.buyer })
  expect(body.data.idNumber).toBe('110***********0017')
  // Counted by its hash, as the check counts the accounts one number verified: this one, once.
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.idNumberHash, buyer.idNumberHash!))
  expect(n).toBe(1)
})

test('leaver is in the cooling-off period of a deletion asked a day ago; cancelled, it is not asked again', async () => {
  const deletion = () => call('GET', '/api/need/account/deletion', { token: tokens.leaver })
  const { body } = await deletion()
  const state = body.data as AccountDeletionState
  expect(state).toMatchObject({ deletion: { status: 'cooling_off' }, actions: ['cancel'] })
  const daysLeft = (Date.parse(state.deletion!.eraseAt) - Date.now()) / DAY_MS
  expect(daysLeft).toBeGreaterThan(COOLING_OFF_DAYS - 1.01)
  expect(daysLeft).toBeLessThan(COOLING_OFF_DAYS - 0.99)
  // Signed in, the profile says so: the client asks whether to cancel (撤销注销 / 退出登录).
  const profile = await call('GET', '/api/system/user/profile', { token: tokens.leaver })
  expect(profile.body.data.deletionEraseAt).toBe(state.deletion!.eraseAt)

  expect((await call('DELETE', '/api/need/account/deletion', { token: tokens.leaver })).status).toBe(200)
  await seedDemoDeletion(database.db)
  expect((await deletion()).body.data).toMatchObject({ deletion: null, actions: ['request'] })
  const [leaver] = await database.db.select().from(users).where(eq(users.username, 'leaver'))
  const rows = await database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, leaver.id))
  expect(rows.map((row) => row.status)).toEqual(['cancelled'])
})

test('seeds once', async () => {
  const { vault, payments, config, lookupKey } = app.deps
  const deps = { db: database.db, payments, vault, log: app.log, dataDir: config.dataDir, lookupKey }
  expect(await seedDemoRecycling(deps, 'http://127.0.0.1:1')).toBe(0)
  expect(await seedDemoTicket(deps)).toBe(0)
})
