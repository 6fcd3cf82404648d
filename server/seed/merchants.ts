/**
 * The demo merchant (merchant/merchant2026) on a fresh local database: an application filed through shanghu's
 * own call and approved by the demo operator, so the account is a merchant the way anyone becomes one.
 */
import { eq } from 'drizzle-orm'
import type { Executor } from '../db'
import { games, merchantApplications } from '../db/schema'
import { apply, approveApplication } from '../modules/merchants/service'
import { demoPhone, demoUserIds } from './users'

const DEMO_GAMES = ['王者荣耀', '和平精英', '原神']

/** Once: does nothing when the demo merchant has an application already. */
export async function seedDemoMerchant(db: Executor): Promise<void> {
  const ids = await demoUserIds(db, ['merchant', 'operator'])
  if (!ids) return
  const [merchantId, operatorId] = ids
  const filed = await db
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, merchantId))
    .limit(1)
  if (filed.length > 0) return
  const gameIds = (await db.select({ id: games.id, name: games.name }).from(games))
    .filter((game) => DEMO_GAMES.includes(game.name))
    .map((game) => game.id)
  const application = await apply(db, merchantId, {
    name: '星河游戏工作室',
    phone: demoPhone('merchant'),
    qq: '80000003',
    business: '专业回收王者荣耀、和平精英、原神成品号，月回收量约 300 个，当天验号当天打款。',
    gameIds,
  })
  await approveApplication(db, { userId: operatorId, operator: true, ip: '127.0.0.1' }, application.id)
}
