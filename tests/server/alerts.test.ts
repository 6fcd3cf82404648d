/**
 * 降价提醒: a drop in a listing's price tells everyone who keeps it — once a day per listing at most, never on a
 * rise and never its seller — and 我的收藏 marks the drop since it was kept. 搜索订阅: saved list filters, checked
 * as the list checks them, looked at once a day for listings put on sale since, one message per search.
 */
import { and, eq } from 'drizzle-orm'
import { favourites, games, goods, messages, savedSearches } from '../../server/db/schema'
import { sendSavedSearchAlerts } from '../../server/modules/catalogue/alerts'
import { CatalogueCache } from '../../server/modules/catalogue/service'
import { createPerson, type Person } from './helpers/http'
import { useDealWorld } from './helpers/deals'

const world = useDealWorld()

async function onSale(seller: Person, price = 80_000, over: Partial<typeof goods.$inferInsert> = {}) {
  const [item] = await world.database.db
    .insert(goods)
    .values({
      gameId: world.gameId,
      sellerId: seller.id,
      title: '王者 荣耀典藏',
      price,
      status: 'on_sale',
      listedAt: new Date(),
      ...over,
    })
    .returning()
  return item.id
}

const keep = (who: Person, goodsId: number) =>
  world.call('POST', '/api/web/goods/collect', { token: who.token, body: { goodsId } })

const priceDrops = async (who: Person) =>
  (await world.call('GET', '/api/need/message/list', { token: who.token })).body.rows!.filter(
    (m) => m.type === 'price_drop',
  )

describe('price-drop alerts', () => {
  it('tell each keeper once a day, with the old and new price; never the seller, never on a rise', async () => {
    const [seller, first, second] = await Promise.all([
      createPerson(world.database),
      createPerson(world.database),
      createPerson(world.database),
    ])
    const id = await onSale(seller)
    for (const who of [first, second, seller]) expect((await keep(who, id)).body.code).toBe(200)
    const price = (value: number) =>
      world.call('POST', '/api/need/goods/editPrice', { token: seller.token, body: { id, price: value } })

    expect((await price(90_000)).body.code).toBe(200)
    expect(await priceDrops(first)).toEqual([])

    expect((await price(70_000)).body.code).toBe(200)
    for (const who of [first, second]) {
      const told = await priceDrops(who)
      expect(told).toHaveLength(1)
      expect(told[0]).toMatchObject({ relatedType: 'goods', relatedId: id, title: '收藏的商品降价了' })
      expect(told[0].content).toContain('¥900.00 → ¥700.00')
    }
    expect(await priceDrops(seller)).toEqual([])

    // The same day: the drop shows in 我的收藏, no second message.
    expect((await price(65_000)).body.code).toBe(200)
    expect(await priceDrops(first)).toHaveLength(1)
    const kept = await world.call('GET', '/api/web/goods/collect/list', { token: first.token })
    expect(kept.body.rows![0]).toMatchObject({ id, price: 65_000, droppedFrom: 80_000 })

    // A day later the next drop is told again.
    await world.database.db
      .update(favourites)
      .set({ alertedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(favourites.goodsId, id), eq(favourites.userId, first.id)))
    expect((await price(60_000)).body.code).toBe(200)
    expect((await priceDrops(first)).map((m) => m.content)).toEqual([
      expect.stringContaining('¥650.00 → ¥600.00'),
      expect.stringContaining('¥900.00 → ¥700.00'),
    ])
    expect(await priceDrops(second)).toHaveLength(1)
  })

  it('a listing off sale tells no one; kept before a rise it is not marked', async () => {
    const [seller, keeper] = await Promise.all([createPerson(world.database), createPerson(world.database)])
    const id = await onSale(seller)
    await keep(keeper, id)
    await world.call('POST', '/api/goods/info/downGoods', { token: seller.token, body: { id, reason: '暂时不卖' } })
    await world.call('POST', '/api/need/goods/editPrice', { token: seller.token, body: { id, price: 50_000 } })
    expect(await priceDrops(keeper)).toEqual([])

    const other = await onSale(seller, 40_000)
    await keep(keeper, other)
    await world.call('POST', '/api/need/goods/editPrice', { token: seller.token, body: { id: other, price: 45_000 } })
    const kept = await world.call('GET', '/api/web/goods/collect/list', { token: keeper.token })
    expect(kept.body.rows!.find((r) => r.id === other)).toMatchObject({ price: 45_000, droppedFrom: null })
  })
})

