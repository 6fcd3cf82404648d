/**
 * 注销账号 and 下载我的数据: refused with the reasons while something is open, the cooling-off period (signed out,
 * asked on the next sign-in, cancellable), one deletion however many requests race, erasure by the sweeper
 * only once it falls due — personal data gone, trade records and the ledger kept under the bare id — or a
 * cancellation when the account was used meanwhile; the export holds the caller's records and no secret.
 */
import { and, eq } from 'drizzle-orm'
import {
  accountDeletionEvents,
  accountDeletions,
  browses,
  favourites,
  goods,
  messages,
  orders,
  rentals,
  sessions,
  users,
} from '../../server/db/schema'
import { createSession } from '../../server/lib/auth'
import { runDeletionSweep } from '../../server/modules/account/service'
import { runSweep } from '../../server/modules/orders/sweeper'
import { verifyLedger } from '../../server/modules/ledger/verify'
import type { AdminUser } from '../../src/contract/user'
import { handedOverDeal, makeDeal, useDealWorld } from './helpers/deals'
import { createPerson } from './helpers/http'

const world = useDealWorld()
const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY)

const signIn = async (userId: number) =>
  (await createSession(world.database.db, userId, 7, { ip: '', userAgent: '' })).token

test('refused while an order is open or a payout unsettled, naming each; allowed once they are over', async () => {
  const { call } = world
  const deal = await makeDeal(world.database, world.app, world.gameId)
  const refused = await call('POST', '/api/need/account/deletion', { token: deal.buyer.token })
  expect(refused.status).toBe(409)
  expect(refused.body.msg).toBe('以下事项结束后才能注销：1 笔进行中的买单')
  expect(refused.body.data.blockers).toEqual([{ kind: 'purchase', count: 1, text: '1 笔进行中的买单' }])
  const state = await call('GET', '/api/need/account/deletion', { token: deal.seller.token })
  expect(state.body.data).toMatchObject({ deletion: null, actions: [] })
  expect(state.body.data.blockers.map((b: { kind: string }) => b.kind)).toEqual(['sale', 'listing'])

  await call('POST', `/api/admin/orders/${deal.orderId}/hand-over`, { token: world.service.token })
  await call('POST', `/api/need/myOrder/${deal.orderId}/confirm`, { token: deal.buyer.token })
  // The seller is owed the money until the protection window's payout: not yet.
  const seller = await call('POST', '/api/need/account/deletion', { token: deal.seller.token })
  expect(seller.body.msg).toBe('以下事项结束后才能注销：1 笔尚未结算给你的货款')
  const buyerState = await call('GET', '/api/need/account/deletion', { token: deal.buyer.token })
  expect(buyerState.body.data).toEqual({ deletion: null, blockers: [], actions: ['request'] })
})

test('a listing on sale stops it until delisted; staff cannot delete themselves', async () => {
  const { call, database } = world
  const seller = await createPerson(database)
  const [listing] = await database.db
    .insert(goods)
    .values({
      gameId: world.gameId,
      sellerId: seller.id,
      title: '号',
      price: 100,
      status: 'on_sale',
      listedAt: new Date(),
    })
    .returning()
  const refused = await call('POST', '/api/need/account/deletion', { token: seller.token })
  expect(refused.body.msg).toBe('以下事项结束后才能注销：1 件待审核、在售或交易中的商品（请先下架）')
  await database.db.update(goods).set({ status: 'delisted' }).where(eq(goods.id, listing.id))
  expect((await call('POST', '/api/need/account/deletion', { token: seller.token })).status).toBe(200)

  const staff = await signIn(world.service.id)
  const own = await call('POST', '/api/need/account/deletion', { token: staff })
  expect([own.status, own.body.msg]).toEqual([403, '员工账号不能自助注销，请联系管理员'])
})

test('a rental stops both sides, each under its own kind: 租号 for the renter, 出租 for the owner', async () => {
  const { call, database } = world
  const [owner, renter] = [await createPerson(database), await createPerson(database)]
  const [listing] = await database.db
    .insert(goods)
    .values({ gameId: world.gameId, sellerId: owner.id, title: '号', price: 100, status: 'delisted' })
    .returning()
  await database.db.insert(rentals).values({
    goodsId: listing.id,
    renterId: renter.id,
    ownerId: owner.id,
    status: 'pending_payment',
    hours: 2,
    maxHours: 24,
    hourly: 500,
    daily: 6_000,
    rentAmount: 1_000,
    depositAmount: 10_000,
    commissionAmount: 50,
  })
  const blockers = async (token: string) =>
    (await call('GET', '/api/need/account/deletion', { token })).body.data.blockers
  expect(await blockers(renter.token)).toEqual([{ kind: 'rental', count: 1, text: '1 笔未结束的租号' }])
  expect(await blockers(owner.token)).toEqual([{ kind: 'lease', count: 1, text: '1 笔未结束的出租' }])
})

