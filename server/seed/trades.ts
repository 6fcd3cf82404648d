/**
 * Demo trades on a fresh local database: the demo buyer buys six of the demo seller's listings at the
 * local Alipay, so each desk and each of the buyer's tabs has a deal to show —
 * - one confirmed (已出售 for the seller, its payout waiting out the protection window), reviewed five stars;
 * - one handed over (交易中, 待确认收货);
 * - one paid and waiting for the service desk's hand-over (工作台 待移交);
 * - one handed over and then disputed (申请售后: the seller has 48 hours to answer; 工作台 待处理售后);
 * - one confirmed whose account the buyer says was recovered (a claim waiting in 包赔);
 * - one confirmed, recovered, and compensated: its claim approved and paid from the guarantee fund, which the
 *   platform capitalised first (注资 by the demo finance account), so 找回案例 has a paid case to count;
 * - one confirmed long enough ago to be paid out, whose transfer the gateway refused (打款失败, for
 *   finance to retry), reviewed four stars.
 * Every step is the product's own: the order service, a notice signed by the local gateway and verified
 * by the adapter, the ledger, the hand-over, the buyer's confirmation and the payout sweep. The buyer has
 * also kept a few listings (我的收藏) — one of them the demo seller's, whose price lowered in 我的代售 puts a
 * 降价 message in the buyer's 消息 — and looked at them (浏览记录), so those pages are not empty either; and
 * rented two of the seller's rentable listings (租号: one settled, its payout refused; one in a complaint).
 */
import { and, asc, desc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { ReviewRequest } from '../../src/contract/reviews'
import { browses, goods, orders } from '../db/schema'
import { collect } from '../modules/catalogue/service'
import { isLocalGateway, type LocalGateway } from '../modules/payments/local/support'
import { guaranteeTypesOf } from '../modules/orders/pricing'
import { openCase } from '../modules/aftersale/service'
import { contribute } from '../modules/claims/fund'
import { approve, fileClaim, type ClaimDeps } from '../modules/claims/service'
import { createReview } from '../modules/reviews/service'
import type { Viewer } from '../lib/auth'
import { confirmOrder, createOrder, handOver, type OrderDeps } from '../modules/orders/service'
import { complain, confirmReturn, giveBack, rent } from '../modules/rentals/service'
import { schedulePayouts, sendPendingPayouts } from '../modules/payments/payouts'
import { applyNotice, startPayment } from '../modules/payments/service'
import { tradeSettings } from '../lib/settings'
import { demoUserIds } from './users'

/** Deals worth a seller's while: well above the minimum commission, so the payout is most of the price. */
const DEMO_TRADE_MIN_PRICE = 30_000
/** What becomes of each demo order, cheapest listing first (the refused payout's first: its sweep must not take the other confirmed order). */
const DEMO_TRADES = ['refusedPayout', 'confirmed', 'handedOver', 'paid', 'disputed', 'claimed', 'compensated'] as const
/** The platform's first money in the guarantee fund: more than any demo claim. */
const DEMO_FUND_CONTRIBUTION = 5_000_000
/** What the demo buyer said of the two deals that went well: the seller's card has a rating to show. */
const DEMO_REVIEWS = {
  confirmed: { rating: 5, tags: ['描述相符', '交付迅速'], text: '账号和描述完全一致，客服交付很快，换绑一次成功。' },
  refusedPayout: { rating: 4, tags: ['卖家耐心'], text: '卖家回复及时，有个皮肤描述不够清楚，总体满意。' },
} satisfies Record<string, ReviewRequest>
/** How many listings the demo buyer keeps and has looked at. */
const DEMO_KEPT_LISTINGS = 3

/** Makes the demo trades once, when the database has no order yet; returns how many it made. */
export async function seedDemoTrades(deps: OrderDeps & ClaimDeps, origin: string): Promise<number> {
  const gateway = deps.payments.alipay
  if (!gateway || !isLocalGateway(gateway)) return 0
  if ((await deps.db.select({ id: orders.id }).from(orders).limit(1)).length > 0) return 0
  const ids = await demoUserIds(deps.db, ['buyer', 'seller', 'operator', 'finance'])
  if (!ids) return 0
  const [buyerId, sellerId, operatorId, financeId] = ids
  const buyer = { userId: buyerId, operator: false }
  const operator = { userId: operatorId, operator: true, ip: '127.0.0.1' }
  await contribute(
    deps.db,
    { userId: financeId, operator: true, ip: '127.0.0.1' },
    {
      amount: DEMO_FUND_CONTRIBUTION,
      note: '平台首期注资：包赔基金开户资金',
    },
  )

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
    .limit(DEMO_TRADES.length)
  let made = 0
  for (const [index, listing] of listings.entries()) {
    const order = await createOrder(deps.db, buyer, {
      goodsId: listing.id,
      guaranteeType: guaranteeTypesOf(listing.guarantee)[0],
      payMode: 'full',
      agree: true,
    })
    if (!(await payLocally(deps, buyer, order.id, origin))) return made
    const step = DEMO_TRADES[index]
    if (step !== 'paid') await handOver(deps, operator, order.id)
    if (step === 'confirmed' || step === 'refusedPayout' || step === 'claimed' || step === 'compensated')
      await confirmOrder(deps, buyer, order.id)
    if (step === 'confirmed' || step === 'refusedPayout')
      await createReview(deps.db, buyer, order.id, DEMO_REVIEWS[step])
    if (step === 'claimed' || step === 'compensated') {
      const claim = await fileClaim(deps, buyer, order.id, {
        kind: 'recovered',
        description: '成交一周后账号被原号主申诉找回，游戏内收到了改密通知，申请找回包赔。',
        images: [],
        payee: { alipayAccount: '13800000001', name: '王小明' },
      })
      // Approved for the whole price and paid at once by the local gateway's transfer.
      if (step === 'compensated') await approve(deps, operator, claim.id, claim.goodsAmount)
    }
    if (step === 'disputed') {
      await openCase(deps, buyer, order.id, {
        reason: 'not_as_described',
        description: '描述说有限定皮肤，登录后发现皮肤数量比描述少了好几个，请卖家说明。',
        images: [],
      })
    }
    if (step === 'refusedPayout') {
      // As if the protection window had passed: the sweep makes its payout, and the gateway refuses it.
      const settings = await tradeSettings(deps.db)
      const later = new Date(Date.now() + (settings.payoutProtectionDays + 1) * 86_400_000)
      await refusedPayouts(deps, gateway, later, '收款人姓名与支付宝账号不一致')
    }
    made++
  }
  // One of the demo seller's own listings among them: its price lowered in 我的代售 tells the buyer (降价提醒).
  const keep = (where: SQL | undefined, limit: number) =>
    deps.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.status, 'on_sale'), gte(goods.price, DEMO_TRADE_MIN_PRICE), where))
      .orderBy(desc(goods.favourites), asc(goods.id))
      .limit(limit)
  const kept = [
    ...(await keep(eq(goods.sellerId, sellerId), 1)),
    ...(await keep(sql`${goods.sellerId} is distinct from ${sellerId}`, DEMO_KEPT_LISTINGS - 1)),
  ]
  for (const { id } of kept) await collect(deps.db, buyerId, id)
  // Idempotent: a catalogue seeded before the demo users (seed:bulk) has no seller listings, so no order is made
  // and the next start comes here again.
  if (kept.length > 0)
    await deps.db
      .insert(browses)
      .values(kept.map(({ id }) => ({ userId: buyerId, goodsId: id })))
      .onConflictDoNothing()
  return made + (await seedDemoRentals(deps, gateway, buyer, { userId: sellerId, operator: false }, origin))
}

