/**
 * Two instances on one database and one shared store, as behind the proxy: what one does, the other sees and
 * respects. 100 buyers spread over both for one account make one order; a captcha drawn on one is answered on
 * the other, once; a rate limit counts the calls of both; both sweepers running at the same moment take each
 * timed transition exactly once (SKIP LOCKED). On the memory store every run, and on Redis with two connections
 * when REDIS_URL is set (CI's second pass, where the database is PostgreSQL with a pool of its own per instance's
 * worth of connections). The deal rooms' fan-out between instances is dealRoomFanout.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../server/db'
import { games, goods, orderEvents, orders } from '../../server/db/schema'
import { createMemoryKv, openRedisKv, type KvStore } from '../../server/lib/kv'
import { runSweep } from '../../server/modules/orders/sweeper'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createPerson } from './helpers/http'

let database: Database
let gameId: number

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 10 })
  const [game] = await database.db.insert(games).values({ name: '王者荣耀', initial: 'W', type: 'mobile' }).returning()
  gameId = game.id
})
afterAll(() => database.close())

function twoInstances(openStores: () => Promise<[KvStore, KvStore]>) {
  let apps: ReturnType<typeof createTestApp>[]
  beforeAll(async () => {
    const stores = await openStores()
    apps = stores.map((kv) => createTestApp(database, { kv }))
    await Promise.all(apps.map((app) => app.ready()))
  })
  afterAll(() => Promise.all(apps.map((app) => app.close())))

  /** The i-th call goes to instance i mod 2, as the proxy's round robin sends them. */
  const via = (i: number) => apps[i % 2]

  test('100 buyers over both instances for one account: one order', async () => {
    const seller = await createPerson(database)
    const [item] = await database.db
      .insert(goods)
      .values({ gameId, sellerId: seller.id, title: '号', price: 10_000, status: 'on_sale', listedAt: new Date() })
      .returning()
    const buyers = await Promise.all(Array.from({ length: 100 }, () => createPerson(database)))
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        via(i).inject({
          method: 'POST',
          url: '/api/order',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { goodsId: item.id, guaranteeType: 'none', payMode: 'full', agree: true },
        }),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(99)
    expect(await database.db.select().from(orders).where(eq(orders.goodsId, item.id))).toHaveLength(1)
  })

  test('a captcha drawn on one instance is answered on the other, once', async () => {
    const drawn = (await apps[0].inject('/api/captchaImage')).json().data as { uuid: string }
    const answer = await apps[0].deps.kv.get(`captcha:${drawn.uuid}`)
    const login = (app: (typeof apps)[number]) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'nobody_here', password: 'wrong-password1', uuid: drawn.uuid, code: answer },
      })
    const first = await login(apps[1])
    // The captcha passed: the password was what failed.
    expect([first.statusCode, first.json().msg]).toEqual([400, '用户名或密码错误'])
    const again = await login(apps[0])
    expect(again.json().msg).toBe('图形验证码错误或已过期，请重新输入')
  })

  test('a rate limit counts both instances: 30 captcha images a minute per address', async () => {
    const ip = `10.31.${randomBytes(1)[0]}.7`
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => via(i).inject({ url: '/api/captchaImage', remoteAddress: ip })),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30)
  })

  test('both sweepers at once: each unpaid order past its deadline is cancelled exactly once', async () => {
    const buyer = await createPerson(database)
    const items = await database.db
      .insert(goods)
      .values(Array.from({ length: 60 }, () => ({ gameId, title: '号', price: 10_000, status: 'in_trade' as const })))
      .returning()
    const made = await database.db
      .insert(orders)
      .values(
        items.map((item, i) => ({
          no: `S${Date.now()}${String(i).padStart(3, '0')}`,
          buyerId: buyer.id,
          goodsId: item.id,
          goods: { id: item.id, gameId, gameName: '', title: '号', coverImage: '', regionNames: [], price: 10_000 },
          guaranteeType: 'none' as const,
          payMode: 'full' as const,
          goodsAmount: 10_000,
          guaranteeAmount: 0,
          serviceAmount: 0,
          totalAmount: 10_000,
          depositAmount: 0,
          commissionAmount: 0,
          status: 'pending_payment' as const,
          closeAt: new Date(Date.now() - 60_000),
        })),
      )
      .returning({ id: orders.id })
    const ids = made.map((row) => row.id)
    const sweeps = await Promise.all(
      apps.map((app) =>
        runSweep({ db: database.db, payments: app.deps.payments, vault: app.deps.vault, log: app.log }),
      ),
    )
    expect(sweeps.reduce((sum, result) => sum + result.cancelled, 0)).toBe(60)
    const cancelled = await database.db
      .select()
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.status, 'cancelled')))
    expect(cancelled).toHaveLength(60)
    const events = await database.db
      .select({ orderId: orderEvents.orderId })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.event, 'cancel')))
    expect(events).toHaveLength(60)
    expect(new Set(events.map((e) => e.orderId)).size).toBe(60)
  })
}

describe('on one memory store', () => {
  twoInstances(async () => {
    const shared = createMemoryKv()
    return [shared, shared]
  })
})

const redisUrl = process.env.REDIS_URL
const describeRedis = redisUrl ? describe : describe.skip
describeRedis('on Redis, a connection each (runs only when REDIS_URL is set)', () => {
  twoInstances(async () => {
    const prefix = `haoanxin-test:${randomBytes(4).toString('hex')}:`
    return [await openRedisKv(redisUrl!, prefix), await openRedisKv(redisUrl!, prefix)]
  })
})
