/**
 * 竞价回收: the seller publishes an account with a reserve and a bidding window; merchants quote sealed —
 * each sees only their own price, never another's or the reserve; the seller sees the count while bidding
 * is open and the quotes once it has closed. Times are the server's.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { AttributeValue, GoodsStatus } from '../../../src/contract/catalogue'
import type { OrderStatus } from '../../../src/contract/orders'
import { formatPrice } from '../../../src/contract/money'
import {
  DEFAULT_RECYCLE_WINDOW_MINUTES,
  MAX_RECYCLE_WINDOW_MINUTES,
  RECYCLE_CHOOSING_HOURS,
  type RecycleTerms,
  type MyQuote,
  type MyRecycleQuery,
  type MyRecycleRequest,
  type OpenRequest,
  type OpenRequestsQuery,
  type Quote,
  type QuoteRequest,
  type RecycleRequest,
} from '../../../src/contract/recycling'
import type { Executor } from '../../db'
import { games, goods, orders, recycleQuotes, recycleRequests, users } from '../../db/schema'
import type { Viewer } from '../../lib/auth'
import { AppError, invalid } from '../../lib/envelope'
import { tradeSettings } from '../../lib/settings'
import { sweepDue, type SweepDeps } from '../../lib/sweep'
import { attributeRows, regionNamer } from '../catalogue/service'
import { goodsMachine } from '../catalogue/machine'
import { checkedListing, checkPrice, sealSecrets, submitListingIn, type ConsignmentDeps } from '../consignment/service'
import { awardOrderIn } from '../orders/service'
import { notifyUsers, type NewMessage } from '../messages/service'
import { recycleMachine, type RecycleRow, type TimedRecycleEvent } from './machine'

const REQUEST_NOT_FOUND = '回收单不存在'
const HOUR = 3_600_000

type Paging = { pageNum: number; pageSize: number }

// ---------------------------------------------------------------- what a request shows

/**
 * The accounts of these requests as anyone involved may see them (no seller, no contact, no reserve), with
 * their goods rows for the seller's own view.
 */
async function offeredAccounts(deps: ConsignmentDeps, rows: RecycleRow[]) {
  if (rows.length === 0) return new Map<number, ReturnType<typeof account>>()
  const items = await deps.db
    .select({ goods, gameName: games.name })
    .from(goods)
    .innerJoin(games, eq(games.id, goods.gameId))
    .where(
      inArray(
        goods.id,
        rows.map((row) => row.goodsId),
      ),
    )
  const regionNames = await regionNamer(
    deps.db,
    items.map((item) => item.goods.regionIds),
  )
  const fields = await deps.cache.fields(
    deps.db,
    items.map(({ goods: g }) => ({ gameId: g.gameId, version: g.templateVersion })),
  )
  const byGoods = new Map(items.map((item) => [item.goods.id, item]))
  const account = (row: RecycleRow) => {
    const { goods: g, gameName } = byGoods.get(row.goodsId)!
    return {
      goods: g,
      id: row.id,
      gameId: g.gameId,
      gameName,
      regionNames: regionNames(g.regionIds),
      title: g.title,
      description: g.description,
      coverImage: g.coverImage,
      images: g.images,
      attributeRows: attributeRows(
        fields.get(`${g.gameId}:${g.templateVersion}`) ?? [],
        g.attributes as Record<string, AttributeValue>,
      ),
      status: row.status,
      windowEndsAt: row.windowEndsAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }
  }
  return new Map(rows.map((row) => [row.id, account(row)]))
}

async function toMine(deps: ConsignmentDeps, rows: RecycleRow[]): Promise<MyRecycleRequest[]> {
  const accounts = await offeredAccounts(deps, rows)
  return rows.map((row) => {
    const { goods: item, ...account } = accounts.get(row.id)!
    return {
      ...account,
      reservePrice: row.reservePrice,
      quoteCount: row.quoteCount,
      // Sealed for the seller too until bidding has closed: only the count shows.
      bestQuote: row.status === 'quoting' ? null : row.bestQuote,
      choosingEndsAt: row.choosingEndsAt?.toISOString() ?? null,
      orderId: row.orderId,
      publishMode: row.consign ? 'both' : 'recycle',
      listing: row.consign ? { price: item.price, status: item.status } : null,
      actions: recycleMachine.actionsFor(row, ['seller']),
    }
  })
}

