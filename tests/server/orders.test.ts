import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  credentialReveals,
  games,
  goods,
  goodsCredentials,
  goodsEvents,
  ledgerEntries,
  messages,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  type Role,
  users,
} from '../../server/db/schema'
import { setSetting } from '../../server/lib/settings'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { sealPayout } from '../../server/modules/catalogue/credentials'
import { runSweep } from '../../server/modules/orders/sweeper'
import type { OrderDeps } from '../../server/modules/orders/service'
import { Order, type Quote } from '../../src/contract/orders'
import { Payment, type PayStart } from '../../src/contract/payments'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createPerson, type Person } from './helpers/http'
import { paidNotice, postNotice } from './helpers/payments'
import { localGateway } from '../../server/modules/payments'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let gameId: number
let orderDeps: OrderDeps
const MINUTE = 60_000
const DAY = 86_400_000

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 20 })
  app = createTestApp(database)
  await app.ready()
  const [game] = await database.db
    .insert(games)
    .values({ name: '王者荣耀', initial: 'W', type: 'mobile' })
    .returning({ id: games.id })
  gameId = game.id
  orderDeps = { db: database.db, payments: app.deps.payments, vault: app.deps.vault, log: { error: () => undefined } }
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const person = (roles: Role[] = ['user']): Promise<Person> => createPerson(database, roles)

async function listing(
  options: { price?: number; seller?: Person | null; guarantee?: 'buyer_pays' | 'free' | 'none' } = {},
) {
  const [row] = await database.db
    .insert(goods)
    .values({
      gameId,
      sellerId: options.seller === undefined ? null : (options.seller?.id ?? null),
      title: '国服荣耀王者 全英雄 皮肤 300+',
      price: options.price ?? 100_000,
      guarantee: options.guarantee ?? 'buyer_pays',
      status: 'on_sale',
      listedAt: new Date(),
    })
    .returning({ id: goods.id })
  // A seller's listing carries the Alipay account its money is transferred to.
  if (options.seller) {
    await database.db
      .update(goods)
      .set({ payoutSealed: sealPayout(app.deps.vault, row.id, { alipayAccount: '13900139000', name: '王五' }) })
      .where(eq(goods.id, row.id))
  }
  await database.db.insert(goodsCredentials).values({
    goodsId: row.id,
    sealed: app.deps.vault.seal(
      JSON.stringify({ account: `qq${row.id}`, password: `pw-${row.id}-secret`, notes: '绑定手机已解绑' }),
      `goods:${row.id}:credentials`,
    ),
  })
  return row.id
}

const auth = (p: Person | null) => (p ? { authorization: `Bearer ${p.token}` } : {})

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  who: Person | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...auth(who), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: T } }
}

const order = (buyer: Person, goodsId: number, extra: Record<string, unknown> = {}, key?: string) =>
  call<Order>(
    'POST',
    '/api/order',
    buyer,
    { goodsId, guaranteeType: 'retrieval', payMode: 'full', agree: true, ...extra },
    key ? { 'idempotency-key': key } : {},
  )

async function pay(buyer: Person, orderId: number, kind: 'full' | 'deposit' | 'balance' = 'full') {
  const started = await call<PayStart>('POST', `/api/pay/${orderId}`, buyer, {
    channel: 'alipay',
    kind,
    returnUrl: '/index/orderDetail',
  })
  expect(started.status).toBe(200)
  return started.body.data
}

/** Pays through the gateway: a notice signed by the (local) gateway's key reaches the notify URL. */
async function payAndNotify(buyer: Person, orderId: number, kind: 'full' | 'deposit' | 'balance' = 'full') {
  const started = await pay(buyer, orderId, kind)
  const answer = await postNotice(app, paidNotice(app, started.outTradeNo, started.amount))
  expect(answer).toBe('success')
  return started
}

async function ledgerOk() {
  const report = await verifyLedger(database.db)
  expect(report.problems).toEqual([])
}

