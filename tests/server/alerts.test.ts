/**
 * 降价提醒: a drop in a listing's price tells everyone who keeps it — once a day per listing at most, never on a
 * rise and never its seller — and 我的收藏 marks the drop since it was kept.
 */
import { and, eq } from 'drizzle-orm'
import { favourites, goods } from '../../server/db/schema'
import { createPerson, type Person } from './helpers/http'
import { useDealWorld } from './helpers/deals'

const world = useDealWorld()

async function onSale(seller: Person, price = 80_000) {
  const [item] = await world.database.db
    .insert(goods)
    .values({
      gameId: world.gameId,
      sellerId: seller.id,
      title: '王者 荣耀典藏',
      price,
      status: 'on_sale',
      listedAt: new Date(),
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
