/**
 * 中介担保 tickets: opened by one party and joined by the other (by phone, only the one named); read by the two
 * parties alone; the seller's account entered as a listing no public read ever finds, sent back and entered
 * again; the buyer's approval makes the order (price + the ticket's fee, no commission), which the ticket
 * follows through payment, hand-over, confirmation and payout — or back to approval when it lapses unpaid;
 * closing before payment; the ledger verifying after it all.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../../server/db'
import { attributeTemplates, games, goods, orders, payouts, regionNodes, users } from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { runSweep } from '../../server/modules/orders/sweeper'
import { createTestApp } from './helpers/app'
import { TEMPLATE_FIELDS } from './helpers/catalogue'
import { createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'
import { paidNotice, postNotice } from './helpers/payments'

let database: Database
let app: ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let gameId: number
let service: Person
const regionIds: number[] = []
const uploads: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  const [game] = await database.db.insert(games).values({ name: '王者荣耀', initial: 'W', type: 'mobile' }).returning()
  gameId = game.id
  const [system] = await database.db.insert(regionNodes).values({ gameId, kind: 'system', name: 'iOS' }).returning()
  const [carrier] = await database.db
    .insert(regionNodes)
    .values({ gameId, kind: 'carrier', name: 'QQ', parentId: system.id })
    .returning()
  regionIds.push(system.id, carrier.id)
  await database.db.insert(attributeTemplates).values({ gameId, version: 1, fields: TEMPLATE_FIELDS })
  for (let i = 0; i < 2; i++) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 90, g: 60, b: 160 } } })
      .png()
      .toBuffer()
    uploads.push((await storeImage(app.deps.config.dataDir, png)).url)
  }
  service = await createPerson(database, ['user', 'service'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const PRICE = 66_600

/** A person with a phone we know, real-named 张三 (a seller's payout must be in that name). */
async function person(phone: string) {
  const who = await createPerson(database)
  await database.db
    .update(users)
    .set({ phone, realNameStatus: 'verified', realName: '张三' })
    .where(eq(users.id, who.id))
  return who
}

const need = (method: 'GET' | 'POST', path: string, who: Person, body?: object) =>
  call(method, `/api/need/${path}`, { token: who.token, body })

const listingBody = (over: Record<string, unknown> = {}) => ({
  gameId,
  regionIds,
  title: '王者 全英雄 群里谈好的号',
  description: '在QQ群谈好的价格，走平台担保',
  price: PRICE,
  coverImage: uploads[0],
  images: [uploads[1]],
  attributes: { rank: '2', skins: 120, rare: ['1'], born: '2019-05-01' },
  accountSource: 'self_registered',
  guaranteeMaterials: true,
  contact: { qq: '12345678' },
  credentials: { account: 'wz_escrow_01', password: 'S3cret-pass!', notes: '' },
  payout: { alipayAccount: '13800138000', name: '张三' },
  ...over,
})

let n = 0
/** A ticket the buyer opened naming the seller's phone, joined by the seller. */
async function joinedTicket() {
  n += 1
  const buyer = await person(`1370000${String(n).padStart(4, '0')}`)
  const seller = await person(`1380000${String(n).padStart(4, '0')}`)
  const opened = await need('POST', 'escrow-ticket', buyer, {
    gameId,
    description: 'QQ群里谈好的王者号',
    agreedPrice: PRICE,
    counterparty: { phone: `1380000${String(n).padStart(4, '0')}` },
    role: 'buyer',
  })
  expect(opened.status).toBe(200)
  const { id, code } = opened.body.data
  expect((await need('POST', 'escrow-ticket/join', seller, { code })).body.data.status).toBe('awaiting_listing')
  return { buyer, seller, id: id as number, code: code as string }
}

const ledgerOk = async () => expect((await verifyLedger(database.db)).problems).toEqual([])

