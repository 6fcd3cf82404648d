/**
 * 评价: the buyer's one review of a completed order (editable for 7 days), the public seller card with its
 * rating and latest reviews (自营: the platform's own), and staff hiding a review with a reason. The words are
 * kept as written for their author and staff; everyone else reads them with contact details masked, like the
 * deal room's. A hidden review counts nowhere.
 */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import { DAY_MS, REVIEW_LIMITS } from '../../../src/contract/constants'
import type {
  AdminReview,
  AdminReviewsQuery,
  MyReview,
  PublicReview,
  ReviewRequest,
  SellerCard,
} from '../../../src/contract/reviews'
import { maskName } from '../../../src/contract/validation'
import { isUniqueViolation, type Executor } from '../../db'
import { goods, orders, reviews, sellerStats, users } from '../../db/schema'
import { hasListed } from '../catalogue/service'
import { orderMachine } from '../orders/machine'
import { audit, type Staff } from '../../lib/audit'
import type { Viewer } from '../../lib/auth'
import { AppError } from '../../lib/envelope'
import { maskContacts } from '../../lib/masking'

const LATEST = 5
const PLATFORM_NAME = '号安心自营'
/** seller_stats' key for the platform's own listings (a user id is never 0). */
const PLATFORM_SELLER_KEY = 0

type ReviewRow = typeof reviews.$inferSelect

/**
 * What a review says, as stored: the words plain — trimmed, no run of blank lines (control characters are
 * refused by the schema) — and the public's copy with contact details masked.
 */
function said(body: ReviewRequest) {
  const text = body.text.trim().replace(/\n{3,}/g, '\n\n')
  return { rating: body.rating, tags: body.tags, text, publicText: maskContacts(text).text }
}

const editableUntil = (row: Pick<ReviewRow, 'createdAt'>) =>
  new Date(row.createdAt.getTime() + REVIEW_LIMITS.editDays * DAY_MS)

/** The viewer's own order as its buyer; nobody else learns whether it exists. */
async function ownOrder(db: Executor, viewer: Viewer, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order || order.buyerId !== viewer.userId) throw new AppError(404, '订单不存在')
  return order
}

/**
 * The buyer's completed order, while the order machine offers its `review` (a sale's, within the edit window once
 * reviewed): a rental's orders carry only its money.
 */
async function buyersOrder(db: Executor, viewer: Viewer, orderId: number) {
  const order = await ownOrder(db, viewer, orderId)
  if (order.status !== 'completed') throw new AppError(409, '交易完成后才能评价')
  if (!orderMachine.allows('review', order, 'buyer'))
    throw new AppError(
      409,
      order.kind === 'sale' ? `评价已超过 ${REVIEW_LIMITS.editDays} 天，不能再修改` : '租号不能评价',
    )
  return order
}

/** POST /need/myOrder/{id}/review: once per order. */
export async function createReview(
  db: Executor,
  viewer: Viewer,
  orderId: number,
  body: ReviewRequest,
): Promise<MyReview> {
  const order = await buyersOrder(db, viewer, orderId)
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(reviews)
        .values({
          orderId,
          buyerId: order.buyerId,
          sellerId: order.sellerId,
          goodsId: order.goodsId,
          ...said(body),
        })
        .returning()
      // The order's `review` action reads this: offered until the edit window closes.
      await tx.update(orders).set({ reviewedAt: created.createdAt }).where(eq(orders.id, orderId))
      return created
    })
    return myReviewOf(row, order.goods.title, viewer)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, `该订单已评价，${REVIEW_LIMITS.editDays} 天内可以修改`)
    throw error
  }
}

/** PUT /need/myOrder/{id}/review: within the edit window. */
export async function editReview(
  db: Executor,
  viewer: Viewer,
  orderId: number,
  body: ReviewRequest,
): Promise<MyReview> {
  const order = await buyersOrder(db, viewer, orderId)
  const now = new Date()
  const [row] = await db
    .update(reviews)
    .set({ ...said(body), updatedAt: now })
    .where(
      and(
        eq(reviews.orderId, orderId),
        eq(reviews.buyerId, viewer.userId),
        gt(reviews.createdAt, new Date(now.getTime() - REVIEW_LIMITS.editDays * DAY_MS)),
      ),
    )
    .returning()
  if (!row) throw new AppError(409, '还没有评价这笔订单')
  return myReviewOf(row, order.goods.title, viewer)
}

/** GET /need/myOrder/{id}/review: the buyer's own review, or null. */
export async function myReview(db: Executor, viewer: Viewer, orderId: number): Promise<MyReview | null> {
  await ownOrder(db, viewer, orderId)
  const [found] = await db
    .select({ row: reviews, title: sql<string>`${orders.goods}->>'title'` })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.orderId, orderId), eq(reviews.buyerId, viewer.userId)))
  return found ? myReviewOf(found.row, found.title, viewer) : null
}

