/**
 * Re-wraps every sealed value under the vault's active key (the first of VAULT_KEYS) — step 3 of rotating the
 * vault key in DEPLOY.md:
 *
 *   npm run vault:rewrap        # DATABASE_URL beside live servers, or the embedded database with the server stopped
 */
import path from 'node:path'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { acquireDataDirLock } from '../server/lib/dataDirLock'
import { createVault, loadVaultKeys } from '../server/lib/vault'
import { rewrapAll } from '../server/modules/vault/rotation'

async function main(): Promise<void> {
  const config = loadConfig()
  const vault = createVault(
    loadVaultKeys({
      envValue: config.vaultKeys,
      keyFile: path.join(config.dataDir, 'keys', 'vault.json'),
      production: !config.devTools,
    }),
  )
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir)
  const database = await openDatabase(config)
  try {
    const { columns } = await rewrapAll(database.db, vault)
    console.log(`当前密钥 ${vault.activeKid}：`)
    for (const [column, { rewrapped, current }] of Object.entries(columns))
      console.log(`  ${column.padEnd(28)} 重新包装 ${String(rewrapped).padStart(7)}   已是当前密钥 ${current}`)
    console.log('全部完成：旧密钥已不再被任何记录使用，可以从 VAULT_KEYS 中移除。')
  } finally {
    await database.close()
    lock?.release()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
