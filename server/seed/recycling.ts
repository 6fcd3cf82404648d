/**
 * 竞价回收 on a fresh local database: the demo seller has offered one account of each kind below, all of the demo
 * merchant's games, so 竞价中心, 回收大厅 and 我的报价 each have something to show and each step can be walked —
 * - bidding, quoted by the merchant (sealed: 我的报价 shows the price, the seller sees only the count);
 * - bidding, quoted by nobody yet (the merchant can quote it in 回收大厅);
 * - bidding closed with the merchant's quote above the reserve: the seller has 24 hours to choose it (待选择);
 * - chosen and done: the merchant paid at the local Alipay, the service desk handed the account over and the
 *   merchant confirmed it (已完成 for the seller, 已中标 for the merchant);
 * - closed with no quote (已过期).
 * Every step is the product's own — publishing, quoting, the sweeper's close, accepting, the order — and only the
 * clock is moved: the closed ones were published a day earlier than they were.
 */
import { inArray, sql } from 'drizzle-orm'
import { goods, recycleQuotes, recycleRequestEvents, recycleRequests } from '../db/schema'
import { placeQuote, accept, publish, runRecycleSweep } from '../modules/recycling/service'
import { CatalogueCache } from '../modules/catalogue/service'
import type { ConsignmentDeps } from '../modules/consignment/service'
import { confirmOrder, handOver, type OrderDeps } from '../modules/orders/service'
import { demoAccount, yuanShare } from './accounts'
import { createRandom } from './catalogue'
import { payLocally } from './trades'
import { demoUserIds } from './users'

type Fate = 'quoted' | 'open' | 'choosing' | 'completed' | 'expired'

/** Each offer: its game, what becomes of it, and its quality (0 … 1: what the account is worth). */
const DEMO_OFFERS: { game: string; fate: Fate; quality: number }[] = [
  { game: '王者荣耀', fate: 'quoted', quality: 0.8 },
  { game: '和平精英', fate: 'open', quality: 0.7 },
  { game: '原神', fate: 'choosing', quality: 0.75 },
  { game: '王者荣耀', fate: 'completed', quality: 0.6 },
  { game: '和平精英', fate: 'expired', quality: 0.5 },
]
const CLOSED: Fate[] = ['choosing', 'completed', 'expired']
/** The reserve and the merchant's quote, as shares of the account's fair price. */
const RESERVE_SHARE = 0.75
const QUOTE_SHARE = 0.85

/** Makes the demo requests once, when there is no recycling request yet; returns how many it made. */
export async function seedDemoRecycling(
  orderDeps: OrderDeps & Omit<ConsignmentDeps, 'cache'>,
  origin: string,
): Promise<number> {
  const deps = { ...orderDeps, cache: new CatalogueCache() }
  if ((await deps.db.select({ id: recycleRequests.id }).from(recycleRequests).limit(1)).length > 0) return 0
  const ids = await demoUserIds(deps.db, ['seller', 'merchant', 'operator'])
  if (!ids) return 0
  const [sellerId, merchantId, operatorId] = ids
  const seller = { userId: sellerId, operator: false }
  const merchant = { userId: merchantId, operator: false }
  const random = createRandom(20_261_127)

  const made: { id: number; fate: Fate; quoteId?: number }[] = []
  for (const { game, fate, quality } of DEMO_OFFERS) {
    const { fields, fairPrice } = await demoAccount(deps.db, random, game, quality, '竞价回收')
    const request = await publish(deps, sellerId, {
      mode: 'recycle',
      ...fields,
      reservePrice: yuanShare(fairPrice, RESERVE_SHARE),
      windowMinutes: fate === 'open' ? 72 * 60 : 24 * 60,
    })
    const quote =
      fate === 'open' || fate === 'expired'
        ? undefined
        : await placeQuote(deps, merchant, {
            requestId: request.id,
            price: yuanShare(fairPrice, QUOTE_SHARE),
          })
    made.push({ id: request.id, fate, quoteId: quote?.id })
  }

  // As if the closed ones had been published 26 hours ago: their 24-hour bidding ended two hours ago.
  const closed = made.filter((r) => CLOSED.includes(r.fate)).map((r) => r.id)
  const earlier = sql`interval '26 hours'`
  await deps.db.transaction(async (tx) => {
    await tx
      .update(recycleRequests)
      .set({
        createdAt: sql`${recycleRequests.createdAt} - ${earlier}`,
        updatedAt: sql`${recycleRequests.updatedAt} - ${earlier}`,
        windowEndsAt: sql`${recycleRequests.windowEndsAt} - ${earlier}`,
      })
      .where(inArray(recycleRequests.id, closed))
    await tx
      .update(recycleRequestEvents)
      .set({ createdAt: sql`${recycleRequestEvents.createdAt} - ${earlier}` })
      .where(inArray(recycleRequestEvents.requestId, closed))
    await tx
      .update(recycleQuotes)
      .set({
        createdAt: sql`${recycleQuotes.createdAt} - ${earlier} + interval '3 hours'`,
        updatedAt: sql`${recycleQuotes.updatedAt} - ${earlier} + interval '3 hours'`,
      })
      .where(inArray(recycleQuotes.requestId, closed))
    await tx
      .update(goods)
      .set({ createdAt: sql`${goods.createdAt} - ${earlier}`, updatedAt: sql`${goods.updatedAt} - ${earlier}` })
      .where(
        inArray(
          goods.id,
          tx.select({ id: recycleRequests.goodsId }).from(recycleRequests).where(inArray(recycleRequests.id, closed)),
        ),
      )
  })
  await runRecycleSweep(deps)

  const done = made.find((r) => r.fate === 'completed')!
  const accepted = await accept(deps, seller, done.id, done.quoteId!)
  if (accepted.orderId && (await payLocally(deps, merchant, accepted.orderId, origin))) {
    await handOver(deps, { userId: operatorId, operator: true, ip: '127.0.0.1' }, accepted.orderId)
    await confirmOrder(deps, merchant, accepted.orderId)
    await runRecycleSweep(deps)
  }
  return made.length
}
