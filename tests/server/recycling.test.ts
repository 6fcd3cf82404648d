/**
 * 竞价回收, the bidding half: a verified seller publishes an account with a reserve and a window (checked
 * and sealed as a listing, kept off the market); merchants quote sealed — one quote each, raised only,
 * refused after the window by the server's clock — and no answer a merchant or the seller gets shows
 * another merchant's price or the reserve before it should; the sweeper closes bidding at the window's end
 * and expires requests nobody met or nobody chose.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  attributeTemplates,
  games,
  goods,
  goodsCredentials,
  messages,
  orders,
  payouts,
  recycleQuotes,
  recycleRequestEvents,
  recycleRequests,
  regionNodes,
  users,
} from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { setSetting } from '../../server/lib/settings'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { runSweep } from '../../server/modules/orders/sweeper'
import { runRecycleSweep } from '../../server/modules/recycling/service'
import { createTestApp } from './helpers/app'
import { TEMPLATE_FIELDS } from './helpers/catalogue'
import { createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'
import { paidNotice, postNotice } from './helpers/payments'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let gameId: number
let regionIds: number[]
const uploads: string[] = []
let merchants: Person[]

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** What the recycling sweep needs: the database, and where it reports a request it could not step. */
const sweepDeps = () => ({ db: database.db, log: app.log })

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 10 })
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  const [game] = await database.db
    .insert(games)
    .values({ name: '王者荣耀', initial: 'W', type: 'mobile' })
    .returning({ id: games.id })
  gameId = game.id
  const [system] = await database.db.insert(regionNodes).values({ gameId, kind: 'system', name: 'iOS' }).returning()
  const [carrier] = await database.db
    .insert(regionNodes)
    .values({ gameId, kind: 'carrier', name: 'QQ', parentId: system.id })
    .returning()
  regionIds = [system.id, carrier.id]
  await database.db.insert(attributeTemplates).values({ gameId, version: 1, fields: TEMPLATE_FIELDS })
  for (let i = 0; i < 2; i++) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 90, g: 90, b: 160 } } })
      .png()
      .toBuffer()
    uploads.push((await storeImage(app.deps.config.dataDir, png)).url)
  }
  merchants = await Promise.all([1, 2, 3].map(() => createPerson(database, ['user', 'merchant'])))
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

async function seller(): Promise<Person> {
  const person = await createPerson(database)
  await database.db.update(users).set({ realNameStatus: 'verified', realName: '张三' }).where(eq(users.id, person.id))
  return person
}

const RESERVE = 50_000

const requestBody = (over: Record<string, unknown> = {}) => ({
  mode: 'recycle',
  gameId,
  regionIds,
  title: '王者 全英雄 典藏皮肤 回收',
  description: '自用号，急出',
  coverImage: uploads[0],
  images: [uploads[1]],
  attributes: { rank: '2', skins: 120, rare: ['1'], born: '2019-05-01' },
  accountSource: 'self_registered',
  guaranteeMaterials: true,
  contact: { qq: '12345678' },
  credentials: { account: 'wz_recycle_01', password: 'S3cret-pass!' },
  payout: { alipayAccount: '13800138000', name: '张三' },
  reservePrice: RESERVE,
  windowMinutes: 60,
  ...over,
})

const publish = (who: Person | null, over: Record<string, unknown> = {}) =>
  call('POST', '/api/account/backlist', { token: who?.token, body: requestBody(over) })
const quote = (who: Person, requestId: number, price: number) =>
  call('POST', '/api/merchant/quotes', { token: who.token, body: { requestId, price } })
const hall = (who: Person, query: Record<string, number> = {}) =>
  call('GET', '/api/merchant/requests', { token: who.token, query })

async function published(who: Person, over: Record<string, unknown> = {}): Promise<number> {
  const reply = await publish(who, over)
  expect(reply.status).toBe(200)
  return reply.body.data.id
}

