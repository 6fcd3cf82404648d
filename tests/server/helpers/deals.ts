import { eq } from 'drizzle-orm'
import type { Database } from '../../../server/db'
import { goods, goodsCredentials } from '../../../server/db/schema'
import { sealPayout } from '../../../server/modules/catalogue/credentials'
import type { createTestApp } from './app'
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