describe('opening and joining', () => {
  it('the other party joins with the code — by phone, only the one named; only the two read it', async () => {
    const buyer = await person('13911110001')
    const opened = await need('POST', 'escrow-ticket', buyer, {
      gameId,
      description: 'QQ群里谈好的王者号',
      agreedPrice: PRICE,
      counterparty: { phone: '13911110002' },
      role: 'buyer',
    })
    const { id, code } = opened.body.data
    expect(code).toMatch(/^[A-Z2-9]{8}$/)
    const mine = (await need('GET', `escrow-ticket/${id}`, buyer)).body.data
    expect(mine).toMatchObject({
      status: 'awaiting_party',
      role: 'buyer',
      agreedPrice: PRICE,
      // 5 %, at least ¥20.
      feeAmount: 3_330,
      counterparty: { contact: '139****0002', name: null },
      actions: ['close'],
    })
    expect(JSON.stringify(mine)).not.toContain('13911110002')

    const stranger = await person('13911110003')
    expect((await need('GET', `escrow-ticket/${id}`, stranger)).status).toBe(404)
    const invite = await call('GET', '/api/need/escrow-ticket/byCode', { token: stranger.token, query: { code } })
    expect(invite.body.data).toMatchObject({ id, role: 'seller', agreedPrice: PRICE, feeAmount: 3_330 })
    expect((await need('POST', 'escrow-ticket/join', stranger, { code })).body.msg).toBe(
      '该担保单只能由对方绑定的手机号加入',
    )
    expect((await need('POST', 'escrow-ticket/join', stranger, { code: 'ZZZZZZZZ' })).status).toBe(404)

    const seller = await person('13911110002')
    const joined = await need('POST', 'escrow-ticket/join', seller, { code: code.toLowerCase() })
    expect(joined.body.data).toMatchObject({ status: 'awaiting_listing', role: 'seller', actions: ['list', 'close'] })
    // Joining again is a no-op for a party; nobody else may join now.
    expect((await need('POST', 'escrow-ticket/join', seller, { code })).body.data.role).toBe('seller')
    expect((await need('GET', 'escrow-tickets', seller)).body.data.map((t: { id: number }) => t.id)).toEqual([id])
    expect((await need('GET', 'escrow-tickets', stranger)).body.data).toEqual([])
  })

  it('refuses a ticket naming yourself, a bad price or two ways to reach the other', async () => {
    const me = await person('13911110009')
    const body = { gameId, description: 'QQ群里谈好的王者号', agreedPrice: PRICE, role: 'seller' }
    expect(
      (await need('POST', 'escrow-ticket', me, { ...body, counterparty: { phone: '13911110009' } })).body.msg,
    ).toBe('对方不能是你自己')
    expect(
      (await need('POST', 'escrow-ticket', me, { ...body, counterparty: { phone: '1391111', qq: '12345' } })).status,
    ).toBe(400)
    expect(
      (await need('POST', 'escrow-ticket', me, { ...body, agreedPrice: 0, counterparty: { qq: '123456' } })).status,
    ).toBe(400)
    // By QQ: whoever holds the code joins.
    const { code } = (await need('POST', 'escrow-ticket', me, { ...body, counterparty: { qq: '123456' } })).body.data
    const anyone = await person('13911110010')
    expect((await need('POST', 'escrow-ticket/join', anyone, { code })).body.data).toMatchObject({ role: 'buyer' })
  })
})

