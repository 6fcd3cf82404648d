import type { Executor } from '../db'
import { settings } from '../db/schema'

/**
 * The demo hands an account over as soon as it is paid, so a newcomer sees a whole purchase without an
 * operator. Inserted once: an operator's later choice stays. (Production has no row: hand-over is manual.)
 */
export async function seedDemoSettings(db: Executor): Promise<void> {
  await db.insert(settings).values({ key: 'autoHandOver', value: true }).onConflictDoNothing()
}