function myReviewOf(row: ReviewRow, goodsTitle: string, viewer: Viewer): MyReview {
  const until = editableUntil(row)
  return {
    ...publicOf(row, goodsTitle, ''),
    text: row.text,
    buyerName: '我',
    orderId: row.orderId,
    editableUntil: until.toISOString(),
    editable: row.hiddenAt === null && until > new Date() && row.buyerId === viewer.userId,
    hidden: row.hiddenAt !== null,
  }
}

const publicOf = (row: ReviewRow, goodsTitle: string, buyerName: string): PublicReview => ({
  id: row.id,
  rating: row.rating,
  tags: row.tags,
  text: row.publicText,
  buyerName: maskName(buyerName),
  goodsTitle,
  createdAt: row.createdAt.toISOString(),
})

/** Whose reviews: one seller's, or the platform's own (自营). */
const ofSeller = (sellerId: number | null) =>
  sellerId === null ? isNull(reviews.sellerId) : eq(reviews.sellerId, sellerId)

/** GET /web/seller/{id}, and goodDetail's seller (null: 自营): no phone, no real name. */
export async function sellerCard(db: Executor, sellerId: number | null): Promise<SellerCard> {
  const visible = and(ofSeller(sellerId), isNull(reviews.hiddenAt))
  let name = PLATFORM_NAME
  let since: Date | null = null
  if (sellerId !== null) {
    const [seller] = await db
      .select({ nickName: users.nickName, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.id, sellerId), hasListed(sellerId)))
    if (!seller) throw new AppError(404, '卖家不存在')
    name = seller.nickName
    since = seller.createdAt
  }
  const [[kept], latest] = await Promise.all([
    db
      .select()
      .from(sellerStats)
      .where(eq(sellerStats.sellerKey, sellerId ?? PLATFORM_SELLER_KEY)),
    db
      .select({ row: reviews, title: sql<string>`${orders.goods}->>'title'`, buyer: users.nickName })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .innerJoin(users, eq(users.id, reviews.buyerId))
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(LATEST),
  ])
  const stats = kept ?? { sales: 0, reviews: 0, ratingSum: 0, fiveStar: 0 }
  return {
    id: sellerId,
    name,
    sales: stats.sales,
    since: since?.toISOString() ?? null,
    rating: {
      count: stats.reviews,
      // One decimal, half up: 89 stars over 20 reviews is 4.5.
      average: stats.reviews === 0 ? null : Math.round((stats.ratingSum * 10) / stats.reviews) / 10,
      fiveStarBps: stats.reviews === 0 ? null : Math.round((stats.fiveStar / stats.reviews) * 10_000),
    },
    latest: latest.map(({ row, title, buyer }) => publicOf(row, title, buyer)),
  }
}

/** GET /web/good/{id}/seller: the card of whoever sells the listing. */
export async function goodsSellerCard(db: Executor, goodsId: number): Promise<SellerCard> {
  const [item] = await db.select({ sellerId: goods.sellerId }).from(goods).where(eq(goods.id, goodsId))
  if (!item) throw new AppError(404, '商品不存在')
  return sellerCard(db, item.sellerId)
}

// ---------------------------------------------------------------- staff

/** GET /api/admin/reviews: newest first, the words as written beside what the public reads. */
export async function adminReviews(
  db: Executor,
  query: AdminReviewsQuery & { pageNum: number; pageSize: number },
): Promise<{ rows: AdminReview[]; total: number }> {
  const where: SQL | undefined =
    query.hidden === undefined
      ? undefined
      : query.hidden
        ? sql`${reviews.hiddenAt} is not null`
        : isNull(reviews.hiddenAt)
  const [found, [{ total }]] = await Promise.all([
    db
      .select({ row: reviews, title: sql<string>`${orders.goods}->>'title'`, buyer: users.nickName })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .innerJoin(users, eq(users.id, reviews.buyerId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(reviews).where(where),
  ])
  return {
    rows: found.map(({ row, title, buyer }) => ({
      ...publicOf(row, title, buyer),
      orderId: row.orderId,
      original: row.text,
      sellerId: row.sellerId,
      hidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenReason,
    })),
    total,
  }
}

/** POST /api/admin/reviews/{id}/hide: out of every rating and list, with the reason (audited). */
export async function hideReview(db: Executor, staff: Staff, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: reason.trim(), hiddenBy: staff.userId })
      .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id })
    if (!row) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id))
      throw new AppError(exists ? 409 : 404, exists ? '该评价已隐藏' : '评价不存在')
    }
    await audit(tx, staff, 'review.hide', { type: 'review', id }, { reason: reason.trim() })
  })
}
