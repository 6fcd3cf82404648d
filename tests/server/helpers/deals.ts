import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import WebSocket from 'ws'
import type { Database } from '../../../server/db'
import { games, goods, goodsCredentials } from '../../../server/db/schema'
import { storeImage } from '../../../server/lib/images'
import { sealPayout } from '../../../server/modules/catalogue/credentials'
import { createTestApp } from './app'
import type { DealSocketOut } from '../../../src/contract/dealRoom'
import { createTestDatabase } from './database'
import { createCaller, createPerson, type Person } from './http'
import { paidNotice, postNotice } from './payments'

/**
 * A seller's listing (credentials and payout account on file) ordered by a buyer through the API, and paid
 * at the local Alipay when `paid` — each call a new seller and buyer.
 */
export async function makeDeal(
  database: Database,
  app: ReturnType<typeof createTestApp>,
  gameId: number,
  {
    paid = true,
    price = 50_000,
    guaranteeType = 'none',
  }: { paid?: boolean; price?: number; guaranteeType?: 'retrieval' | 'face' | 'none' } = {},
) {
  const call = createCaller(app)
  const [seller, buyer] = await Promise.all([createPerson(database), createPerson(database)])
  const [item] = await database.db
    .insert(goods)
    .values({ gameId, sellerId: seller.id, title: '王者 全英雄', price, status: 'on_sale', listedAt: new Date() })
    .returning()
  await database.db
    .update(goods)
    .set({ payoutSealed: sealPayout(app.deps.vault, item.id, { alipayAccount: '13900139000', name: '王五' }) })
    .where(eq(goods.id, item.id))
  await database.db.insert(goodsCredentials).values({
    goodsId: item.id,
    sealed: app.deps.vault.seal(JSON.stringify({ account: 'a', password: 'b' }), `goods:${item.id}:credentials`),
  })
  const ordered = await call('POST', '/api/order', {
    token: buyer.token,
    body: { goodsId: item.id, guaranteeType, payMode: 'full', agree: true },
  })
  const orderId = ordered.body.data.id as number
  if (paid) {
    const started = await call('POST', `/api/pay/${orderId}`, {
      token: buyer.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    expect(await postNotice(app, paidNotice(app, started.body.data.outTradeNo, started.body.data.amount))).toBe(
      'success',
    )
  }
  return { seller, buyer, orderId, goodsId: item.id }
}

/** A socket to the deal rooms at `url`, signed in with `token` (none: silent); collects the frames it receives. */
export async function openSocket(url: string, token: string | null) {
  const socket = new WebSocket(url)
  const frames: DealSocketOut[] = []
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as DealSocketOut))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  if (token !== null) socket.send(JSON.stringify({ type: 'auth', token }))
  return { socket, frames, closed }
}

export const messagesIn = (frames: DealSocketOut[]) =>
  frames.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []))

/** Waits until `done` holds (checking every 25 ms), then asserts it. */
export async function until(done: () => boolean | Promise<boolean>, ms = 5_000) {
  for (let waited = 0; waited < ms && !(await done()); waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25))
  expect(await done()).toBe(true)
}

/** What a deal test file works in: its database and app, a game, a service agent, an uploaded screenshot. */
export interface DealWorld {
  database: Database
  app: ReturnType<typeof createTestApp>
  call: ReturnType<typeof createCaller>
  gameId: number
  service: Person
  screenshot: string
}

/** Opens a deal world before the file's tests and closes it after them. */
export function useDealWorld(): DealWorld {
  const world = {} as DealWorld
  beforeAll(async () => {
    world.database = await createTestDatabase()
    world.app = createTestApp(world.database)
    await world.app.ready()
    world.call = createCaller(world.app)
    const [game] = await world.database.db
      .insert(games)
      .values({ name: '王者荣耀', initial: 'W', type: 'mobile' })
      .returning()
    world.gameId = game.id
    world.service = await createPerson(world.database, ['user', 'service'])
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    world.screenshot = (await storeImage(world.app.deps.config.dataDir, png)).url
  })
  afterAll(async () => {
    await world.app?.close()
    await world.database?.close()
  })
  return world
}

/** A paid deal in `world`, handed over by its service agent, and confirmed by the buyer when `confirm`. */
export async function handedOverDeal(
  world: DealWorld,
  options: Parameters<typeof makeDeal>[3] & { confirm?: boolean } = {},
) {
  const { confirm = false, ...deal } = options
  const made = await makeDeal(world.database, world.app, world.gameId, deal)
  const { call, service } = world
  expect((await call('POST', `/api/admin/orders/${made.orderId}/hand-over`, { token: service.token })).status).toBe(200)
  if (confirm)
    expect((await call('POST', `/api/need/myOrder/${made.orderId}/confirm`, { token: made.buyer.token })).status).toBe(
      200,
    )
  return made
}