async function sellersRequest(db: Executor, viewer: Viewer, id: number, lock = false): Promise<RecycleRow> {
  const query = db.select().from(recycleRequests).where(eq(recycleRequests.id, id))
  const [row] = lock ? await query.for('update') : await query
  // Someone else's request is as missing as one that does not exist.
  if (!row || row.sellerId !== viewer.userId) throw new AppError(404, REQUEST_NOT_FOUND)
  return row
}

// ---------------------------------------------------------------- the seller

/** The reserve is checked as a price would be; its refusal names the reserve. */
async function checkReserve(db: Executor, reservePrice: number): Promise<void> {
  await checkPrice(db, reservePrice).catch((error: unknown) => {
    if (error instanceof AppError) invalid('reservePrice', error.message.replace('售价', '底价'))
    throw error
  })
}

/**
 * POST /account/backlist (mode recycle): the account is checked and sealed as a listing is — real name,
 * template, regions, pictures, credentials, payout account. 只竞价回收 keeps it off the market; 官方代售+竞价回收
 * lists it at `price` as well, through review like any listing. The reserve must leave the seller something
 * after commission, and the window must be at least the operators' minimum.
 */
export async function publish(deps: ConsignmentDeps, userId: number, body: RecycleRequest): Promise<MyRecycleRequest> {
  const { mode: _mode, publishMode = 'recycle', price, reservePrice, windowMinutes, ...account } = body
  const consign = publishMode === 'both'
  if (consign && price === undefined) invalid('price', '官方代售+竞价回收需要填写代售价')
  if (!consign && price !== undefined) invalid('price', '只竞价回收不需要代售价')
  const { recycleMinWindowMinutes } = await tradeSettings(deps.db)
  if (windowMinutes < recycleMinWindowMinutes) invalid('windowMinutes', `报价时长至少 ${recycleMinWindowMinutes} 分钟`)
  await checkReserve(deps.db, reservePrice)
  const checked = await checkedListing(deps, userId, { ...account, price: price ?? reservePrice })
  const row = await deps.db.transaction(async (tx) => {
    const listing = consign
      ? await submitListingIn(tx, deps, userId, checked)
      : await goodsMachine.create(
          tx,
          'offer',
          { kind: 'seller', userId },
          { ...checked.values, sellerId: userId, accountType: 'consign', guarantee: 'buyer_pays' },
        )
    if (!consign) await sealSecrets(tx, deps, listing.id, { payout: checked.payout, credentials: checked.credentials })
    const now = new Date()
    return recycleMachine.create(
      tx,
      'publish',
      { kind: 'seller', userId },
      {
        sellerId: userId,
        goodsId: listing.id,
        reservePrice,
        consign,
        windowEndsAt: new Date(now.getTime() + windowMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      },
    )
  })
  return (await toMine(deps, [row]))[0]
}

/** GET /account/backlist/terms. */
export async function terms(db: Executor): Promise<RecycleTerms> {
  const { recycleMinWindowMinutes } = await tradeSettings(db)
  return {
    minWindowMinutes: recycleMinWindowMinutes,
    maxWindowMinutes: MAX_RECYCLE_WINDOW_MINUTES,
    defaultWindowMinutes: Math.max(DEFAULT_RECYCLE_WINDOW_MINUTES, recycleMinWindowMinutes),
    choosingHours: RECYCLE_CHOOSING_HOURS,
  }
}

/** GET /account/backlist/allList (mode recycle): the seller's requests, newest first. */
export async function myRequests(
  deps: ConsignmentDeps,
  viewer: Viewer,
  query: MyRecycleQuery & Paging,
): Promise<{ rows: MyRecycleRequest[]; total: number }> {
  const where = and(
    eq(recycleRequests.sellerId, viewer.userId),
    query.status ? eq(recycleRequests.status, query.status) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(recycleRequests)
      .where(where)
      .orderBy(desc(recycleRequests.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(recycleRequests).where(where),
  ])
  return { rows: await toMine(deps, rows), total }
}

/** GET /account/backlist/{id}. */
export async function myRequest(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<MyRecycleRequest> {
  return (await toMine(deps, [await sellersRequest(deps.db, viewer, id)]))[0]
}

/** GET /account/backlist/{id}/quotes: once bidding has closed, every quote, highest first. */
export async function quotesOf(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<Quote[]> {
  const row = await sellersRequest(deps.db, viewer, id)
  if (row.status === 'quoting') throw new AppError(409, `报价进行中（已有 ${row.quoteCount} 个报价），截止后可查看`)
  const quotes = await deps.db
    .select({ quote: recycleQuotes, merchantName: users.nickName })
    .from(recycleQuotes)
    .innerJoin(users, eq(users.id, recycleQuotes.merchantId))
    .where(eq(recycleQuotes.requestId, id))
    .orderBy(desc(recycleQuotes.price), asc(recycleQuotes.updatedAt))
  return quotes.map(({ quote, merchantName }) => ({
    id: quote.id,
    merchantName: merchantName || `号商 ${quote.merchantId}`,
    price: quote.price,
    meetsReserve: quote.price >= row.reservePrice,
    status: quote.status,
    updatedAt: quote.updatedAt.toISOString(),
  }))
}

/** A message to a merchant about their quote, opening it in 我的报价 (the request's page is its seller's). */
const quoteMessage = (quote: { id: number; merchantId: number }, title: string, content: string): NewMessage => ({
  userId: quote.merchantId,
  type: 'quote',
  title,
  content,
  relatedType: 'quote',
  relatedId: quote.id,
})

/** Ends a request's quotes and tells their merchants why. */
async function closeQuotes(tx: Executor, row: RecycleRow, title: string, content: string): Promise<void> {
  const closed = await tx
    .update(recycleQuotes)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(recycleQuotes.requestId, row.id), eq(recycleQuotes.status, 'submitted')))
    .returning({ id: recycleQuotes.id, merchantId: recycleQuotes.merchantId })
  await notifyUsers(
    tx,
    closed.map((quote) => quoteMessage(quote, title, content)),
  )
}

/** POST /account/backlist/{id}/cancel: while bidding or choosing; every quote is closed. */
export async function cancel(deps: ConsignmentDeps, viewer: Viewer, id: number): Promise<MyRecycleRequest> {
  const row = await deps.db.transaction(async (tx) => {
    await sellersRequest(tx, viewer, id, true)
    const moved = await recycleMachine.transition(
      tx,
      id,
      'cancel',
      { kind: 'seller', userId: viewer.userId },
      { updatedAt: new Date() },
    )
    if (!moved) throw new AppError(409, '已选定报价或已结束的回收单不能取消')
    await closeQuotes(tx, moved, '回收单已取消', `你报价的回收单 #${id} 已被卖家取消。`)
    return moved
  })
  return (await toMine(deps, [row]))[0]
}

/** Why 官方代售+竞价回收's listing cannot go to a merchant now. */
const UNAWARDABLE: Partial<Record<GoodsStatus, string>> = {
  pending_review: '代售商品还在审核中，审核通过后才能成交',
  in_trade: '账号已在官方代售中被买家下单，暂时不能成交',
  sold: '账号已在官方代售中售出',
  delisted: '代售商品已下架，不能成交',
  rejected: '代售商品未通过审核，不能成交',
}

/**
 * POST /account/backlist/{id}/accept {quoteId}: while choosing, a quote at or above the reserve. One
 * transaction under the request's row lock — two accepts, one wins: the account goes to trade at the quoted
 * price, the merchant's order is opened (they pay at the cashier), the quote wins and every other loses,
 * each merchant told.
 */
export async function accept(
  deps: ConsignmentDeps,
  viewer: Viewer,
  id: number,
  quoteId: number,
): Promise<MyRecycleRequest> {
  const row = await deps.db.transaction(async (tx) => {
    const request = await sellersRequest(tx, viewer, id, true)
    const [quote] = await tx
      .select()
      .from(recycleQuotes)
      .where(and(eq(recycleQuotes.id, quoteId), eq(recycleQuotes.requestId, id)))
    if (!quote) throw new AppError(404, '报价不存在')
    if (request.status === 'quoting') throw new AppError(409, '报价截止后才能选择')
    if (!recycleMachine.can('accept', request, 'seller')) throw new AppError(409, '回收单已成交或已结束')
    if (quote.price < request.reservePrice) throw new AppError(409, '该报价低于你设置的底价，不能成交')
    const now = new Date()
    const awarded = await goodsMachine.transition(
      tx,
      request.goodsId,
      'award',
      { kind: 'seller', userId: viewer.userId, detail: { requestId: id, quoteId } },
      { price: quote.price, updatedAt: now },
    )
    if (!awarded) {
      const [item] = await tx.select({ status: goods.status }).from(goods).where(eq(goods.id, request.goodsId))
      throw new AppError(409, UNAWARDABLE[item.status] ?? '回收单已成交或已结束')
    }
    const order = await awardOrderIn(tx, viewer, request.goodsId, quote.merchantId)
    const moved = await recycleMachine.transition(
      tx,
      id,
      'accept',
      { kind: 'seller', userId: viewer.userId, detail: { quoteId, orderId: order.id } },
      { acceptedQuoteId: quoteId, orderId: order.id, updatedAt: now },
    )
    if (!moved) throw new AppError(409, '选择时间已过，回收单已结束')
    await tx.update(recycleQuotes).set({ status: 'won', updatedAt: now }).where(eq(recycleQuotes.id, quoteId))
    const lost = await tx
      .update(recycleQuotes)
      .set({ status: 'lost', updatedAt: now })
      .where(and(eq(recycleQuotes.requestId, id), eq(recycleQuotes.status, 'submitted')))
      .returning({ id: recycleQuotes.id, merchantId: recycleQuotes.merchantId })
    const { unpaidOrderTimeoutMinutes } = await tradeSettings(tx)
    await notifyUsers(tx, [
      {
        userId: quote.merchantId,
        type: 'quote',
        title: '你的报价已中标',
        content: `回收单 #${id} 的卖家接受了你 ${formatPrice(quote.price)} 的报价，请在 ${unpaidOrderTimeoutMinutes} 分钟内付款（订单 ${order.no}）。`,
        relatedType: 'order',
        relatedId: order.id,
      },
      ...lost.map((other) => quoteMessage(other, '报价未中标', `回收单 #${id} 的卖家选择了其他报价。`)),
    ])
    return moved
  })
  return (await toMine(deps, [row]))[0]
}

// ---------------------------------------------------------------- merchants

const biddingOpen = (now: Date) => and(eq(recycleRequests.status, 'quoting'), gt(recycleRequests.windowEndsAt, now))

/** GET /merchant/requests: requests still open for bids, the soonest to close first; never anyone's price. */
export async function openRequests(
  deps: ConsignmentDeps,
  merchant: Viewer,
  query: OpenRequestsQuery & Paging,
): Promise<{ rows: OpenRequest[]; total: number }> {
  const where = and(
    biddingOpen(new Date()),
    ne(recycleRequests.sellerId, merchant.userId),
    query.gameId === undefined ? undefined : eq(goods.gameId, query.gameId),
  )
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ request: recycleRequests, myQuote: recycleQuotes.price })
      .from(recycleRequests)
      .innerJoin(goods, eq(goods.id, recycleRequests.goodsId))
      .leftJoin(
        recycleQuotes,
        and(eq(recycleQuotes.requestId, recycleRequests.id), eq(recycleQuotes.merchantId, merchant.userId)),
      )
      .where(where)
      .orderBy(asc(recycleRequests.windowEndsAt), asc(recycleRequests.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    deps.db
      .select({ total: count() })
      .from(recycleRequests)
      .innerJoin(goods, eq(goods.id, recycleRequests.goodsId))
      .where(where),
  ])
  const accounts = await offeredAccounts(
    deps,
    rows.map((r) => r.request),
  )
  return {
    rows: rows.map(({ request, myQuote }) => {
      const { goods: _goods, ...account } = accounts.get(request.id)!
      return { ...account, quoteCount: request.quoteCount, myQuote }
    }),
    total,
  }
}