test('the cooling-off period: signed out everywhere, the next sign-in sees the date, cancelling keeps the account', async () => {
  const { call } = world
  const person = await createPerson(world.database)
  const other = await signIn(person.id)
  const asked = await call('POST', '/api/need/account/deletion', { token: person.token })
  expect(asked.status).toBe(200)
  const eraseAt = Date.parse(asked.body.data.eraseAt)
  expect(Math.abs(eraseAt - inDays(15).getTime())).toBeLessThan(60_000)
  for (const token of [person.token, other])
    expect((await call('GET', '/api/system/user/profile', { token })).status).toBe(401)

  const token = await signIn(person.id)
  const profile = await call('GET', '/api/system/user/profile', { token })
  expect(profile.body.data.deletionEraseAt).toBe(asked.body.data.eraseAt)
  const state = await call('GET', '/api/need/account/deletion', { token })
  expect(state.body.data).toMatchObject({ deletion: { status: 'cooling_off' }, actions: ['cancel'] })
  expect((await call('POST', '/api/need/account/deletion', { token })).body.msg).toBe('已申请注销，正在冷静期中')

  const cancelled = await call('DELETE', '/api/need/account/deletion', { token })
  expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) })
  expect((await call('GET', '/api/system/user/profile', { token })).body.data.deletionEraseAt).toBeNull()
  expect((await call('DELETE', '/api/need/account/deletion', { token })).body.msg).toBe('没有待生效的注销申请')
})

test('requests racing make one deletion', async () => {
  const person = await createPerson(world.database)
  const token = await signIn(person.id)
  const answers = await Promise.all(
    [person.token, token, person.token].map((t) => world.call('POST', '/api/need/account/deletion', { token: t })),
  )
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
  const rows = await world.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, person.id))
  expect(rows).toHaveLength(1)
})

test('the sweeper erases once it falls due: personal data gone, trades and the books kept under the bare id', async () => {
  const { call, database } = world
  const db = database.db
  const deal = await handedOverDeal(world, { confirm: true })
  const buyer = deal.buyer
  await call('POST', '/api/web/goods/collect', { token: buyer.token, body: { goodsId: deal.goodsId } })
  await call('GET', `/api/web/good/${deal.goodsId}`, { token: buyer.token })
  expect((await call('POST', '/api/need/account/deletion', { token: buyer.token })).status).toBe(200)

  const status = async () =>
    (await db.select().from(accountDeletions).where(eq(accountDeletions.userId, buyer.id)))[0].status
  /** What the console's 用户 shows, the same in the list and in the person's drawer. */
  const seenByStaff = async () => {
    const detail = await call('GET', `/api/admin/users/${buyer.id}`, { token: world.service.token })
    const list = await call('GET', '/api/admin/users', {
      token: world.service.token,
      query: { keyword: String(buyer.id), pageNum: 1, pageSize: 10 },
    })
    const row = (list.body.rows as AdminUser[]).find((person) => person.id === buyer.id)!
    expect(row.deletion).toEqual(detail.body.data.deletion)
    return row.deletion
  }
  expect(await seenByStaff()).toEqual({ status: 'cooling_off', at: expect.any(String) })
  // Earlier tests' deletions fall due at the same time: what matters is this one, and that none goes twice.
  await runDeletionSweep({ db, log: world.app.log }, inDays(14))
  expect(await status()).toBe('cooling_off')
  expect(await db.select().from(favourites).where(eq(favourites.userId, buyer.id))).toHaveLength(1)
  expect((await runDeletionSweep({ db, log: world.app.log }, inDays(16))).erased).toBeGreaterThanOrEqual(1)
  expect(await status()).toBe('erased')
  expect(await runDeletionSweep({ db, log: world.app.log }, inDays(17))).toEqual({ erased: 0, kept: 0 })

  const [user] = await db.select().from(users).where(eq(users.id, buyer.id))
  expect(user).toMatchObject({
    username: `已注销_${buyer.id}`,
    phone: null,
    passwordHash: null,
    nickName: '已注销用户',
    realName: '',
    idNumberSealed: null,
    idNumberHash: null,
    disabled: true,
  })
  for (const table of [sessions, favourites, browses, messages])
    expect(await db.select().from(table).where(eq(table.userId, buyer.id))).toEqual([])
  // Staff see it erased, and cannot bring it back.
  expect(await seenByStaff()).toMatchObject({ status: 'erased' })
  const enable = await call('POST', `/api/admin/users/${buyer.id}/enable`, {
    token: world.service.token,
    body: { reason: '恢复' },
  })
  expect([enable.status, enable.body.msg]).toEqual([409, '该账号已注销，不能再启用或设置角色'])
  const [order] = await db.select().from(orders).where(eq(orders.id, deal.orderId))
  expect(order).toMatchObject({ buyerId: buyer.id, status: 'completed' })
  expect((await verifyLedger(db)).problems).toEqual([])
  const [deletion] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, buyer.id))
  const events = await db
    .select({ event: accountDeletionEvents.event })
    .from(accountDeletionEvents)
    .where(eq(accountDeletionEvents.deletionId, deletion.id))
  expect(events.map((e) => e.event)).toEqual(['request', 'erase'])
})