describe('quote', () => {
  it('computes every amount on the server from the settings', async () => {
    const buyer = await person()
    const id = await listing({ price: 100_000 })
    const quote = async (guaranteeType: string, payMode = 'full') =>
      (await call('POST', '/api/order/quote', buyer, { goodsId: id, guaranteeType, payMode })).body.data
    expect(await quote('retrieval')).toMatchObject({
      goodsAmount: 100_000,
      guaranteeAmount: 10_000,
      serviceAmount: 800,
      totalAmount: 110_800,
      payNow: 110_800,
      depositAllowed: true,
      terms: {
        guaranteeRetrieval: { rateBps: 1_000, min: 5_000 },
        guaranteeFace: { rateBps: 1_500, min: 10_000 },
        deposit: { rateBps: 1_000, min: 5_000 },
        unpaidOrderTimeoutMinutes: 15,
      },
    })
    expect(await quote('face')).toMatchObject({ guaranteeAmount: 15_000, totalAmount: 115_800 })
    expect(await quote('none')).toMatchObject({ guaranteeAmount: 0, totalAmount: 100_800 })
    expect(await quote('none', 'deposit')).toMatchObject({ depositAmount: 10_080, payNow: 10_080 })
  })

  it('applies the minimums, the deposit threshold and the listing guarantee terms', async () => {
    const buyer = await person()
    const cheap = await listing({ price: 3_000 })
    const r = await call('POST', '/api/order/quote', buyer, {
      goodsId: cheap,
      guaranteeType: 'retrieval',
      payMode: 'full',
    })
    expect(r.body.data).toMatchObject({ guaranteeAmount: 5_000, depositAllowed: false })
    // Every option priced on this goods, side by side (the minimums apply to each).
    expect((r.body.data as Quote).guaranteeOptions).toEqual([
      { type: 'retrieval', amount: 5_000 },
      { type: 'face', amount: 10_000 },
      { type: 'none', amount: 0 },
    ])
    const face = await call('POST', '/api/order/quote', buyer, {
      goodsId: cheap,
      guaranteeType: 'face',
      payMode: 'full',
    })
    expect(face.body.data).toMatchObject({ guaranteeAmount: 10_000 })
    const deposit = await call('POST', '/api/order/quote', buyer, {
      goodsId: cheap,
      guaranteeType: 'none',
      payMode: 'deposit',
    })
    expect(deposit.status).toBe(400)
    expect(deposit.body.msg).toContain('定金')
    const free = await listing({ guarantee: 'free' })
    const included = await call('POST', '/api/order/quote', buyer, {
      goodsId: free,
      guaranteeType: 'retrieval',
      payMode: 'full',
    })
    expect(included.body.data).toMatchObject({
      guaranteeAmount: 0,
      guaranteeOptions: [{ type: 'retrieval', amount: 0 }],
    })
    const refused = await call('POST', '/api/order/quote', buyer, {
      goodsId: free,
      guaranteeType: 'none',
      payMode: 'full',
    })
    expect(refused.status).toBe(400)
  })

  it('refuses bad input, a visitor and an unknown goods', async () => {
    const buyer = await person()
    const id = await listing()
    expect(
      (await call('POST', '/api/order/quote', null, { goodsId: id, guaranteeType: 'none', payMode: 'full' })).status,
    ).toBe(401)
    const bad = await call('POST', '/api/order/quote', buyer, { goodsId: id, guaranteeType: 'gold', payMode: 'full' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('包赔方式')
    const amount = await call('POST', '/api/order/quote', buyer, {
      goodsId: id,
      guaranteeType: 'none',
      payMode: 'full',
      totalAmount: 1,
    })
    expect(amount.status).toBe(400)
    expect(
      (await call('POST', '/api/order/quote', buyer, { goodsId: 999_999, guaranteeType: 'none', payMode: 'full' }))
        .status,
    ).toBe(404)
  })
})

describe('ordering', () => {
  it('locks the goods; a second buyer, the same buyer again, and the seller are refused with the screen messages', async () => {
    const seller = await person()
    const [a, b] = [await person(), await person()]
    const id = await listing({ seller })
    const first = await order(a, id)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      status: 'pending_payment',
      totalAmount: 110_800,
      actions: ['pay', 'cancel'],
    })
    expect(first.body.data.goods).toMatchObject({ id, gameName: '王者荣耀', price: 100_000 })
    const [row] = await database.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id))
    expect(row.status).toBe('in_trade')
    const other = await order(b, id)
    expect(other).toMatchObject({ status: 409, body: { msg: '该商品正在交易中，请稍后再看' } })
    const again = await order(a, id)
    expect(again).toMatchObject({
      status: 409,
      body: { msg: '你已有该商品的待支付订单', data: { orderId: first.body.data.id } },
    })
    const own = await order(seller, await listing({ seller }))
    expect(own).toMatchObject({ status: 409, body: { msg: '不能购买自己发布的商品' } })
    expect((await call('POST', '/api/order', a, { goodsId: id, guaranteeType: 'none', payMode: 'full' })).status).toBe(
      400,
    )
  })

  it('100 concurrent buyers for one account make exactly one order', async () => {
    const buyers = await Promise.all(Array.from({ length: 100 }, () => person()))
    const id = await listing()
    const results = await Promise.all(buyers.map((buyer) => order(buyer, id)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(99)
    const live = await database.db.select().from(orders).where(eq(orders.goodsId, id))
    expect(live).toHaveLength(1)
  })

  it('answers an anonymous caller of an operator route 401 before looking at its input', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/orders/abc/refund'],
      ['POST', '/api/admin/orders/1/hand-over'],
      ['GET', '/api/admin/ledger/verify'],
    ] as const) {
      const response = await call(method, url, null, method === 'POST' ? { wrong: 1 } : undefined)
      expect({ url, status: response.status }).toEqual({ url, status: 401 })
    }
  })

  it('replays an Idempotency-Key with the first order and refuses its reuse for another request', async () => {
    const buyer = await person()
    const id = await listing()
    const key = randomUUID()
    const [first, second] = await Promise.all([order(buyer, id, {}, key), order(buyer, id, {}, key)])
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.data.id).toBe(first.body.data.id)
    const replay = await order(buyer, id, {}, key)
    expect(replay.body.data.id).toBe(first.body.data.id)
    // The same fields in another order are the same request.
    const reordered = await call<Order>(
      'POST',
      '/api/order',
      buyer,
      { agree: true, payMode: 'full', guaranteeType: 'retrieval', goodsId: id },
      { 'idempotency-key': key },
    )
    expect([reordered.status, reordered.body.data.id]).toEqual([200, first.body.data.id])
    const misuse = await order(buyer, await listing(), {}, key)
    expect(misuse.status).toBe(409)
    expect(misuse.body.msg).toContain('Idempotency-Key')
    expect(await database.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toHaveLength(1)
  })

  it('shows an order only to its buyer (and operators); lists only my orders, by status and date', async () => {
    const [a, b] = [await person(), await person()]
    const created = (await order(a, await listing())).body.data
    expect((await call('GET', `/api/need/myOrder/${created.id}`, b)).status).toBe(404)
    expect((await call('GET', `/api/need/myOrder/${created.id}`, null)).status).toBe(401)
    const operator = await person(['user', 'service'])
    expect((await call('GET', `/api/admin/orders/${created.id}`, operator)).status).toBe(200)
    // At the console only: through the buyer's own call staff are strangers.
    expect((await call('GET', `/api/need/myOrder/${created.id}`, operator)).status).toBe(404)
    const mine = await call<never>('GET', '/api/need/myOrder?status=pending_payment', a)
    expect((mine.body as unknown as { rows: Order[] }).rows.map((o) => o.id)).toEqual([created.id])
    const trading = await call<never>('GET', '/api/need/myOrder?status=paid,handed_over', a)
    expect((trading.body as unknown as { total: number }).total).toBe(0)
    const openOrCancelled = await call<never>('GET', '/api/need/myOrder?status=cancelled,pending_payment', a)
    expect((openOrCancelled.body as unknown as { rows: Order[] }).rows.map((o) => o.id)).toEqual([created.id])
    const theirs = await call<never>('GET', '/api/need/myOrder', b)
    expect((theirs.body as unknown as { total: number }).total).toBe(0)
    const tomorrow = new Date(Date.now() + DAY + 8 * 3_600_000).toISOString().slice(0, 10)
    const later = await call<never>('GET', `/api/need/myOrder?from=${tomorrow}`, a)
    expect((later.body as unknown as { total: number }).total).toBe(0)
    for (const status of ['lost', 'paid,', 'paid,lost', ',paid']) {
      const refused = await call('GET', `/api/need/myOrder?status=${status}`, a)
      expect([status, refused.status, refused.body.msg]).toEqual([status, 400, '订单状态格式不正确'])
    }
  })

  it('staff find anyone’s orders at the console by number, buyer’s phone and game; a buyer sees only their own', async () => {
    const a = await person()
    const created = (await order(a, await listing())).body.data as Order
    const desk = await person(['user', 'service'])
    const found = async (query: string) => {
      const reply = await call<never>('GET', `/api/admin/orders?${query}`, desk)
      return (reply.body as unknown as { rows: Order[] }).rows.map((o) => o.id)
    }
    const [buyer] = await database.db.select({ phone: users.phone }).from(users).where(eq(users.id, a.id))
    expect(await found(`no=${created.no}`)).toEqual([created.id])
    expect(await found(`phone=${buyer.phone}`)).toEqual([created.id])
    expect(await found(`gameId=${gameId}&status=pending_payment`)).toContain(created.id)
    expect(await found(`gameId=${gameId + 1000}`)).toEqual([])
    // A catalogue purchase: not among 竞价回收's or 中介担保's orders (recycling and escrowTickets test theirs).
    expect(created.source).toBe('market')
    expect(await found(`phone=${buyer.phone}&source=market`)).toEqual([created.id])
    expect(await found(`phone=${buyer.phone}&source=recycling`)).toEqual([])
    expect(await found(`phone=${buyer.phone}&source=escrow`)).toEqual([])
    // The platform's own stock (自营) has no seller to name.
    expect((await call('GET', `/api/admin/orders/${created.id}`, desk)).body.data).toMatchObject({ seller: null })
    const unknown = await call('GET', '/api/admin/orders?source=auction', desk)
    expect([unknown.status, unknown.body.msg]).toEqual([400, expect.stringContaining('来源')])
    // Staff filters mean nothing on a buyer's own list: another buyer asking by this number sees only theirs.
    const other = await person()
    const theirs = await call<never>('GET', `/api/need/myOrder?no=${created.no}`, other)
    expect((theirs.body as unknown as { total: number }).total).toBe(0)
  })
})