/** Moves the request's clock back, as if its window had ended `ago` ms before now. */
const windowEnded = (id: number, ago = MINUTE) =>
  database.db
    .update(recycleRequests)
    .set({ windowEndsAt: new Date(Date.now() - ago) })
    .where(eq(recycleRequests.id, id))

describe('publishing', () => {
  test('a verified seller publishes: the account is sealed and kept off the market; the request is quoting', async () => {
    const me = await seller()
    const before = Date.now()
    const { status, body, text } = await publish(me)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      status: 'quoting',
      gameName: '王者荣耀',
      regionNames: ['iOS', 'QQ'],
      reservePrice: RESERVE,
      quoteCount: 0,
      bestQuote: null,
      actions: ['cancel'],
    })
    expect(Date.parse(body.data.windowEndsAt) - before).toBeGreaterThanOrEqual(60 * MINUTE - 1000)
    expect(text).not.toContain('S3cret-pass!')
    const [request] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, body.data.id))
    const [listing] = await database.db.select().from(goods).where(eq(goods.id, request.goodsId))
    expect(listing).toMatchObject({ status: 'draft', sellerId: me.id })
    expect(listing.payoutSealed).toBeTruthy()
    expect(
      await database.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, listing.id)),
    ).toHaveLength(1)
    const events = await database.db
      .select({ event: recycleRequestEvents.event })
      .from(recycleRequestEvents)
      .where(eq(recycleRequestEvents.requestId, request.id))
    expect(events).toEqual([{ event: 'publish' }])
    // Not in the catalogue, nor in the seller's 我的代售.
    const catalogue = await call('GET', `/api/web/good/${listing.id}`)
    expect(catalogue.status).toBe(404)
    const mine = await call('GET', '/api/need/myConsignment', { token: me.token })
    expect(mine.body.rows!.map((row) => row.id)).not.toContain(listing.id)
  })

  test('refusals: no real name, a window shorter than the setting or beyond 72 h, a reserve below commission', async () => {
    const unverified = await createPerson(database)
    expect((await publish(unverified)).status).toBe(403)
    const me = await seller()
    const short = await publish(me, { windowMinutes: 30 })
    expect(short).toMatchObject({ status: 400, body: { msg: '报价时长至少 60 分钟' } })
    expect(short.body.data.errors[0].field).toBe('windowMinutes')
    expect((await publish(me, { windowMinutes: 72 * 60 + 1 })).status).toBe(400)
    const low = await publish(me, { reservePrice: 100 })
    expect(low.status).toBe(400)
    expect(low.body.data.errors[0].field).toBe('reservePrice')
    expect(low.body.msg).toContain('底价')
    expect((await publish(me, { credentials: undefined })).status).toBe(400)
    const terms = async () => (await call('GET', '/api/account/backlist/terms', { token: me.token })).body.data
    expect(await terms()).toEqual({
      minWindowMinutes: 60,
      maxWindowMinutes: 4320,
      defaultWindowMinutes: 1440,
      choosingHours: 24,
    })
    // An operator may lower the minimum; the form's terms say so.
    await setSetting(database.db, 'recycleMinWindowMinutes', 15)
    expect(await terms()).toMatchObject({ minWindowMinutes: 15 })
    expect((await publish(me, { windowMinutes: 30 })).status).toBe(200)
    await setSetting(database.db, 'recycleMinWindowMinutes', 60)
  })
})