/** The sweep makes the payouts due by `at`, and the local gateway refuses the first it sends, with `reason`. */
async function refusedPayouts(deps: OrderDeps & ClaimDeps, gateway: LocalGateway, at: Date, reason: string) {
  await schedulePayouts(deps, at)
  gateway.failNextTransfer?.(reason)
  await sendPendingPayouts(deps)
}

/** Pays an order in full at the local Alipay: its signed notice, verified and applied as any. */
export async function payLocally(deps: OrderDeps, buyer: Viewer, orderId: number, origin: string): Promise<boolean> {
  const gateway = deps.payments.alipay
  if (!gateway || !isLocalGateway(gateway)) return false
  const started = await startPayment(
    deps,
    buyer,
    orderId,
    { channel: 'alipay', kind: 'full', returnUrl: `/index/orderDetail?id=${orderId}` },
    { origins: [origin], ip: '127.0.0.1', desktop: false },
  )
  const notice = await gateway.verifyNotify(gateway.testNotice(started.outTradeNo, started.amount))
  return notice !== null && (await applyNotice(deps, 'alipay', notice)) === 'applied'
}

/**
 * 租号 on the demo seller's rentable listings: one rental returned early and confirmed by the owner (settled:
 * the history of 我的买单 → 租号 and 我的代售 → 租出中), whose rent the gateway refused to pay out (修改收款账户
 * on the rental), and one the buyer complained of (the console's 租号 queue). Others stay on sale to be rented.
 */
async function seedDemoRentals(
  deps: OrderDeps & ClaimDeps,
  gateway: LocalGateway,
  buyer: Viewer,
  owner: Viewer,
  origin: string,
) {
  const listings = await deps.db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.sellerId, owner.userId),
        eq(goods.status, 'on_sale'),
        isNotNull(goods.rent),
        isNotNull(goods.payoutSealed),
      ),
    )
    .orderBy(desc(goods.price), asc(goods.id))
    .limit(2)
  let made = 0
  for (const [index, listing] of listings.entries()) {
    const rental = await rent(deps.db, buyer, { goodsId: listing.id, hours: 3 })
    if (!(await payLocally(deps, buyer, rental.orderId, origin))) return made
    if (index === 0) {
      await giveBack(deps, buyer, rental.id)
      await confirmReturn(deps, owner, rental.id)
      await refusedPayouts(deps, gateway, new Date(), '收款账户不存在')
    } else {
      await complain(deps, buyer, rental.id, {
        reason: 'kicked',
        description: '租用一小时后被顶号，游戏提示账号在另一台设备登录，号主疑似上线了。',
        images: [],
      })
    }
    made++
  }
  return made
}
