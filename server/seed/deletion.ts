/**
 * The demo account in its cooling-off period (leaver/leaver2026): it asked for 注销 a day ago through the page's
 * own call, so signing in asks whether to cancel (撤销注销 / 退出登录), 注销账号 shows the days left, and the
 * console's 用户 shows the pending deletion — without registering an account to get there.
 */
import { eq } from 'drizzle-orm'
import { DAY_MS } from '../../src/contract/constants'
import type { Executor } from '../db'
import { accountDeletions } from '../db/schema'
import { requestDeletion } from '../modules/account/service'
import { demoUserIds } from './users'

/** Once for each account: nothing when it has asked before (a cancelled request stays cancelled). */
export async function seedDemoDeletion(db: Executor): Promise<void> {
  const ids = await demoUserIds(db, ['leaver'])
  if (!ids) return
  const [userId] = ids
  const asked = await db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .limit(1)
  if (asked.length === 0) await requestDeletion(db, userId, new Date(Date.now() - DAY_MS))
}