describe('cancelling', () => {
  it('the buyer cancels an unpaid order; the goods is on sale again and the trade is closed', async () => {
    const buyer = await person()
    const id = await listing()
    const created = (await order(buyer, id)).body.data
    const started = await pay(buyer, created.id)
    const cancelled = await call<Order>('POST', `/api/need/myOrder/${created.id}/cancel`, buyer, { reason: '不想要了' })
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancelReason: '不想要了', actions: [] })
    const [row] = await database.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id))
    expect(row.status).toBe('on_sale')
    const goodsTrail = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
    expect(goodsTrail.map((e) => [e.event, e.fromStatus, e.toStatus, e.detail])).toEqual([
      ['take', 'on_sale', 'in_trade', {}],
      ['release', 'in_trade', 'on_sale', { orderId: created.id }],
    ])
    const [payment] = await database.db.select().from(payments).where(eq(payments.outTradeNo, started.outTradeNo))
    expect(payment.status).toBe('closed')
    const paymentTrail = await database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))
    expect(paymentTrail.map((e) => [e.event, e.actor, e.toStatus])).toEqual([
      ['start', 'buyer', 'pending'],
      ['close', 'buyer', 'closed'],
    ])
    expect((await call('POST', `/api/need/myOrder/${created.id}/cancel`, buyer)).status).toBe(409)
  })

  it('the sweeper cancels at closeAt, also when it runs long after (catch-up after downtime)', async () => {
    const buyer = await person()
    const ids = [await listing(), await listing()]
    const made = [(await order(buyer, ids[0])).body.data, (await order(buyer, ids[1])).body.data]
    expect((await runSweep(orderDeps, new Date(Date.now() + 14 * MINUTE))).cancelled).toBe(0)
    // the server was down for a day: the first run after the restart catches up
    const result = await runSweep(orderDeps, new Date(Date.now() + DAY))
    expect(result.cancelled).toBeGreaterThanOrEqual(2)
    for (const o of made) {
      const [row] = await database.db.select().from(orders).where(eq(orders.id, o.id))
      expect(row.status).toBe('cancelled')
    }
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, made[0].id), eq(orderEvents.event, 'cancel')))
    expect(events).toMatchObject([{ actor: 'system', fromStatus: 'pending_payment', toStatus: 'cancelled' }])
    expect((await runSweep(orderDeps, new Date(Date.now() + DAY))).cancelled).toBe(0)
  })
})

