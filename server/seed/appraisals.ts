/**
 * The demo seller's appraisals on a fresh local database, filed through the appraisal's own call: one of
 * 王者荣耀, priced at once from its deals, and one of 三角洲行动 — new here, with no deals yet — waiting in
 * the console's 估价 queue for a reviewer.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db'
import { appraisals, games, goods, users } from '../db/schema'
import { appraise } from '../modules/appraisals/service'
import { CatalogueCache } from '../modules/catalogue/service'

const DEMO_APPRAISALS = [
  { game: '王者荣耀', description: '自己玩了三年，常用英雄都有皮肤，想先看看值多少。' },
  { game: '三角洲行动', description: '玩了半年，仓库里红色收藏品不少，想先估个价。' },
]

/** Once: does nothing when the demo seller has appraisals already. */
export async function seedDemoAppraisals(db: Db, dataDir: string): Promise<void> {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'seller'))
  if (!seller) return
  const [filed] = await db.select({ id: appraisals.id }).from(appraisals).where(eq(appraisals.userId, seller.id))
  if (filed) return
  const deps = { db, dataDir, cache: new CatalogueCache() }
  for (const { game, description } of DEMO_APPRAISALS) {
    // An account like one on sale: its region path and attributes, as the appraisal form would send them.
    const [like] = await db
      .select({ gameId: goods.gameId, regionIds: goods.regionIds, attributes: goods.attributes, price: goods.price })
      .from(goods)
      .innerJoin(games, eq(games.id, goods.gameId))
      .where(and(eq(games.name, game), eq(goods.status, 'on_sale')))
      .orderBy(goods.id)
      .limit(1)
    if (!like) continue
    await appraise(deps, seller.id, {
      mode: 'appraise',
      gameId: like.gameId,
      regionIds: like.regionIds,
      attributes: like.attributes,
      description,
      expectedPrice: like.price,
    })
  }
}
