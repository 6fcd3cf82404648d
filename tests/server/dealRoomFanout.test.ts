/**
 * Two instances, one room: two servers on one database, each with its own WebSocket clients and outbox
 * drain, share the store's publish/subscribe — Redis when REDIS_URL is set (CI's second pass: two
 * connections, as two processes would have), otherwise one memory store between them. What the seller
 * writes through one instance reaches the buyer's socket on the other, each message once, and back — also when
 * the store refuses a broadcast, and (on Redis) after the instances' subscriptions were cut.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import Redis from 'ioredis'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { games } from '../../server/db/schema'
import { createMemoryKv, openRedisKv, type KvStore } from '../../server/lib/kv'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { makeDeal, messagesIn, openSocket, until } from './helpers/deals'
import { createCaller } from './helpers/http'

/** Refusals to come of the stores' next broadcasts (as a store out of reach refuses them), whichever instance sends. */
let refusals = 0
const refusing = (store: KvStore): KvStore => ({
  ...store,
  async publish(channel, message) {
    if (refusals > 0) {
      refusals--
      throw new Error('store out of reach')
    }
    return store.publish(channel, message)
  },
})

/** `breakLines` cuts the instances' subscriptions to the store, when the store has such a thing. */
function fanOutUnder(stores: () => Promise<[KvStore, KvStore]>, breakLines?: () => Promise<void>) {
  let database: Database
  let apps: (App & ReturnType<typeof createTestApp>)[] = []
  let sockets: string[] = []
  let gameId: number

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 10 })
    const [one, two] = await stores()
    apps = [createTestApp(database, { kv: refusing(one) }), createTestApp(database, { kv: refusing(two) })]
    const addresses = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })))
    sockets = addresses.map((address) => `${address.replace('http', 'ws')}/api/ws`)
    const [game] = await database.db.insert(games).values({ name: '原神', initial: 'Y', type: 'mobile' }).returning()
    gameId = game.id
  })

  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.close()
  })

  test('a message written through one instance reaches sockets on the other, once each', async () => {
    const { buyer, seller, orderId } = await makeDeal(database, apps[0], gameId)
    const buyerOnTwo = await openSocket(sockets[1], buyer.token)
    const sellerOnOne = await openSocket(sockets[0], seller.token)
    await until(() => [buyerOnTwo, sellerOnOne].every((s) => s.frames[0]?.type === 'ready'))

    const say = (app: App, token: string, text: string) =>
      createCaller(app)('POST', `/api/need/myOrder/${orderId}/messages`, {
        token,
        body: { clientId: randomUUID(), text },
      })
    expect((await say(apps[0], seller.token, '一号实例：账号已准备好')).status).toBe(200)
    expect((await say(apps[1], buyer.token, '二号实例：收到，等客服移交')).status).toBe(200)

    const texts = (frames: typeof buyerOnTwo.frames) => messagesIn(frames).map((m) => m.text)
    const both = ['一号实例：账号已准备好', '二号实例：收到，等客服移交']
    await until(() => both.every((text) => texts(buyerOnTwo.frames).includes(text)))
    await until(() => both.every((text) => texts(sellerOnOne.frames).includes(text)))
    // A moment more for any copy that would come late: none does.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    for (const socket of [buyerOnTwo, sellerOnOne]) {
      const ids = messagesIn(socket.frames).map((m) => m.id)
      expect(new Set(ids).size).toBe(ids.length)
      socket.socket.close()
    }
  })

  const say = (app: App, token: string, orderId: number, text: string) =>
    createCaller(app)('POST', `/api/need/myOrder/${orderId}/messages`, {
      token,
      body: { clientId: randomUUID(), text },
    })

  test('a broadcast the store refuses goes back to the outbox and is sent by the next drain, once', async () => {
    const { buyer, seller, orderId } = await makeDeal(database, apps[0], gameId)
    const buyerOnTwo = await openSocket(sockets[1], buyer.token)
    await until(() => buyerOnTwo.frames[0]?.type === 'ready')
    refusals = 1
    expect((await say(apps[0], seller.token, orderId, '仓库断开时发的')).status).toBe(200)
    await until(() => messagesIn(buyerOnTwo.frames).some((m) => m.text === '仓库断开时发的'))
    expect(refusals).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(messagesIn(buyerOnTwo.frames).filter((m) => m.text === '仓库断开时发的')).toHaveLength(1)
    buyerOnTwo.socket.close()
  })

  if (breakLines)
    test('after a break in the line to the store, each socket is told to catch up, and finds what it missed', async () => {
      const { buyer, seller, orderId } = await makeDeal(database, apps[0], gameId)
      const buyerOnTwo = await openSocket(sockets[1], buyer.token)
      await until(() => buyerOnTwo.frames[0]?.type === 'ready')
      const lastSeen = (
        await createCaller(apps[1])('GET', `/api/need/myOrder/${orderId}/messages`, { token: buyer.token })
      ).body.data.messages.at(-1).id as number
      await breakLines()
      expect((await say(apps[0], seller.token, orderId, '断线期间发的')).status).toBe(200)
      // Heard live if the line was back in time; told to catch up in any case.
      await until(() => buyerOnTwo.frames.filter((frame) => frame.type === 'ready').length === 2)
      const missed = await createCaller(apps[1])('GET', `/api/need/myOrder/${orderId}/messages`, {
        token: buyer.token,
        query: { after: lastSeen },
      })
      expect(missed.body.data.messages.map((m: { text: string }) => m.text)).toContain('断线期间发的')
      buyerOnTwo.socket.close()
    })
}

describe('two instances sharing one memory store', () =>
  fanOutUnder(async () => {
    const shared = createMemoryKv()
    return [shared, shared]
  }))

const redisUrl = process.env.REDIS_URL
const describeRedis = redisUrl ? describe : describe.skip
describeRedis('two instances on Redis pub/sub (runs only when REDIS_URL is set)', () => {
  const prefix = `haoanxin-test:${randomBytes(4).toString('hex')}:`
  fanOutUnder(
    async () => [await openRedisKv(redisUrl!, prefix), await openRedisKv(redisUrl!, prefix)],
    // Redis drops both instances' subscriber connections (they are named after the prefix), as a restart would.
    async () => {
      const admin = new Redis(redisUrl!)
      try {
        const clients = String(await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub'))
        const ids = [...clients.matchAll(/id=(\d+) .*name=(\S+)/g)]
          .filter(([, , name]) => name === `${prefix}subscriber`)
          .map(([, id]) => id)
        expect(ids).toHaveLength(2)
        for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id)
      } finally {
        await admin.quit()
      }
    },
  )
})
