/** Operators read and change the settings; every change is audited with its old and new value. */
import type { Settings, SettingsPatch } from '../../../src/contract/settings'
import type { Db } from '../../db'
import { audit, type Staff } from '../../lib/audit'
import { setSetting, tradeSettings } from '../../lib/settings'

export const readSettings = (db: Db): Promise<Settings> => tradeSettings(db)

/** Writes the given keys (the schema has checked each against its bounds) and their audit row, together. */
export async function updateSettings(db: Db, staff: Staff, patch: SettingsPatch): Promise<Settings> {
  await db.transaction(async (tx) => {
    const before = await tradeSettings(tx)
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    for (const [key, value] of Object.entries(patch) as [keyof Settings, unknown][]) {
      if (JSON.stringify(before[key]) === JSON.stringify(value)) continue
      await setSetting(tx, key, value)
      changes[key] = { from: before[key], to: value }
    }
    if (Object.keys(changes).length > 0)
      await audit(tx, staff, 'settings.update', { type: 'settings', id: null }, changes)
  })
  return tradeSettings(db)
}