function toMyQuote(
  quote: typeof recycleQuotes.$inferSelect,
  request: Pick<RecycleRow, 'id' | 'windowEndsAt' | 'orderId' | 'acceptedQuoteId'>,
  item: { gameName: string; title: string; coverImage: string; orderStatus: OrderStatus | null },
): MyQuote {
  const { orderStatus, ...shown } = item
  const won = request.acceptedQuoteId === quote.id
  return {
    id: quote.id,
    price: quote.price,
    status: quote.status,
    updatedAt: quote.updatedAt.toISOString(),
    request: { id: request.id, ...shown, windowEndsAt: request.windowEndsAt.toISOString() },
    orderId: won ? request.orderId : null,
    orderStatus: won ? orderStatus : null,
  }
}

/**
 * POST /merchant/quotes: a merchant's first quote on a request, or a higher one, while bidding is open by
 * the server's clock. The request's row is locked, so the count and the best quote stay exact under a burst.
 */
export async function placeQuote(deps: ConsignmentDeps, merchant: Viewer, body: QuoteRequest): Promise<MyQuote> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(recycleRequests)
      .where(eq(recycleRequests.id, body.requestId))
      .for('update')
    if (!request) throw new AppError(404, REQUEST_NOT_FOUND)
    if (request.sellerId === merchant.userId) throw new AppError(409, '不能给自己发布的账号报价')
    const now = new Date()
    if (request.status !== 'quoting' || request.windowEndsAt <= now) throw new AppError(409, '报价已截止')
    const [mine] = await tx
      .select()
      .from(recycleQuotes)
      .where(and(eq(recycleQuotes.requestId, request.id), eq(recycleQuotes.merchantId, merchant.userId)))
    if (mine && body.price <= mine.price) invalid('price', `报价只能提高：你当前的报价是 ${formatPrice(mine.price)}`)
    const [quote] = mine
      ? await tx
          .update(recycleQuotes)
          .set({ price: body.price, updatedAt: now })
          .where(eq(recycleQuotes.id, mine.id))
          .returning()
      : await tx
          .insert(recycleQuotes)
          .values({
            requestId: request.id,
            merchantId: merchant.userId,
            price: body.price,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
    await tx
      .update(recycleRequests)
      .set({
        quoteCount: sql`${recycleRequests.quoteCount} + ${mine ? 0 : 1}`,
        bestQuote: sql`greatest(coalesce(${recycleRequests.bestQuote}, 0), ${body.price})`,
        updatedAt: now,
      })
      .where(eq(recycleRequests.id, request.id))
    const [item] = await tx
      .select({ gameName: games.name, title: goods.title, coverImage: goods.coverImage })
      .from(goods)
      .innerJoin(games, eq(games.id, goods.gameId))
      .where(eq(goods.id, request.goodsId))
    // Quoting is open, so nothing has been accepted: no order yet.
    return toMyQuote(quote, request, { ...item, orderStatus: null })
  })
}