describe('sealed bids', () => {
  test('one quote per merchant, raised only; the count moves, nobody sees another price or the reserve', async () => {
    const me = await seller()
    const id = await published(me)
    const [a, b] = merchants
    expect((await quote(a, id, 40_000)).body.data).toMatchObject({ price: 40_000, status: 'submitted' })
    expect((await quote(b, id, 55_000)).status).toBe(200)
    const lower = await quote(a, id, 40_000)
    expect(lower).toMatchObject({ status: 400, body: { msg: '报价只能提高：你当前的报价是 ¥400.00' } })
    expect((await quote(a, id, 45_000)).body.data.price).toBe(45_000)
    expect(await database.db.select().from(recycleQuotes).where(eq(recycleQuotes.requestId, id))).toHaveLength(2)

    // Every answer a merchant can get: only their own price; never the reserve, the best or the other's.
    const answers = [
      (await hall(a)).text,
      (await call('GET', '/api/merchant/quotes', { token: a.token })).text,
      (await quote(a, id, 46_000)).text,
    ]
    for (const text of answers) {
      expect(text).not.toContain('55000')
      expect(text).not.toContain(String(RESERVE))
      expect(text).not.toMatch(/reservePrice|bestQuote|sellerId|contact|credentials/)
    }
    const row = (await hall(a)).body.rows!.find((r) => r.id === id)
    expect(row).toMatchObject({ quoteCount: 2, myQuote: 46_000 })
    // The seller sees the count while bidding is open, and no quote.
    const mine = await call('GET', `/api/account/backlist/${id}`, { token: me.token })
    expect(mine.body.data).toMatchObject({ quoteCount: 2, bestQuote: null })
    const early = await call('GET', `/api/account/backlist/${id}/quotes`, { token: me.token })
    expect(early).toMatchObject({ status: 409, body: { msg: '报价进行中（已有 2 个报价），截止后可查看' } })
    expect(early.text).not.toContain('55000')
  })

  test('a burst of raises from one merchant keeps one quote and the highest price; the count is exact', async () => {
    const id = await published(await seller())
    const [a, b] = merchants
    const prices = [41_000, 42_000, 43_000, 44_000, 45_000]
    await Promise.all([...prices.map((price) => quote(a, id, price)), quote(b, id, 30_000)])
    const [row] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
    expect(row).toMatchObject({ quoteCount: 2, bestQuote: 45_000 })
    const quotes = await database.db.select().from(recycleQuotes).where(eq(recycleQuotes.requestId, id))
    expect(quotes.find((q) => q.merchantId === a.id)!.price).toBe(45_000)
  })

  test('after the window by the server clock, not before: bids refused; the hall no longer shows it', async () => {
    const id = await published(await seller())
    await windowEnded(id)
    // The sweeper has not run yet: the clock alone closes bidding.
    expect(await quote(merchants[0], id, 60_000)).toMatchObject({ status: 409, body: { msg: '报价已截止' } })
    expect((await hall(merchants[0])).body.rows!.map((r) => r.id)).not.toContain(id)
  })

  test('who may quote: merchants only, never on their own request; visitors 401', async () => {
    const me = await seller()
    const id = await published(me)
    const plain = await createPerson(database)
    expect(await quote(plain, id, 60_000)).toMatchObject({ status: 403 })
    expect((await hall(plain)).status).toBe(403)
    await database.db
      .update(users)
      .set({ roles: ['user', 'merchant'] })
      .where(eq(users.id, me.id))
    expect(await quote(me, id, 60_000)).toMatchObject({ status: 409, body: { msg: '不能给自己发布的账号报价' } })
    expect((await hall(me)).body.rows!.map((r) => r.id)).not.toContain(id)
    expect((await call('GET', '/api/merchant/requests')).status).toBe(401)
    expect((await quote(merchants[0], 999_999, 60_000)).status).toBe(404)
  })

  test('another user cannot read a seller’s request or its quotes (404)', async () => {
    const id = await published(await seller())
    const other = await seller()
    expect((await call('GET', `/api/account/backlist/${id}`, { token: other.token })).status).toBe(404)
    expect((await call('GET', `/api/account/backlist/${id}/quotes`, { token: other.token })).status).toBe(404)
    expect((await call('POST', `/api/account/backlist/${id}/cancel`, { token: other.token })).status).toBe(404)
  })
})