describe('saved searches', () => {
  const HOUR = 3_600_000
  const save = (who: Person, filters: Record<string, unknown>, title = '王者荣耀 ¥500–¥1000') =>
    world.call('POST', '/api/need/savedSearches', { token: who.token, body: { title, filters } })
  const newListings = async (who: Person) =>
    (await world.call('GET', '/api/need/message/list', { token: who.token })).body.rows!.filter(
      (m) => m.type === 'new_listings',
    )
  const look = (at = new Date()) =>
    sendSavedSearchAlerts({ db: world.database.db, log: world.app.log }, new CatalogueCache(), at)

  it('are checked like the list, the same filters saved once, at most ten each, and only their owner’s', async () => {
    const [me, stranger] = await Promise.all([createPerson(world.database), createPerson(world.database)])
    const noGame = await save(me, { attributes: { rank: 'wangzhe' } })
    expect(noGame.status).toBe(400)
    expect(noGame.body.msg).toBe('按属性筛选时请先选择游戏')
    expect((await save(me, { gameId: world.gameId, priceMin: 9_000, priceMax: 1_000 })).body.msg).toBe(
      '最低价不能高于最高价',
    )

    const first = await save(me, { gameId: world.gameId, priceMin: 50_000, priceMax: 100_000 })
    expect(first.body.data).toMatchObject({ title: '王者荣耀 ¥500–¥1000', regions: [] })
    const again = await save(me, { priceMax: 100_000, priceMin: 50_000, gameId: world.gameId }, '另一个名字')
    expect(again.body.data.id).toBe(first.body.data.id)
    for (let i = 1; i < 10; i++) expect((await save(me, { gameId: world.gameId, priceMin: i })).body.code).toBe(200)
    expect((await save(me, { gameId: world.gameId, priceMin: 99 })).body.msg).toBe(
      '最多保存 10 个搜索订阅，请先删除不需要的',
    )
    const mine = await world.call('GET', '/api/need/savedSearches', { token: me.token })
    expect(mine.body.data.alerts).toBe(true)
    expect(mine.body.data.rows).toHaveLength(10)

    const id = first.body.data.id
    expect((await world.call('GET', `/api/need/savedSearches/${id}`, { token: stranger.token })).status).toBe(404)
    expect((await world.call('DELETE', `/api/need/savedSearches/${id}`, { token: stranger.token })).status).toBe(404)
    expect((await world.call('DELETE', `/api/need/savedSearches/${id}`, { token: me.token })).body.code).toBe(200)
    expect((await world.call('GET', '/api/need/savedSearches')).status).toBe(401)
  })

  it('a daily look tells of the listings put on sale since, once; nothing new, or the switch off, tells nothing', async () => {
    const [me, seller] = await Promise.all([createPerson(world.database), createPerson(world.database)])
    // A game of its own: the other tests' listings are not new to this search.
    const [game] = await world.database.db
      .insert(games)
      .values({ name: '和平精英', initial: 'H', type: 'mobile' })
      .returning()
    const listing = (price: number, over: Partial<typeof goods.$inferInsert>) =>
      onSale(seller, price, { gameId: game.id, ...over })
    const saved = await save(me, { gameId: game.id, keyword: '典藏', priceMin: 50_000, priceMax: 100_000 })
    const id = saved.body.data.id as number
    const savedAt = new Date(Date.now() - 25 * HOUR)
    await world.database.db.update(savedSearches).set({ checkedAt: savedAt }).where(eq(savedSearches.id, id))

    await listing(60_000, { title: '王者 典藏 甲', listedAt: new Date(Date.now() - 2 * HOUR) })
    await listing(70_000, { title: '王者 典藏 乙', listedAt: new Date(Date.now() - HOUR) })
    await listing(75_000, { title: '王者 典藏 旧', listedAt: new Date(Date.now() - 30 * HOUR) })
    await listing(200_000, { title: '王者 典藏 太贵', listedAt: new Date(Date.now() - HOUR) })
    await listing(60_000, { title: '王者 普通号', listedAt: new Date(Date.now() - HOUR) })
    await listing(60_000, {
      title: '王者 典藏 已售',
      status: 'sold',
      listedAt: new Date(Date.now() - HOUR),
      soldAt: new Date(),
    })

    expect(await look()).toBeGreaterThanOrEqual(1)
    const told = await newListings(me)
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ relatedType: 'search', relatedId: id, title: '搜索订阅有新上架' })
    expect(told[0].content).toBe(
      '你订阅的「王者荣耀 ¥500–¥1000」有 2 个新上架账号：「王者 典藏 乙」¥700.00、「王者 典藏 甲」¥600.00。',
    )
    // Looked at: not again the same day, even with something new.
    await listing(80_000, { title: '王者 典藏 丙' })
    await look()
    expect(await newListings(me)).toHaveLength(1)

    // The next day: the new one; then the switch off moves the search on without a message.
    const tomorrow = new Date(Date.now() + 25 * HOUR)
    await look(tomorrow)
    expect((await newListings(me))[0].content).toContain('有 1 个新上架账号：「王者 典藏 丙」¥800.00。')
    expect(
      (await world.call('PUT', '/api/need/savedSearches/alerts', { token: me.token, body: { on: false } })).body.code,
    ).toBe(200)
    await listing(90_000, { title: '王者 典藏 丁', listedAt: new Date(tomorrow.getTime() + HOUR) })
    const later = new Date(tomorrow.getTime() + 25 * HOUR)
    await look(later)
    expect(await newListings(me)).toHaveLength(2)
    const [row] = await world.database.db.select().from(savedSearches).where(eq(savedSearches.id, id))
    expect(row.checkedAt).toEqual(later)
    const mine = await world.call('GET', '/api/need/savedSearches', { token: me.token })
    expect(mine.body.data.alerts).toBe(false)
    expect(
      await world.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, seller.id))),
    ).toEqual([])
  })
})