/** GET /merchant/quotes: the merchant's own quotes, the latest first. */
export async function myQuotes(
  deps: ConsignmentDeps,
  merchant: Viewer,
  paging: Paging & { id?: number },
): Promise<{ rows: MyQuote[]; total: number }> {
  const where = and(
    eq(recycleQuotes.merchantId, merchant.userId),
    paging.id === undefined ? undefined : eq(recycleQuotes.id, paging.id),
  )
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        quote: recycleQuotes,
        request: recycleRequests,
        gameName: games.name,
        title: goods.title,
        coverImage: goods.coverImage,
        orderStatus: orders.status,
      })
      .from(recycleQuotes)
      .innerJoin(recycleRequests, eq(recycleRequests.id, recycleQuotes.requestId))
      .innerJoin(goods, eq(goods.id, recycleRequests.goodsId))
      .innerJoin(games, eq(games.id, goods.gameId))
      .leftJoin(orders, eq(orders.id, recycleRequests.orderId))
      .where(where)
      .orderBy(desc(recycleQuotes.updatedAt), desc(recycleQuotes.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    deps.db.select({ total: count() }).from(recycleQuotes).where(where),
  ])
  return { rows: rows.map(({ quote, request, ...item }) => toMyQuote(quote, request, item)), total }
}