describe('the account and the deal', () => {
  it('the seller enters the account, never public; the buyer sends it back, then approves and pays its order', async () => {
    const { buyer, seller, id } = await joinedTicket()
    expect((await need('POST', `escrow-ticket/${id}/listing`, buyer, listingBody())).body.msg).toBe('账号由卖家录入')
    expect(
      (await need('POST', `escrow-ticket/${id}/listing`, seller, listingBody({ price: PRICE + 1 }))).body.msg,
    ).toBe('价格须为双方约定的成交价 ¥666.00')
    const listed = await need('POST', `escrow-ticket/${id}/listing`, seller, listingBody())
    expect(listed.body.data).toMatchObject({
      status: 'awaiting_approval',
      listing: { title: '王者 全英雄 群里谈好的号' },
    })
    const goodsId = listed.body.data.listing.id
    // Never public: not in the list, not at its address, not in the seller's own listings.
    const [row] = await database.db.select().from(goods).where(eq(goods.id, goodsId))
    expect(row).toMatchObject({ kind: 'guarantee', status: 'draft', listedAt: null })
    expect((await call('GET', `/api/web/good/${goodsId}`)).status).toBe(404)
    const mine = await call('GET', '/api/need/myConsignment', { token: seller.token })
    expect(mine.body.rows).toEqual([])

    expect((await need('POST', `escrow-ticket/${id}/approve`, seller)).status).toBe(403)
    const back = await need('POST', `escrow-ticket/${id}/reject`, buyer, { reason: '皮肤数量和群里说的不一样' })
    expect(back.body.data).toMatchObject({ status: 'awaiting_listing', rejectReason: '皮肤数量和群里说的不一样' })
    const again = await need(
      'POST',
      `escrow-ticket/${id}/listing`,
      seller,
      listingBody({ title: '王者 全英雄 皮肤已核对' }),
    )
    expect(again.body.data).toMatchObject({ status: 'awaiting_approval', rejectReason: '', listing: { id: goodsId } })

    const stats = async () => (await call('GET', '/api/web/stats')).body.data
    const soldBefore = (await stats()).soldTotal
    const approved = await need('POST', `escrow-ticket/${id}/approve`, buyer)
    expect(approved.body.data).toMatchObject({ status: 'in_trade', actions: [] })
    const orderId = approved.body.data.orderId
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({
      goodsAmount: PRICE,
      serviceAmount: 3_330,
      guaranteeAmount: 0,
      commissionAmount: 0,
      totalAmount: PRICE + 3_330,
      sellerId: seller.id,
      source: 'escrow',
    })
    expect((await need('POST', `escrow-ticket/${id}/close`, seller)).body.msg).toBe(
      '买家确认并下单后不能关闭，请在订单中取消或申请售后',
    )

    // The order as any: paid at the gateway, handed over by the desk, confirmed; the seller paid in full.
    const started = await call('POST', `/api/pay/${orderId}`, {
      token: buyer.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    expect(await postNotice(app, paidNotice(app, started.body.data.outTradeNo, started.body.data.amount))).toBe(
      'success',
    )
    expect((await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: service.token })).status).toBe(200)
    const seen = await need('GET', `myOrder/${orderId}/credentials`, buyer)
    expect(seen.body.data).toMatchObject({ account: 'wz_escrow_01' })
    expect((await need('POST', `myOrder/${orderId}/confirm`, buyer, {})).status).toBe(200)
    expect((await need('GET', `escrow-ticket/${id}`, seller)).body.data).toMatchObject({ status: 'completed' })
    expect((await call('GET', `/api/web/good/${goodsId}`)).status).toBe(404)
    // Sold, but not a sale of the market's: 累计成交 and 最近成交's total count listings only.
    expect(await database.db.select().from(goods).where(eq(goods.id, goodsId))).toMatchObject([{ status: 'sold' }])
    expect((await stats()).soldTotal).toBe(soldBefore)
    const deals = await call('GET', '/api/web/recentlydeal?pageNum=1&pageSize=50')
    expect(deals.body.rows).toHaveLength(deals.body.total!)
    await runSweep(
      { db: database.db, payments: app.deps.payments, vault: app.deps.vault, log: app.log },
      new Date(Date.now() + 30 * 86_400_000),
    )
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(payout).toMatchObject({ status: 'paid', amount: PRICE })
    await ledgerOk()
  })

  it('an order left unpaid lapses back to approval; either party closes a ticket before payment', async () => {
    const { buyer, seller, id } = await joinedTicket()
    await need('POST', `escrow-ticket/${id}/listing`, seller, listingBody())
    const { orderId } = (await need('POST', `escrow-ticket/${id}/approve`, buyer)).body.data
    await database.db
      .update(orders)
      .set({ closeAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId))
    await runSweep({ db: database.db, payments: app.deps.payments, vault: app.deps.vault, log: app.log })
    const lapsed = (await need('GET', `escrow-ticket/${id}`, buyer)).body.data
    expect(lapsed).toMatchObject({
      status: 'awaiting_approval',
      orderId: null,
      actions: ['approve', 'reject', 'close'],
    })
    const closed = await need('POST', `escrow-ticket/${id}/close`, seller)
    expect(closed.body.data).toMatchObject({ status: 'closed', closedReason: '卖家关闭', actions: [] })
    expect((await need('POST', `escrow-ticket/${id}/approve`, buyer)).body.msg).toBe('卖家录入账号后才能确认')
    await ledgerOk()
  })
})