describe('the clock', () => {
  test('window end → choosing: the seller sees the quotes ranked, told to choose within 24 h', async () => {
    const me = await seller()
    const id = await published(me)
    const [a, b, c] = merchants
    await quote(a, id, 48_000)
    await quote(b, id, 61_000)
    await quote(c, id, 52_000)
    const statusOf = async () =>
      (await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id)))[0].status
    await runRecycleSweep(sweepDeps())
    expect(await statusOf()).toBe('quoting')
    await windowEnded(id)
    const now = new Date()
    const swept = await runRecycleSweep(sweepDeps(), now)
    expect(swept.close).toBeGreaterThanOrEqual(1)
    const mine = (await call('GET', `/api/account/backlist/${id}`, { token: me.token })).body.data
    expect(mine).toMatchObject({ status: 'choosing', bestQuote: 61_000, quoteCount: 3 })
    expect(Date.parse(mine.choosingEndsAt)).toBe(now.getTime() + 24 * HOUR)
    const quotes = (await call('GET', `/api/account/backlist/${id}/quotes`, { token: me.token })).body.data
    expect(quotes.map((q: { price: number; meetsReserve: boolean }) => [q.price, q.meetsReserve])).toEqual([
      [61_000, true],
      [52_000, true],
      [48_000, false],
    ])
    const told = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(told.map((m) => m.title)).toContain('报价已截止，请选择')
    // A second run does nothing more.
    expect((await runRecycleSweep(sweepDeps(), now)).close).toBe(0)
  })

  test('no quote at the reserve: expired as bidding closes, every quote closed and its merchant told', async () => {
    const me = await seller()
    const id = await published(me)
    await quote(merchants[0], id, 30_000)
    await windowEnded(id)
    await runRecycleSweep(sweepDeps())
    const [row] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
    expect(row.status).toBe('expired')
    const [closed] = await database.db.select().from(recycleQuotes).where(eq(recycleQuotes.requestId, id))
    expect(closed.status).toBe('closed')
    const sellerTold = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(sellerTold.map((m) => m.content).join()).toContain('均未达到你设置的底价')
    const mine = (await call('GET', '/api/merchant/quotes', { token: merchants[0].token })).body.rows!
    expect(mine.find((q) => q.request.id === id)).toMatchObject({ status: 'closed', price: 30_000 })
  })

  test('nobody chosen in 24 h: expired; after downtime one run catches up both steps', async () => {
    const me = await seller()
    const id = await published(me)
    await quote(merchants[1], id, 70_000)
    await windowEnded(id, 30 * HOUR)
    // Down for 30 h: the first run closes bidding as of now; the 24 h to choose start now, not at the window.
    await runRecycleSweep(sweepDeps())
    expect((await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id)))[0].status).toBe(
      'choosing',
    )
    await runRecycleSweep(sweepDeps(), new Date(Date.now() + 25 * HOUR))
    const [row] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
    expect(row.status).toBe('expired')
  })

  test('the seller cancels while quoting or choosing, not after; quotes close', async () => {
    const me = await seller()
    const id = await published(me)
    await quote(merchants[2], id, 80_000)
    const cancelled = await call('POST', `/api/account/backlist/${id}/cancel`, { token: me.token })
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', actions: [] })
    const again = await call('POST', `/api/account/backlist/${id}/cancel`, { token: me.token })
    expect(again).toMatchObject({ status: 409, body: { msg: '已选定报价或已结束的回收单不能取消' } })
    expect(await quote(merchants[2], id, 90_000)).toMatchObject({ status: 409 })
    const list = await call('GET', '/api/account/backlist/allList', { token: me.token, query: { status: 'cancelled' } })
    expect(list.body.rows!.map((r) => r.id)).toEqual([id])
  })
})