// ---------------------------------------------------------------- the clock

type Step = (tx: Executor, id: number, now: Date) => Promise<unknown>

const quoteCountText = (row: RecycleRow) => `共 ${row.quoteCount} 个报价`

/** What the sweeper does when each timer of the recycling machine falls due. */
const timedSteps: Record<TimedRecycleEvent, Step> = {
  close: async (tx, id, now) => {
    const row = await recycleMachine.transition(
      tx,
      id,
      'close',
      { kind: 'system' },
      { choosingEndsAt: new Date(now.getTime() + RECYCLE_CHOOSING_HOURS * HOUR), updatedAt: now },
    )
    if (row && !recycleMachine.can('expireUnmet', row, 'system'))
      await notifyUsers(tx, [
        {
          userId: row.sellerId,
          type: 'quote',
          title: '报价已截止，请选择',
          content: `回收单 #${id} ${quoteCountText(row)}，最高 ${formatPrice(row.bestQuote!)}。请在 ${RECYCLE_CHOOSING_HOURS} 小时内选择一个报价成交。`,
          relatedType: 'request',
          relatedId: id,
        },
      ])
    return row
  },
  expireUnmet: (tx, id, now) =>
    expireIn(tx, id, 'expireUnmet', now, (row) =>
      row.quoteCount === 0 ? '报价截止时没有号商报价' : `${quoteCountText(row)}，均未达到你设置的底价`,
    ),
  expire: (tx, id, now) => expireIn(tx, id, 'expire', now, () => `你在 ${RECYCLE_CHOOSING_HOURS} 小时内没有选择报价`),
}