describe('hoarding limits', () => {
  it('one buyer holds at most 2 unpaid orders, even when 8 arrive at once', async () => {
    const buyer = await person()
    const ids = await Promise.all(Array.from({ length: 8 }, () => listing()))
    const answers = await Promise.all(ids.map((id) => order(buyer, id)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body).toMatchObject({ code: 409, msg: '你有 2 个待支付订单，请先支付或取消后再下单' })
    }
    const held = await database.db.select().from(goods).where(eq(goods.status, 'in_trade'))
    expect(held.filter((row) => ids.includes(row.id))).toHaveLength(2)
    // Paying or cancelling one frees a place.
    await call('POST', `/api/need/myOrder/${answers.find((a) => a.status === 200)!.body.data.id}/cancel`, buyer)
    expect(
      (
        await order(
          buyer,
          ids.find((id) => !held.some((row) => row.id === id))!,
        )
      ).status,
    ).toBe(200)
  })

  it('three timed-out orders within a day keep the buyer from ordering for a day', async () => {
    const buyer = await person()
    for (const batch of [2, 1]) {
      for (let i = 0; i < batch; i += 1) expect((await order(buyer, await listing())).status).toBe(200)
      await runSweep(orderDeps, new Date(Date.now() + DAY))
    }
    const refused = await order(buyer, await listing())
    expect(refused.status).toBe(429)
    expect(refused.body.msg).toMatch(/^近期多个订单超时未支付，请 (2[34] 小时|\d+ 分钟)后再下单$/)
    // A buyer who cancels their own orders is not held back.
    const other = await person()
    for (let i = 0; i < 3; i += 1) {
      const made = (await order(other, await listing())).body.data
      expect((await call('POST', `/api/need/myOrder/${made.id}/cancel`, other)).status).toBe(200)
    }
    expect((await order(other, await listing())).status).toBe(200)
  })

  it('ten orders an hour per buyer', async () => {
    const buyer = await person()
    for (let i = 0; i < 10; i += 1) {
      const made = (await order(buyer, await listing())).body.data
      await call('POST', `/api/need/myOrder/${made.id}/cancel`, buyer)
    }
    const eleventh = await order(buyer, await listing())
    expect(eleventh.status).toBe(429)
    expect(eleventh.body.msg).toMatch(/^下单过于频繁，请 (1 小时|\d+ 分钟)后再试$/)
  })
})

