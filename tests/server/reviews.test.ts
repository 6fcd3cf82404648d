/**
 * 评价: one review per completed order by its buyer, editable for 7 days; contact details masked for the public;
 * the seller card's rating (count, average, share of five stars) without hidden reviews, no phone or real name;
 * 自营 listings carry the platform's own; staff hide with a reason, audited.
 */
import { eq } from 'drizzle-orm'
import { goods, orders, reviews } from '../../server/db/schema'
import { auditActions } from './helpers/database'
import { handedOverDeal, useDealWorld } from './helpers/deals'
import { createPerson } from './helpers/http'

const world = useDealWorld()
const DAY = 86_400_000

const review = (token: string, orderId: number, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
  world.call(method, `/api/need/myOrder/${orderId}/review`, { token, body: { tags: [], text: '', ...body } })

/** Gives a deal, and the listing it sold, to another seller. */
async function moveDeal(deal: { orderId: number; goodsId: number }, sellerId: number) {
  await world.database.db.update(orders).set({ sellerId }).where(eq(orders.id, deal.orderId))
  await world.database.db.update(goods).set({ sellerId }).where(eq(goods.id, deal.goodsId))
}

describe('reviewing an order', () => {
  it('once, by its buyer, after completion; editable for 7 days', async () => {
    const handedOver = await handedOverDeal(world)
    expect((await review(handedOver.buyer.token, handedOver.orderId, { rating: 5 })).body.msg).toBe(
      '交易完成后才能评价',
    )

    const { buyer, seller, orderId } = await handedOverDeal(world, { confirm: true })
    expect((await review(seller.token, orderId, { rating: 1 })).status).toBe(404)
    expect((await review(buyer.token, orderId, { rating: 6 })).status).toBe(400)
    expect((await review(buyer.token, orderId, { rating: 5, tags: ['随便写的'] })).status).toBe(400)
    expect((await review(buyer.token, orderId, { rating: 4 }, 'PUT')).body.msg).toBe('还没有评价这笔订单')
    const actions = async () =>
      (await world.call('GET', `/api/need/myOrder/${orderId}`, { token: buyer.token })).body.data.actions
    expect(await actions()).toContain('review')

    const first = await review(buyer.token, orderId, {
      rating: 4,
      tags: ['交付迅速'],
      text: '不错，加我QQ 2845561234 再买',
    })
    expect(first.body.data).toMatchObject({ rating: 4, editable: true, text: '不错，加我QQ 2845561234 再买' })
    expect((await review(buyer.token, orderId, { rating: 5 })).body.msg).toBe('该订单已评价，7 天内可以修改')
    const edited = await review(
      buyer.token,
      orderId,
      { rating: 5, tags: ['描述相符', '交付迅速'], text: '账号和描述一致' },
      'PUT',
    )
    expect(edited.body.data).toMatchObject({ rating: 5, tags: ['描述相符', '交付迅速'] })
    const mine = await world.call('GET', `/api/need/myOrder/${orderId}/review`, { token: buyer.token })
    expect(mine.body.data).toMatchObject({ rating: 5, text: '账号和描述一致' })
    expect(await actions()).toContain('review')

    const eightDaysAgo = new Date(Date.now() - 8 * DAY)
    await world.database.db.update(reviews).set({ createdAt: eightDaysAgo }).where(eq(reviews.orderId, orderId))
    await world.database.db.update(orders).set({ reviewedAt: eightDaysAgo }).where(eq(orders.id, orderId))
    expect((await review(buyer.token, orderId, { rating: 1 }, 'PUT')).body.msg).toBe('评价已超过 7 天，不能再修改')
    expect(await actions()).not.toContain('review')
  })
})

describe('the seller card', () => {
  it('rates the seller from visible reviews, masks contact details, names no phone and no real name', async () => {
    const first = await handedOverDeal(world, { confirm: true })
    const { seller } = first
    await review(first.buyer.token, first.orderId, { rating: 5, text: '卖家人很好，微信 wxid_abcdefg 联系' })
    const card = await world.call('GET', `/api/web/seller/${seller.id}`)
    expect(card.body.data).toMatchObject({
      id: seller.id,
      sales: 1,
      rating: { count: 1, average: 5, fiveStarBps: 10_000 },
    })
    expect(card.body.data.latest[0].text).not.toContain('wxid_abcdefg')
    const text = JSON.stringify(card.body.data)
    expect(text).not.toMatch(/1\d{10}/)

    // The card by listing, for goodDetail.
    const [row] = await world.database.db.select().from(reviews).where(eq(reviews.orderId, first.orderId))
    const byListing = await world.call('GET', `/api/web/good/${row.goodsId}/seller`)
    expect(byListing.body.data).toMatchObject({ id: seller.id, rating: { count: 1 } })

    // Hidden: out of the rating, with the reason, audited; only staff of the desk may.
    expect(
      (
        await world.call('POST', `/api/admin/reviews/${row.id}/hide`, {
          token: first.buyer.token,
          body: { reason: '广告' },
        })
      ).status,
    ).toBe(403)
    const hidden = await world.call('POST', `/api/admin/reviews/${row.id}/hide`, {
      token: world.service.token,
      body: { reason: '含站外联系方式' },
    })
    expect(hidden.status).toBe(200)
    expect(await auditActions(world.database, 'review', row.id)).toEqual(['review.hide'])
    const after = await world.call('GET', `/api/web/seller/${seller.id}`)
    expect(after.body.data.rating).toEqual({ count: 0, average: null, fiveStarBps: null })
    expect(after.body.data.latest).toEqual([])
    const listed = await world.call('GET', '/api/admin/reviews', {
      token: world.service.token,
      query: { hidden: true },
    })
    expect(listed.body.rows!.find((r: { id: number }) => r.id === row.id)).toMatchObject({
      hidden: true,
      hiddenReason: '含站外联系方式',
      original: '卖家人很好，微信 wxid_abcdefg 联系',
    })
  })

  it('keeps its figures as orders complete and leave completion and reviews come, change and hide', async () => {
    const seller = await createPerson(world.database)
    const deals = []
    for (let i = 0; i < 3; i++) {
      const made = await handedOverDeal(world, { confirm: true })
      await moveDeal(made, seller.id)
      deals.push(made)
    }
    await review(deals[0].buyer.token, deals[0].orderId, { rating: 5 })
    await review(deals[1].buyer.token, deals[1].orderId, { rating: 3 })
    await review(deals[1].buyer.token, deals[1].orderId, { rating: 4 }, 'PUT')
    const [first] = await world.database.db.select().from(reviews).where(eq(reviews.orderId, deals[0].orderId))
    await world.call('POST', `/api/admin/reviews/${first.id}/hide`, {
      token: world.service.token,
      body: { reason: '含站外联系方式' },
    })
    // A dispute after completion takes the sale out until it is decided.
    await world.database.db
      .update(orders)
      .set({ status: 'disputed', disputedFrom: 'completed' })
      .where(eq(orders.id, deals[2].orderId))
    const card = (await world.call('GET', `/api/web/seller/${seller.id}`)).body.data
    expect(card).toMatchObject({ sales: 2, rating: { count: 1, average: 4, fiveStarBps: 0 } })

    // Every seller's kept figures are what a count over the orders and reviews says.
    const counted = await world.database.pool.query(`
      select seller_key, sum(sales)::int as sales, sum(reviews)::int as reviews, sum(rating_sum)::int as rating_sum,
             sum(five_star)::int as five_star
      from (select coalesce(seller_id, 0) as seller_key, count(*) as sales, 0 as reviews, 0 as rating_sum, 0 as five_star
            from orders where status = 'completed' and kind = 'sale' group by 1
            union all
            select coalesce(seller_id, 0), 0, count(*), sum(rating), count(*) filter (where rating = 5)
            from reviews where hidden_at is null group by 1) f
      group by 1 order by 1`)
    const kept = await world.database.pool.query(`
      select seller_key, sales, reviews, rating_sum, five_star from seller_stats
      where sales <> 0 or reviews <> 0 order by 1`)
    expect(kept.rows).toEqual(counted.rows)
  })

  it('averages several reviews, and 自营 listings carry the platform’s own', async () => {
    const seller = await createPerson(world.database)
    const deals = []
    for (const rating of [5, 4, 5, 2]) {
      const made = await handedOverDeal(world, { confirm: true })
      // The same seller for each: the deals are moved to them before the review.
      await moveDeal(made, seller.id)
      deals.push({ ...made, rating })
    }
    for (const { buyer, orderId, rating } of deals) await review(buyer.token, orderId, { rating })
    const card = await world.call('GET', `/api/web/seller/${seller.id}`)
    expect(card.body.data.rating).toEqual({ count: 4, average: 4, fiveStarBps: 5_000 })
    expect(card.body.data.sales).toBe(4)

    expect((await world.call('GET', '/api/web/seller/999999')).status).toBe(404)
    // An account that has never listed — a buyer, a staff member — has no seller page to read its name from.
    for (const path of [`/api/web/seller/${deals[0].buyer.id}`, `/api/web/seller/${world.service.id}/goods`])
      expect((await world.call('GET', path)).body).toMatchObject({ code: 404, msg: '卖家不存在' })
    expect((await world.call('GET', '/api/web/good/x/seller')).body.msg).toBe('商品编号必须是整数')
    const [own] = await world.database.db
      .insert(goods)
      .values({
        gameId: world.gameId,
        sellerId: null,
        title: '自营 号',
        price: 10_000,
        status: 'on_sale',
        listedAt: new Date(),
      })
      .returning()
    const platform = await world.call('GET', `/api/web/good/${own.id}/seller`)
    expect(platform.body.data).toMatchObject({ id: null, name: '号安心自营', since: null })
  })

  it('卖家主页 lists what the seller has on sale, newest first, and nothing else', async () => {
    const seller = await createPerson(world.database)
    const other = await createPerson(world.database)
    const listing = async (
      title: string,
      minutesAgo: number,
      row: Partial<typeof goods.$inferInsert> = {},
    ): Promise<number> => {
      const [made] = await world.database.db
        .insert(goods)
        .values({
          gameId: world.gameId,
          sellerId: seller.id,
          title,
          price: 20_000,
          status: 'on_sale',
          listedAt: new Date(),
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
          ...row,
        })
        .returning({ id: goods.id })
      return made.id
    }
    const oldest = await listing('最早', 30)
    const newest = await listing('最新', 10)
    const middle = await listing('其次', 20)
    await listing('审核中', 1, { status: 'pending_review', listedAt: null })
    await listing('已售', 2, { status: 'sold', soldAt: new Date() })
    await listing('已下架', 3, { status: 'delisted', delistedBy: 'seller' })
    await listing('别人的', 5, { sellerId: other.id })

    const first = await world.call('GET', `/api/web/seller/${seller.id}/goods`, { query: { pageSize: 2 } })
    expect(first.status).toBe(200)
    expect(first.body.rows!.map((r: { id: number }) => r.id)).toEqual([newest, middle])
    expect(first.body.total).toBe(3)
    expect(first.body.rows![0]).toMatchObject({ title: '最新', status: 'on_sale', price: 20_000 })
    const second = await world.call('GET', `/api/web/seller/${seller.id}/goods`, { query: { pageNum: 2, pageSize: 2 } })
    expect(second.body.rows!.map((r: { id: number }) => r.id)).toEqual([oldest])

    expect((await world.call('GET', '/api/web/seller/999999/goods')).body).toMatchObject({
      code: 404,
      msg: '卖家不存在',
    })
    const bad = await world.call('GET', `/api/web/seller/${seller.id}/goods`, { query: { pageSize: 0 } })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toContain('每页条数')
  })
})