async function expireIn(
  tx: Executor,
  id: number,
  event: 'expire' | 'expireUnmet',
  now: Date,
  why: (row: RecycleRow) => string,
): Promise<RecycleRow | null> {
  const row = await recycleMachine.transition(tx, id, event, { kind: 'system' }, { updatedAt: now })
  if (!row) return null
  await closeQuotes(tx, row, '回收单已结束', `你报价的回收单 #${id} 已结束，未成交。`)
  await notifyUsers(tx, [
    {
      userId: row.sellerId,
      type: 'quote',
      title: '回收单已过期',
      content: `回收单 #${id} 已过期：${why(row)}。你可以调整底价后重新发布。`,
      relatedType: 'request',
      relatedId: id,
    },
  ])
  return row
}

/** Accepted requests whose merchant's order has ended this way. */
const orderEnded = (statuses: OrderStatus[]) =>
  and(
    eq(recycleRequests.status, 'accepted'),
    sql`exists (select 1 from ${orders} where ${orders.id} = ${recycleRequests.orderId} and ${inArray(orders.status, statuses)})`,
  )

/**
 * The request follows its merchant's order: completed with it, or over when it was cancelled or refunded;
 * and while bidding, its account sold on the market (官方代售+竞价回收) ends it.
 */
const followingSteps = [
  {
    due: orderEnded(['completed']),
    step: (tx: Executor, id: number, now: Date) =>
      recycleMachine.transition(tx, id, 'complete', { kind: 'system' }, { updatedAt: now }),
  },
  {
    due: orderEnded(['cancelled', 'refunded']),
    step: async (tx: Executor, id: number, now: Date) => {
      const row = await recycleMachine.transition(tx, id, 'fallThrough', { kind: 'system' }, { updatedAt: now })
      if (row)
        await notifyUsers(tx, [
          {
            userId: row.sellerId,
            type: 'quote',
            title: '回收交易未完成',
            content: `回收单 #${id} 的号商订单已取消或退款，账号已退回给你，可以重新发布。`,
            relatedType: 'request',
            relatedId: id,
          },
        ])
      return row
    },
  },
  {
    due: and(
      inArray(recycleRequests.status, ['quoting', 'choosing']),
      sql`exists (select 1 from ${goods} where ${goods.id} = ${recycleRequests.goodsId} and ${goods.status} = 'sold')`,
    ),
    step: async (tx: Executor, id: number, now: Date) => {
      const row = await recycleMachine.transition(tx, id, 'soldElsewhere', { kind: 'system' }, { updatedAt: now })
      if (row) await closeQuotes(tx, row, '回收单已结束', `你报价的回收单 #${id} 的账号已通过官方代售售出。`)
      return row
    },
  },
]

/**
 * The sweeper's turn for recycling: every due timer, in declared order (a closed request may expire at
 * once), then the requests whose merchant's order has ended.
 */
export async function runRecycleSweep(deps: SweepDeps, now = new Date()): Promise<Record<TimedRecycleEvent, number>> {
  const settings = await tradeSettings(deps.db)
  const done = { close: 0, expireUnmet: 0, expire: 0 }
  for (const event of recycleMachine.timed as TimedRecycleEvent[]) {
    const due = recycleMachine.due(event, now, settings)
    const clock = recycleMachine.spec.transitions[event].timer!.at
    done[event] = (
      await sweepDue(deps, recycleRequests, due!, clock, (tx, id) => timedSteps[event](tx, id, now))
    ).length
  }
  for (const { due, step } of followingSteps)
    await sweepDue(deps, recycleRequests, due, recycleRequests.id, (tx, id) => step(tx, id, now))
  return done
}
