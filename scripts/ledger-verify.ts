/**
 * Proves the escrow journal (server/modules/ledger/verify.ts) and prints every account's balance:
 *
 *   npm run ledger:verify            # DATABASE_URL, or the embedded database in DATA_DIR
 *
 * Exits 1 when anything does not hold. With the embedded database, run it while the server is stopped
 * (the data directory is locked); against PostgreSQL it runs beside live servers.
 */
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { acquireDataDirLock } from '../server/lib/dataDirLock'
import { verifyLedger } from '../server/modules/ledger/verify'

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

async function main(): Promise<boolean> {
  const config = loadConfig()
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir)
  const database = await openDatabase(config)
  try {
    const report = await verifyLedger(database.db)
    console.log(`分录 ${report.entries} 条；托管账户余额 ${yuan(report.escrow)}`)
    for (const [account, balance] of Object.entries(report.balances).sort()) {
      console.log(`  ${account.padEnd(24)} ${yuan(balance).padStart(14)}`)
    }
    const { fund } = report
    console.log(
      `包赔基金 ${yuan(fund.balance)} = 包赔费 ${yuan(fund.fees)} + 平台注资 ${yuan(fund.contributions)} + 追回 ` +
        `${yuan(fund.recoveries)} − 赔付 ${yuan(fund.compensations)} − 售后退回 ${yuan(fund.refunds)}`,
    )
    if (report.ok) console.log('账本校验通过：哈希链完整，各账户平衡，托管余额等于未完结订单已付金额。')
    else console.error(`账本校验失败 / ledger check failed:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`)
    return report.ok
  } finally {
    await database.close()
    lock?.release()
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