describe('accepting a quote', () => {
  const DAY = 24 * HOUR
  const sweepDeps = () => ({
    db: database.db,
    payments: app.deps.payments,
    vault: app.deps.vault,
    log: { error: () => undefined },
  })

  /** A request of `me` whose bidding has closed with these quotes (merchants in order). */
  async function choosing(me: Person, prices: number[]) {
    const id = await published(me)
    const quoteIds: number[] = []
    for (const [i, price] of prices.entries()) quoteIds.push((await quote(merchants[i], id, price)).body.data.id)
    await windowEnded(id)
    await runRecycleSweep(sweepDeps())
    return { id, quoteIds }
  }
  const accept = (me: Person, id: number, quoteId: number) =>
    call('POST', `/api/account/backlist/${id}/accept`, { token: me.token, body: { quoteId } })

  test('two accepts at once: one wins; the merchant’s order at the quoted price; the others lose and are told', async () => {
    const me = await seller()
    const { id, quoteIds } = await choosing(me, [61_000, 52_000, 48_000])
    const mine = (await call('GET', `/api/account/backlist/${id}`, { token: me.token })).body.data
    expect(mine.actions).toEqual(['accept', 'cancel'])
    const [first, second] = await Promise.all([accept(me, id, quoteIds[1]), accept(me, id, quoteIds[0])])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const won = first.status === 200 ? 1 : 0
    const reply = (first.status === 200 ? first : second).body.data
    expect(reply).toMatchObject({ status: 'accepted', actions: [], orderId: expect.any(Number) })
    const [order] = await database.db.select().from(orders).where(eq(orders.id, reply.orderId))
    expect(order).toMatchObject({
      buyerId: merchants[won === 1 ? 1 : 0].id,
      sellerId: me.id,
      status: 'pending_payment',
      guaranteeType: 'none',
      payMode: 'full',
      source: 'recycling',
    })
    expect(order.goodsAmount).toBe(won === 1 ? 52_000 : 61_000)
    const [item] = await database.db.select().from(goods).where(eq(goods.id, order.goodsId))
    expect(item).toMatchObject({ status: 'in_trade', price: order.goodsAmount })
    const statuses = await database.db.select().from(recycleQuotes).where(eq(recycleQuotes.requestId, id))
    expect(statuses.filter((q) => q.status === 'won').map((q) => q.id)).toEqual([quoteIds[won === 1 ? 1 : 0]])
    expect(statuses.filter((q) => q.status === 'lost')).toHaveLength(2)
    const winner = merchants[won === 1 ? 1 : 0]
    const told = await database.db.select().from(messages).where(eq(messages.userId, winner.id))
    expect(told.find((m) => m.relatedId === order.id)?.title).toBe('你的报价已中标')
    const myQuotes = (await call('GET', '/api/merchant/quotes', { token: winner.token })).body.rows!
    expect(myQuotes.find((q) => q.request.id === id)).toMatchObject({
      status: 'won',
      orderId: order.id,
      orderStatus: 'pending_payment',
    })
    // A losing merchant is told with their own quote to open (the request's page is its seller's).
    const loser = merchants[won === 1 ? 0 : 1]
    const lostQuote = statuses.find((q) => q.merchantId === loser.id)!
    const loserNotes = await database.db.select().from(messages).where(eq(messages.userId, loser.id))
    expect(loserNotes.find((m) => m.title === '报价未中标' && m.relatedId === lostQuote.id)?.relatedType).toBe('quote')
    expect(loserNotes.some((m) => m.relatedType === 'request')).toBe(false)
    expect((await call('GET', `/api/account/backlist/${id}`, { token: loser.token })).status).toBe(404)
    const opened = await call('GET', '/api/merchant/quotes', { token: loser.token, query: { id: lostQuote.id } })
    expect(opened.body).toMatchObject({ total: 1, rows: [{ id: lostQuote.id, status: 'lost' }] })
    const foreign = await call('GET', '/api/merchant/quotes', { token: winner.token, query: { id: lostQuote.id } })
    expect(foreign.body).toMatchObject({ total: 0, rows: [] })
  })

  test('refused: while quoting, a quote below the reserve, another request’s quote, after the 24 h', async () => {
    const me = await seller()
    const open = await published(me)
    const early = (await quote(merchants[0], open, 70_000)).body.data.id
    expect(await accept(me, open, early)).toMatchObject({ status: 409, body: { msg: '报价截止后才能选择' } })
    const { id, quoteIds } = await choosing(me, [55_000, 40_000])
    expect(await accept(me, id, quoteIds[1])).toMatchObject({
      status: 409,
      body: { msg: '该报价低于你设置的底价，不能成交' },
    })
    expect((await accept(me, id, early)).status).toBe(404)
    await database.db
      .update(recycleRequests)
      .set({ choosingEndsAt: new Date(Date.now() - MINUTE) })
      .where(eq(recycleRequests.id, id))
    expect(await accept(me, id, quoteIds[0])).toMatchObject({ status: 409, body: { msg: '回收单已成交或已结束' } })
    expect(await database.db.select().from(orders).where(eq(orders.sellerId, me.id))).toEqual([])
  })

  test('the merchant pays, the desk hands over, the merchant confirms: the request completes, the seller is paid', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const { id, quoteIds } = await choosing(me, [66_000])
    const { orderId } = (await accept(me, id, quoteIds[0])).body.data
    const merchant = merchants[0]
    const started = await call('POST', `/api/pay/${orderId}`, {
      token: merchant.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    expect(started.status).toBe(200)
    expect(await postNotice(app, paidNotice(app, started.body.data.outTradeNo, started.body.data.amount))).toBe(
      'success',
    )
    expect((await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: operator.token })).status).toBe(200)
    const credentials = await call('GET', `/api/need/myOrder/${orderId}/credentials`, { token: merchant.token })
    expect(credentials.body.data.account).toBe('wz_recycle_01')
    expect((await call('POST', `/api/need/myOrder/${orderId}/confirm`, { token: merchant.token })).status).toBe(200)
    await runRecycleSweep(sweepDeps())
    expect((await call('GET', `/api/account/backlist/${id}`, { token: me.token })).body.data.status).toBe('completed')
    // 我的报价 follows the order to its end.
    const quotes = (await call('GET', '/api/merchant/quotes', { token: merchant.token })).body.rows!
    expect(quotes.find((q) => q.request.id === id)).toMatchObject({ status: 'won', orderStatus: 'completed' })
    // Paid out as in selling once the protection window has passed: 66 000 less the commission (≥ ¥50).
    await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(payout).toMatchObject({ sellerId: me.id, amount: 61_000, status: 'paid' })
    expect((await verifyLedger(database.db)).ok).toBe(true)
  })

  test('a merchant who does not pay: the order times out, the account goes back to its seller, off the market', async () => {
    const me = await seller()
    const { id, quoteIds } = await choosing(me, [58_000])
    const { orderId } = (await accept(me, id, quoteIds[0])).body.data
    await runSweep(sweepDeps(), new Date(Date.now() + DAY))
    expect((await database.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe('cancelled')
    await runRecycleSweep(sweepDeps())
    const [request] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
    expect(request.status).toBe('cancelled')
    const [item] = await database.db.select().from(goods).where(eq(goods.id, request.goodsId))
    expect(item.status).toBe('draft')
    const told = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(told.map((m) => m.title)).toContain('回收交易未完成')
  })
})

describe('官方代售+竞价回收', () => {
  const both = { publishMode: 'both', price: 88_000 }
  const accept = (me: Person, id: number, quoteId: number) =>
    call('POST', `/api/account/backlist/${id}/accept`, { token: me.token, body: { quoteId } })
  let reviewer: Person
  beforeAll(async () => {
    reviewer = await createPerson(database, ['user', 'reviewer', 'service'])
  })

  /** A request of `me` in both modes, its listing approved on the market, bidding still open. */
  async function onSaleAndBidding(me: Person) {
    const id = await published(me, both)
    const [request] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
    const approved = await call('POST', `/api/admin/goods/${request.goodsId}/approve`, { token: reviewer.token })
    expect(approved.status).toBe(200)
    return { id, goodsId: request.goodsId }
  }

  test('publishes the account for sale through review as well; the sale price is asked only in this mode', async () => {
    const me = await seller()
    expect(await publish(me, { publishMode: 'both' })).toMatchObject({
      status: 400,
      body: { msg: '官方代售+竞价回收需要填写代售价' },
    })
    expect(await publish(me, { price: 88_000 })).toMatchObject({ status: 400, body: { msg: '只竞价回收不需要代售价' } })
    const reply = await publish(me, both)
    expect(reply.body.data).toMatchObject({
      status: 'quoting',
      publishMode: 'both',
      reservePrice: RESERVE,
      listing: { price: 88_000, status: 'pending_review' },
    })
    const [request] = await database.db.select().from(recycleRequests).where(eq(recycleRequests.id, reply.body.data.id))
    const [item] = await database.db.select().from(goods).where(eq(goods.id, request.goodsId))
    expect(item).toMatchObject({ status: 'pending_review', price: 88_000, sellerId: me.id })
    const [sealed] = await database.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, item.id))
    expect(sealed).toBeDefined()
    // Merchants see the account in the hall while it waits for review, but it cannot go to them yet.
    const quoted = await quote(merchants[0], request.id, 60_000)
    await windowEnded(request.id)
    await runRecycleSweep(sweepDeps())
    expect(await accept(me, request.id, quoted.body.data.id)).toMatchObject({
      status: 409,
      body: { msg: '代售商品还在审核中，审核通过后才能成交' },
    })
  })

  test('a merchant’s quote accepted takes the listing off the market, in trade with the merchant at the quote', async () => {
    const me = await seller()
    const { id, goodsId } = await onSaleAndBidding(me)
    const quoted = await quote(merchants[1], id, 64_000)
    await windowEnded(id)
    await runRecycleSweep(sweepDeps())
    const reply = await accept(me, id, quoted.body.data.id)
    expect(reply.body.data).toMatchObject({ status: 'accepted', listing: { price: 64_000, status: 'in_trade' } })
    const [order] = await database.db.select().from(orders).where(eq(orders.id, reply.body.data.orderId))
    expect(order).toMatchObject({ buyerId: merchants[1].id, goodsId, goodsAmount: 64_000 })
  })

  test('a buyer who buys it on the market first: accepting is refused, and the sale ends the bidding', async () => {
    const me = await seller()
    const buyer = await createPerson(database)
    const { id, goodsId } = await onSaleAndBidding(me)
    const quoted = await quote(merchants[2], id, 70_000)
    const ordered = await call('POST', '/api/order', {
      token: buyer.token,
      body: { goodsId, guaranteeType: 'none', payMode: 'full', agree: true },
    })
    expect(ordered.status).toBe(200)
    const orderId = ordered.body.data.id
    const started = await call('POST', `/api/pay/${orderId}`, {
      token: buyer.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    expect(await postNotice(app, paidNotice(app, started.body.data.outTradeNo, started.body.data.amount))).toBe(
      'success',
    )
    await windowEnded(id)
    await runRecycleSweep(sweepDeps())
    expect(await accept(me, id, quoted.body.data.id)).toMatchObject({
      status: 409,
      body: { msg: '账号已在官方代售中被买家下单，暂时不能成交' },
    })
    const operator = await createPerson(database, ['user', 'admin'])
    expect((await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: operator.token })).status).toBe(200)
    expect((await call('POST', `/api/need/myOrder/${orderId}/confirm`, { token: buyer.token })).status).toBe(200)
    await runRecycleSweep(sweepDeps())
    const mine = (await call('GET', `/api/account/backlist/${id}`, { token: me.token })).body.data
    expect(mine).toMatchObject({ status: 'cancelled', listing: { status: 'sold' }, actions: [] })
    const [closed] = await database.db.select().from(recycleQuotes).where(eq(recycleQuotes.requestId, id))
    expect(closed.status).toBe('closed')
    const told = await database.db.select().from(messages).where(eq(messages.userId, merchants[2].id))
    expect(told.map((m) => m.content)).toContain(`你报价的回收单 #${id} 的账号已通过官方代售售出。`)
    expect((await verifyLedger(database.db)).ok).toBe(true)
  })
})