describe('paying', () => {
  it('in the WeChat mini-program: the login code names the payer, then JSAPI under the mini app', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const mini = { channel: 'wechat', kind: 'full', returnUrl: '/index/orderDetail', scene: 'mini' }
    const unknown = await call('POST', `/api/pay/${created.id}`, buyer, mini)
    expect(unknown.body).toMatchObject({ code: 409, data: { need: 'miniLogin' } })
    expect((await call('POST', '/api/pay/wechat/mini-session', null, { code: 'c1' })).status).toBe(401)
    expect((await call('POST', '/api/pay/wechat/mini-session', buyer, { code: 'not a code!' })).status).toBe(400)
    expect((await call('POST', '/api/pay/wechat/mini-session', buyer, { code: 'c1' })).status).toBe(200)
    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, mini)
    expect(started.body.data.jsapi!.appId).toBe(app.deps.payments.wechat!.mini!.appId)
    expect(started.body.data.jsapi!.appId).not.toBe(app.deps.payments.wechat!.oauth!.appId)
  })

  it('signs a page’s WeChat JS-SDK config (its share card) with the official account’s ticket, kept for all', async () => {
    // inject() stands for a loopback client of the configured port.
    const page = `http://localhost:${app.deps.config.port}/index/goodDetail?id=7`
    const first = await call<{ appId: string; timestamp: number; nonceStr: string; signature: string }>(
      'GET',
      `/api/wechat/js-config?url=${encodeURIComponent(`${page}#top`)}`,
      null,
    )
    expect(first.status).toBe(200)
    const { appId, timestamp, nonceStr, signature } = first.body.data
    expect(appId).toBe(app.deps.payments.wechat!.oauth!.appId)
    const ticket = await app.deps.kv.get(`wechat-jsapi-ticket:${appId}`)
    const signed = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`
    expect(signature).toBe(createHash('sha1').update(signed).digest('hex'))
    const again = await call('GET', `/api/wechat/js-config?url=${encodeURIComponent(page)}`, null)
    expect(again.status).toBe(200)
    expect(await app.deps.kv.get(`wechat-jsapi-ticket:${appId}`)).toBe(ticket)
    const foreign = await call('GET', `/api/wechat/js-config?url=${encodeURIComponent('https://evil.example/')}`, null)
    expect(foreign.body).toMatchObject({ code: 400, msg: '返回地址必须是本站页面' })
  })

  it('in the Alipay mini-program: the auth code names the buyer, then a trade number for my.tradePay', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const mini = { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail', scene: 'mini' }
    expect((await call('POST', `/api/pay/${created.id}`, buyer, mini)).body).toMatchObject({
      code: 409,
      msg: '需要小程序登录后才能支付',
    })
    expect((await call('POST', '/api/pay/qq/mini-session', buyer, { code: 'a1' })).status).toBe(400)
    expect((await call('POST', '/api/pay/alipay/mini-session', buyer, { code: 'a1' })).status).toBe(200)
    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, mini)
    expect(started.body.data).toMatchObject({ tradeNo: expect.stringMatching(/^\d{32}$/) })
    expect(started.body.data).not.toHaveProperty('payUrl')
  })

  it('inside WeChat: JSAPI for the payer WeChat named after its authorisation; nothing is written before', async () => {
    const buyer = await person()
    const stranger = await person()
    const created = (await order(buyer, await listing())).body.data
    const jsapi = { channel: 'wechat', kind: 'full', returnUrl: '/index/orderDetail', scene: 'jsapi' }
    const unknown = await call('POST', `/api/pay/${created.id}`, buyer, jsapi)
    expect(unknown.body).toMatchObject({ code: 409, msg: '需要微信授权后才能支付', data: { need: 'payerAuth' } })
    expect(await database.db.select().from(payments).where(eq(payments.orderId, created.id))).toEqual([])

    const authorize = (redirect: string, who: Person | null = buyer) =>
      call<{ authorizeUrl?: string }>('GET', `/api/pay/wechat/authorize?redirect=${encodeURIComponent(redirect)}`, who)
    expect((await authorize('https://evil.example/steal')).status).toBe(400)
    expect((await authorize('/index/pay', null)).status).toBe(401)
    const sent = new URL((await authorize(`/index/pay?id=${created.id}&code=used&state=old`)).body.data.authorizeUrl!)
    const back = await app.inject({ method: 'GET', url: `${sent.pathname}${sent.search}` })
    const returned = new URL(back.headers.location as string)
    expect(returned.pathname).toBe('/index/pay')
    expect(returned.searchParams.getAll('code')).toHaveLength(1)
    const code = returned.searchParams.get('code')!
    const state = returned.searchParams.get('state')!

    // The state is the buyer's: a stranger's try fails and does not spend it; the buyer's works once.
    expect((await call('POST', '/api/pay/wechat/openid', stranger, { code, state })).body).toMatchObject({
      code: 400,
      msg: '微信授权已过期，请重新发起支付',
    })
    expect((await call('POST', '/api/pay/wechat/openid', buyer, { code, state })).status).toBe(200)
    expect((await call('POST', '/api/pay/wechat/openid', buyer, { code, state })).status).toBe(400)
    // Known now: the page is not sent to WeChat again.
    expect((await authorize(`/index/pay?id=${created.id}`)).body).toMatchObject({ code: 200, data: {} })

    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, jsapi)
    expect(started.body.data.jsapi).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
    expect(started.body.data).not.toHaveProperty('payUrl')
    // The money counts on WeChat Pay's signed notice, as for every payment.
    const notice = localGateway(app.deps.payments, 'wechat').testNotice(
      started.body.data.outTradeNo,
      started.body.data.amount,
    )
    const answer = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: notice.headers as Record<string, string>,
      payload: notice.rawBody,
    })
    expect(answer.statusCode).toBe(204)
    const paid = (await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data
    expect(paid).toMatchObject({ status: 'paid', payments: [{ channel: 'wechat', status: 'paid' }] })
    await ledgerOk()
  })

  it('inside Alipay: the trade made for the buyer Alipay’s auth_base named, paid by tradePay with its number', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const jsapi = { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail', scene: 'jsapi' }
    expect((await call('POST', `/api/pay/${created.id}`, buyer, jsapi)).body).toMatchObject({
      code: 409,
      msg: '需要支付宝授权后才能支付',
      data: { need: 'payerAuth' },
    })
    const sent = new URL(
      (
        await call<{ authorizeUrl?: string }>(
          'GET',
          `/api/pay/alipay/authorize?redirect=${encodeURIComponent(`/index/pay?id=${created.id}&auth_code=used`)}`,
          buyer,
        )
      ).body.data.authorizeUrl!,
    )
    expect(sent.pathname).toBe('/dev/alipay/oauth2/publicAppAuthorize.htm')
    const back = new URL(
      (await app.inject({ method: 'GET', url: `${sent.pathname}${sent.search}` })).headers.location as string,
    )
    expect(back.searchParams.getAll('auth_code')).toHaveLength(1)
    const body = { code: back.searchParams.get('auth_code')!, state: back.searchParams.get('state')! }
    // A state is the channel's own: WeChat's call does not take Alipay's.
    expect((await call('POST', '/api/pay/wechat/openid', buyer, body)).status).toBe(400)
    expect((await call('POST', '/api/pay/alipay/openid', buyer, body)).status).toBe(200)

    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, jsapi)
    expect(started.body.data).toMatchObject({ tradeNo: expect.stringMatching(/^\d{32}$/) })
    expect(started.body.data).not.toHaveProperty('payUrl')
    // The money counts on Alipay's signed notice, as for every payment.
    const { outTradeNo, amount } = started.body.data
    expect(await postNotice(app, paidNotice(app, outTradeNo, amount))).toBe('success')
    expect((await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data.status).toBe('paid')
    await ledgerOk()
  })

  it('in the QQ mini-program: WeChat’s H5 trade through QQ’s proxy, no payer needed; Alipay is not offered', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const qq = { kind: 'full', returnUrl: '/index/orderDetail', scene: 'qq-mini' }
    expect((await call('POST', `/api/pay/${created.id}`, buyer, { ...qq, channel: 'alipay' })).body).toMatchObject({
      code: 409,
      data: { need: 'browser' },
    })
    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, { ...qq, channel: 'wechat' })
    expect(started.status).toBe(200)
    expect(new URL(started.body.data.payUrl!).pathname).toBe('/dev/wechat')
  })

  it('a verified notice pays the order once; hand-over, credentials, confirmation and payout follow', async () => {
    const seller = await person()
    const buyer = await person()
    const id = await listing({ seller })
    const created = (await order(buyer, id)).body.data
    await payAndNotify(buyer, created.id)
    const paid = (await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 110_800, actions: [] })
    expect(paid.payments).toMatchObject([{ status: 'paid', amount: 110_800, channel: 'alipay' }])
    // The answer is the contract's declaration itself: every field it names arrives (a route's own, older
    // copy of the schema would silently drop a field added to the contract).
    expect(Object.keys(paid).sort()).toEqual(Object.keys(Order.properties).sort())
    expect(Object.keys(paid.payments![0]).sort()).toEqual(Object.keys(Payment.properties).sort())

    // credentials: not before hand-over, not for the seller, another user or a visitor
    const stranger = await person()
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, buyer)).status).toBe(403)
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, seller)).status).toBe(404)
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, stranger)).status).toBe(404)
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, null)).status).toBe(401)

    const operator = await person(['user', 'service'])
    expect((await call('POST', `/api/admin/orders/${created.id}/hand-over`, buyer)).status).toBe(403)
    // Staff read an order's account at the console only, saying why; through the buyer's call they are strangers.
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, operator)).status).toBe(404)
    const unexplained = await call('POST', `/api/admin/orders/${created.id}/credentials`, operator, { reason: '' })
    expect(unexplained.status).toBe(400)
    const operatorView = (await call<Order>('GET', `/api/admin/orders/${created.id}`, operator)).body.data
    expect(operatorView.actions).toEqual(['handOver', 'refund', 'credentials'])
    const seen = await call('POST', `/api/admin/orders/${created.id}/credentials`, operator, { reason: '验号' })
    expect(seen.body.data).toMatchObject({ account: `qq${id}` })
    const handed = await call<Order>('POST', `/api/admin/orders/${created.id}/hand-over`, operator)
    expect(handed.body.data.status).toBe('handed_over')
    // Once the account is the buyer's, staff no longer read it, whatever the reason.
    const after = await call('POST', `/api/admin/orders/${created.id}/credentials`, operator, { reason: 'x' })
    expect(after.body).toMatchObject({ code: 403, msg: '只有移交中的订单可以查看账号信息' })
    expect(handed.body.data.actions).not.toContain('credentials')
    const buyerView = (await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data
    expect(buyerView.actions).toEqual(['credentials', 'confirm', 'aftersale'])
    const revealed = await call('GET', `/api/need/myOrder/${created.id}/credentials`, buyer)
    expect(revealed.body.data).toEqual({ account: `qq${id}`, password: `pw-${id}-secret`, notes: '绑定手机已解绑' })
    const reveals = await database.db.select().from(credentialReveals).where(eq(credentialReveals.orderId, created.id))
    expect(reveals.map((r) => [r.role, r.reason]).sort()).toEqual([
      ['buyer', ''],
      ['operator', '验号'],
    ])
    // The staff's reveal and hand-over are in the audit log; the buyer's reveal is not a staff action.
    expect(await auditActions(database, 'order', created.id)).toEqual(['order.credentials', 'order.handOver'])

    const done = await call<Order>('POST', `/api/need/myOrder/${created.id}/confirm`, buyer)
    expect(done.body.data).toMatchObject({
      status: 'completed',
      actions: ['credentials', 'aftersale', 'claim', 'review'],
    })
    const [sold] = await database.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id))
    expect(sold.status).toBe('sold')
    const goodsTrail = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
    expect(goodsTrail.map((e) => [e.event, e.actor, e.actorId])).toEqual([
      ['take', 'buyer', buyer.id],
      ['sell', 'buyer', buyer.id],
    ])
    await ledgerOk()
    // the same check on the running server, for finance only
    expect((await call('GET', '/api/admin/ledger/verify', buyer)).status).toBe(403)
    expect((await call('GET', '/api/admin/ledger/verify', operator)).status).toBe(403)
    const finance = await person(['user', 'finance'])
    const checked = await call<{ ok: boolean; problems: string[] }>('GET', '/api/admin/ledger/verify', finance)
    expect(checked.body.data).toMatchObject({ ok: true, problems: [] })
    // the seller's money waits out the protection window, then is released
    expect((await runSweep(orderDeps, new Date(Date.now() + 6 * DAY))).released).toBe(0)
    expect((await runSweep(orderDeps, new Date(Date.now() + 8 * DAY))).released).toBeGreaterThanOrEqual(1)
    const report = await verifyLedger(database.db)
    expect(report.problems).toEqual([])
    expect(report.balances[`seller:${seller.id}`]).toBe(100_000 - 5_000)
    // Each is told with what they may open: the buyer the order, the seller (who has no order page) the
    // listing it sold in 我的代售.
    const notes = await database.db.select().from(messages).where(eq(messages.userId, buyer.id))
    expect(notes.map((m) => [m.type, m.relatedType, m.relatedId])).toEqual(
      expect.arrayContaining([
        ['order_paid', 'order', created.id],
        ['handed_over', 'order', created.id],
        ['completed', 'order', created.id],
      ]),
    )
    expect((await call('GET', `/api/need/myOrder/${created.id}`, seller)).status).toBe(404)
    const sellerNotes = await database.db.select().from(messages).where(eq(messages.userId, seller.id))
    expect(sellerNotes.map((m) => [m.type, m.relatedType, m.relatedId])).toEqual(
      expect.arrayContaining([
        ['order_paid', 'listing', id],
        ['handed_over', 'listing', id],
        ['sold', 'listing', id],
      ]),
    )
    expect(sellerNotes.every((m) => m.relatedType !== 'order')).toBe(true)
  })

  it('bad signature, wrong amount, unknown trade number change nothing; a replay changes state once', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const started = await pay(buyer, created.id)
    const forged = paidNotice(app, started.outTradeNo, started.amount, { foreignKey: true })
    expect(await postNotice(app, forged)).not.toBe('success')
    const cheap = paidNotice(app, started.outTradeNo, 1)
    expect(await postNotice(app, cheap)).not.toBe('success')
    const unknown = paidNotice(app, 'P000000000000000000000', started.amount)
    expect(await postNotice(app, unknown)).not.toBe('success')
    let [row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row.status).toBe('pending_payment')

    const good = paidNotice(app, started.outTradeNo, started.amount)
    expect(await postNotice(app, good)).toBe('success')
    expect(await postNotice(app, good)).toBe('success')
    ;[row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row).toMatchObject({ status: 'paid', paidAmount: started.amount })
    const holds = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, created.id))
    expect(holds).toHaveLength(1)
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, created.id), eq(orderEvents.event, 'pay')))
    expect(events).toHaveLength(1)
    await ledgerOk()
  })

  it('a payment for an order cancelled meanwhile is refunded automatically', async () => {
    const buyer = await person()
    const id = await listing()
    const created = (await order(buyer, id)).body.data
    const started = await pay(buyer, created.id)
    await call('POST', `/api/need/myOrder/${created.id}/cancel`, buyer)
    expect(await postNotice(app, paidNotice(app, started.outTradeNo, started.amount))).toBe('success')
    const [payment] = await database.db.select().from(payments).where(eq(payments.outTradeNo, started.outTradeNo))
    expect(payment).toMatchObject({ status: 'refunded', refundDue: false })
    const [row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row.status).toBe('cancelled')
    await ledgerOk()
  })

  it('deposit then balance; hand-over needs the whole total', async () => {
    await setSetting(database.db, 'autoHandOver', false)
    const buyer = await person()
    const created = (
      await order(buyer, await listing({ price: 50_000 }), { payMode: 'deposit', guaranteeType: 'none' })
    ).body.data
    expect(created).toMatchObject({ totalAmount: 50_800, depositAmount: 5_080 })
    expect(
      (await call('POST', `/api/pay/${created.id}`, buyer, { channel: 'alipay', kind: 'full', returnUrl: '/x' }))
        .status,
    ).toBe(400)
    await payAndNotify(buyer, created.id, 'deposit')
    let current = (await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data
    expect(current).toMatchObject({ status: 'paid', paidAmount: 5_080, actions: ['payBalance'] })
    const operator = await person(['user', 'admin'])
    expect((await call('POST', `/api/admin/orders/${created.id}/hand-over`, operator)).status).toBe(409)
    const balance = await payAndNotify(buyer, created.id, 'balance')
    expect(balance.amount).toBe(45_720)
    current = (await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data
    expect(current).toMatchObject({ status: 'paid', paidAmount: 50_800, actions: [] })
    expect((await call('POST', `/api/admin/orders/${created.id}/hand-over`, operator)).status).toBe(200)
    await ledgerOk()
  })

  it('auto hand-over when the setting is on; auto-confirm after the days', async () => {
    await setSetting(database.db, 'autoHandOver', true)
    try {
      const buyer = await person()
      const created = (await order(buyer, await listing())).body.data
      await payAndNotify(buyer, created.id)
      let [row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
      expect(row.status).toBe('handed_over')
      await runSweep(orderDeps, new Date(Date.now() + 2 * DAY))
      ;[row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
      expect(row.status).toBe('handed_over')
      await runSweep(orderDeps, new Date(Date.now() + 3 * DAY + MINUTE))
      ;[row] = await database.db.select().from(orders).where(eq(orders.id, created.id))
      expect(row.status).toBe('completed')
      await ledgerOk()
    } finally {
      await setSetting(database.db, 'autoHandOver', false)
    }
  })

  it('an operator refunds a paid order: money back, goods on sale again', async () => {
    const buyer = await person()
    const id = await listing()
    const created = (await order(buyer, id)).body.data
    const started = await payAndNotify(buyer, created.id)
    const operator = await person(['user', 'admin'])
    expect((await call('POST', `/api/admin/orders/${created.id}/refund`, buyer, { reason: '卖家找回' })).status).toBe(
      403,
    )
    expect((await call('POST', `/api/admin/orders/${created.id}/refund`, operator, {})).status).toBe(400)
    const refunded = await call<Order>('POST', `/api/admin/orders/${created.id}/refund`, operator, {
      reason: '账号信息不符',
    })
    expect(refunded.body.data).toMatchObject({ status: 'refunded', refundAmount: started.amount })
    expect(await auditActions(database, 'order', created.id)).toEqual(['order.refund'])
    const [payment] = await database.db.select().from(payments).where(eq(payments.outTradeNo, started.outTradeNo))
    expect(payment.status).toBe('refunded')
    const [row] = await database.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id))
    expect(row.status).toBe('on_sale')
    expect((await call('GET', `/api/need/myOrder/${created.id}/credentials`, buyer)).status).toBe(403)
    expect((await call('POST', `/api/admin/orders/${created.id}/refund`, operator, { reason: '再退' })).status).toBe(
      409,
    )
    await ledgerOk()
  })

  it('one open trade per order: the same start again is the same trade; another way of paying closes it first', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const alipay = { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' }
    const trades = async () =>
      (await database.db.select().from(payments).where(eq(payments.orderId, created.id)).orderBy(payments.id)).map(
        (p) => ({
          outTradeNo: p.outTradeNo,
          channel: p.channel,
          status: p.status,
        }),
      )
    // Back from the cashier, a second tap, five at once: one trade, its page given again.
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => call<PayStart>('POST', `/api/pay/${created.id}`, buyer, alipay)),
    )
    const [first] = starts
    expect(new Set(starts.map((s) => s.body.data.outTradeNo))).toEqual(new Set([first.body.data.outTradeNo]))
    expect(await trades()).toEqual([{ outTradeNo: first.body.data.outTradeNo, channel: 'alipay', status: 'pending' }])
    const again = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, alipay)
    expect(new URL(again.body.data.payUrl!).searchParams.get('biz_content')).toBe(
      new URL(first.body.data.payUrl!).searchParams.get('biz_content'),
    )
    // WeChat instead: the Alipay trade is closed (here and at Alipay) before WeChat's is made.
    const wechat = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, { ...alipay, channel: 'wechat' })
    expect(await trades()).toEqual([
      { outTradeNo: first.body.data.outTradeNo, channel: 'alipay', status: 'closed' },
      { outTradeNo: wechat.body.data.outTradeNo, channel: 'wechat', status: 'pending' },
    ])
    expect(await localGateway(app.deps.payments, 'alipay').queryTrade(first.body.data.outTradeNo)).toEqual({
      state: 'closed',
    })
    // Paid anyway at Alipay's still open page: the order counts it, and WeChat's trade closes.
    expect(await postNotice(app, paidNotice(app, first.body.data.outTradeNo, first.body.data.amount))).toBe('success')
    expect((await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data.status).toBe('paid')
    expect((await trades()).map((t) => t.status)).toEqual(['paid', 'closed'])
    await ledgerOk()
  })

  it('a notice and another start for the same order at once: both answered, never a deadlock', async () => {
    // A notice locked its payment and then the order while a start locked the order and then that payment: on
    // PostgreSQL each waited on the other (40P01, a 500 to the gateway). Both now lock the order first.
    const alipay = { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' }
    for (let round = 0; round < 10; round++) {
      const buyer = await person()
      const created = (await order(buyer, await listing())).body.data
      const first = (await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, alipay)).body.data
      const [noticeAnswer, started] = await Promise.all([
        postNotice(app, paidNotice(app, first.outTradeNo, first.amount)),
        call<PayStart>('POST', `/api/pay/${created.id}`, buyer, { ...alipay, channel: 'wechat' }),
      ])
      expect(noticeAnswer).toBe('success')
      expect([200, 409]).toContain(started.status)
      expect((await call<Order>('GET', `/api/need/myOrder/${created.id}`, buyer)).body.data.status).toBe('paid')
    }
    await ledgerOk()
  })

  it('个人中心 counts the caller’s orders and listings by status, and no one else’s', async () => {
    const seller = await person()
    const buyer = await person()
    const [first, second] = [await listing({ seller }), await listing({ seller })]
    const paid = (await order(buyer, first)).body.data
    await order(buyer, second)
    await payAndNotify(buyer, paid.id)
    const center = async (who: Person) =>
      (await call<{ orders: object; listings: object }>('GET', '/api/system/user/center', who)).body.data
    expect(await center(buyer)).toEqual({ orders: { pending_payment: 1, paid: 1 }, listings: {} })
    expect(await center(seller)).toEqual({ orders: {}, listings: { in_trade: 2 } })
    expect((await call('GET', '/api/system/user/center', null)).status).toBe(401)
  })

  it('refuses a return URL of another site and a payment for someone else', async () => {
    const [buyer, other] = [await person(), await person()]
    const created = (await order(buyer, await listing())).body.data
    const evil = await call('POST', `/api/pay/${created.id}`, buyer, {
      channel: 'alipay',
      kind: 'full',
      returnUrl: 'https://evil.example/x',
    })
    expect(evil.status).toBe(400)
    expect(
      (await call('POST', `/api/pay/${created.id}`, other, { channel: 'alipay', kind: 'full', returnUrl: '/x' }))
        .status,
    ).toBe(404)
  })

  it('builds the notify and return URLs from the bound address, never from the Host header', async () => {
    const buyer = await person()
    const created = (await order(buyer, await listing())).body.data
    const body = { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' }
    const started = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, body, {
      host: 'attacker.example:4444',
      'x-forwarded-host': 'attacker.example:4444',
    })
    expect(started.status).toBe(200)
    const payUrl = new URL(started.body.data.payUrl!)
    expect(payUrl.origin).toBe('http://127.0.0.1:3000')
    expect(payUrl.searchParams.get('notify_url')).toBe('http://127.0.0.1:3000/api/pay/notify/alipay')
    expect(payUrl.searchParams.get('return_url')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/index\/orderDetail\?/)
    // A browser on this machine writes localhost: it may come back there too.
    const local = await call<PayStart>('POST', `/api/pay/${created.id}`, buyer, {
      ...body,
      returnUrl: 'http://localhost:3000/index/orderDetail',
    })
    expect(new URL(local.body.data.payUrl!).searchParams.get('return_url')).toMatch(/^http:\/\/localhost:3000\//)
    const attacker = await call('POST', `/api/pay/${created.id}`, buyer, {
      ...body,
      returnUrl: 'http://attacker.example:4444/index/orderDetail',
    })
    expect(attacker.status).toBe(400)
  })
})