test('an account used again during the cooling-off period is kept, and its owner told why', async () => {
  const { database } = world
  const person = await createPerson(database)
  expect((await world.call('POST', '/api/need/account/deletion', { token: person.token })).status).toBe(200)
  await database.db
    .insert(goods)
    .values({ gameId: world.gameId, sellerId: person.id, title: '号', price: 100, status: 'pending_review' })
  expect(await runDeletionSweep({ db: database.db, log: world.app.log }, inDays(16))).toEqual({ erased: 0, kept: 1 })
  const [deletion] = await database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, person.id))
  expect(deletion.status).toBe('cancelled')
  const [user] = await database.db.select().from(users).where(eq(users.id, person.id))
  expect(user.disabled).toBe(false)
  const told = await database.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, person.id), eq(messages.title, '注销未生效')))
  expect(told[0].content).toContain('1 件待审核、在售或交易中的商品')
})

test('下载我的数据: the caller’s own records as a JSON download, nobody else’s, no secret, the phone masked', async () => {
  const { call, database } = world
  const deal = await makeDeal(database, world.app, world.gameId, { guaranteeType: 'retrieval' })
  const other = await makeDeal(database, world.app, world.gameId)
  const response = await world.app.inject({
    url: '/api/need/account/export',
    headers: { authorization: `Bearer ${deal.buyer.token}` },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-disposition']).toBe(`attachment; filename="haoanxin-my-data-${deal.buyer.id}.json"`)
  const data = response.json().data
  expect(data.orders.map((o: { id: number }) => o.id)).toEqual([deal.orderId])
  // What they paid at the gateway, as the buyer; nothing paid out to them, as they sold nothing.
  expect(data.payments).toMatchObject([{ orderId: deal.orderId, channel: 'alipay', kind: 'full', status: 'paid' }])
  expect(data.payouts).toEqual([])
  expect(data.profile).toMatchObject({ userId: deal.buyer.id, phone: expect.stringMatching(/^1\d\d\*{4}\d{4}$/) })
  expect(data.sessions.length).toBeGreaterThan(0)
  const [{ phone }] = await database.db.select({ phone: users.phone }).from(users).where(eq(users.id, deal.buyer.id))
  expect(response.body).not.toContain(phone!)
  expect(response.body).not.toMatch(/sealed|passwordHash|totp/i)
  expect(response.body).not.toContain(`"id":${other.orderId},`)
  expect((await call('GET', '/api/need/account/export')).status).toBe(401)
})

test('下载我的数据: a seller’s has what they were paid out, and not the account it went to', async () => {
  const deal = await handedOverDeal(world, { confirm: true })
  const { payments, vault } = world.app.deps
  await runSweep({ db: world.database.db, payments, vault, log: world.app.log }, inDays(30))
  const response = await world.app.inject({
    url: '/api/need/account/export',
    headers: { authorization: `Bearer ${deal.seller.token}` },
  })
  const data = response.json().data
  expect(data.payouts).toMatchObject([{ orderId: deal.orderId, status: 'paid', transferNo: expect.any(String) }])
  expect(data.payments).toEqual([])
  expect(response.body).not.toContain('13900139000')
})
