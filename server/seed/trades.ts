/**
 * Demo trades on a fresh local database: the demo buyer buys two of the demo seller's listings at the
 * local Alipay — one is confirmed (已出售 for the seller, its payout waiting out the protection window),
 * one is paid and handed over (交易中, 待确认收货) — so 我的订单 and 我的代售 show a deal in each state.
 * Every step is the product's own: the order service, a notice signed by the local gateway and verified
 * by the adapter, the ledger, the hand-over and the buyer's confirmation. The buyer has also kept a few
 * listings (我的收藏) and looked at them (浏览记录), so those pages are not empty either.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm'
import { browses, goods, orders, users } from '../db/schema'
import { collect } from '../modules/catalogue/service'
import { isLocalGateway } from '../modules/payments/local/support'
import { guaranteeTypesOf } from '../modules/orders/pricing'
import { confirmOrder, createOrder, handOver, type OrderDeps } from '../modules/orders/service'
import { applyNotice, startPayment } from '../modules/payments/service'

/** Deals worth a seller's while: well above the minimum commission, so the payout is most of the price. */
const DEMO_TRADE_MIN_PRICE = 30_000
/** How many listings the demo buyer keeps and has looked at. */
const DEMO_KEPT_LISTINGS = 3

/** Makes the demo trades once, when the database has no order yet; returns how many it made. */
export async function seedDemoTrades(deps: OrderDeps, origin: string): Promise<number> {
  const gateway = deps.payments.alipay
  if (!gateway || !isLocalGateway(gateway)) return 0
  if ((await deps.db.select({ id: orders.id }).from(orders).limit(1)).length > 0) return 0
  const people = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['buyer', 'seller', 'operator']))
  const idOf = (name: string) => people.find((p) => p.username === name)?.id
  const [buyerId, sellerId, operatorId] = [idOf('buyer'), idOf('seller'), idOf('operator')]
  if (!buyerId || !sellerId || !operatorId) return 0
  const buyer = { userId: buyerId, operator: false }
  const operator = { userId: operatorId, operator: true, ip: '127.0.0.1' }

  const listings = await deps.db
    .select({ id: goods.id, guarantee: goods.guarantee })
    .from(goods)
    .where(
      and(
        eq(goods.sellerId, sellerId),
        eq(goods.status, 'on_sale'),
        isNotNull(goods.payoutSealed),
        gte(goods.price, DEMO_TRADE_MIN_PRICE),
      ),
    )
    .orderBy(asc(goods.price), asc(goods.id))
    .limit(2)
  let made = 0
  for (const [index, listing] of listings.entries()) {
    const order = await createOrder(deps.db, buyer, {
      goodsId: listing.id,
      guaranteeType: guaranteeTypesOf(listing.guarantee)[0],
      payMode: 'full',
      agree: true,
    })
    const started = await startPayment(
      deps,
      buyer,
      order.id,
      { channel: 'alipay', kind: 'full', returnUrl: `/index/orderDetail?id=${order.id}` },
      { origins: [origin], ip: '127.0.0.1', desktop: false },
    )
    const notice = await gateway.verifyNotify(gateway.testNotice(started.outTradeNo, started.amount))
    if (!notice || (await applyNotice(deps, 'alipay', notice)) !== 'applied') return made
    const [paid] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    // The demo hands over at once (autoHandOver); a database whose operator turned that off gets it by hand.
    if (paid.status === 'paid') await handOver(deps, operator, order.id)
    if (index === 0) await confirmOrder(deps, buyer, order.id)
    made++
  }
  const kept = await deps.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.status, 'on_sale'), gte(goods.price, DEMO_TRADE_MIN_PRICE)))
    .orderBy(desc(goods.favourites), asc(goods.id))
    .limit(DEMO_KEPT_LISTINGS)
  for (const { id } of kept) await collect(deps.db, buyerId, id)
  if (kept.length > 0) await deps.db.insert(browses).values(kept.map(({ id }) => ({ userId: buyerId, goodsId: id })))
  return made
}
