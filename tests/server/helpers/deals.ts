import { eq } from 'drizzle-orm'
import WebSocket from 'ws'
import type { Database } from '../../../server/db'
import { goods, goodsCredentials } from '../../../server/db/schema'
import { sealPayout } from '../../../server/modules/catalogue/credentials'
import type { createTestApp } from './app'
import type { DealSocketOut } from '../../../src/contract/dealRoom'
import { createCaller, createPerson } from './http'
import { paidNotice, postNotice } from './payments'

/**
 * A seller's listing (credentials and payout account on file) ordered by a buyer through the API, and paid
 * at the local Alipay when `paid` — each call a new seller and buyer.
 */
export async function makeDeal(
  database: Database,
  app: ReturnType<typeof createTestApp>,
  gameId: number,
  { paid = true, price = 50_000 }: { paid?: boolean; price?: number } = {},
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
    body: { goodsId: item.id, guaranteeType: 'none', payMode: 'full', agree: true },
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
