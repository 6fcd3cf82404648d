/**
 * 包赔基金: what the guarantee fund holds, read from the ledger; what approved claims will take from it; and the
 * platform's own money paid in (注资), recorded by finance:
 *
 *   注资   contribution   platform:capital → guarantee_fund   (ref contribution:<id>, no order)
 *
 * The guarantee fees alone fill the fund slowly: a new marketplace's first claim is larger than every fee it
 * has taken, so the platform capitalises the fund, and says how much it holds on 找回案例.
 */
import { desc, eq, sql } from 'drizzle-orm'
import type { FundContributionRequest, GuaranteeFund } from '../../../src/contract/claims'
import type { FundFigures } from '../../../src/contract/ledger'
import type { Executor } from '../../db'
import { claims, fundContributions, ledgerBalances, users, type LedgerKind } from '../../db/schema'
import { audit, type Staff } from '../../lib/audit'
import { boundedText } from '../../lib/envelope'
import { account, post } from '../ledger/ledger'

/** How many of the latest contributions the console lists. */
const CONTRIBUTIONS_SHOWN = 20

/** The fund's ledger figures — money in by kind, money out by kind, and what it holds — from its kept balances. */
async function fundFigures(db: Executor): Promise<FundFigures> {
  const rows = await db.select().from(ledgerBalances).where(eq(ledgerBalances.account, account.guaranteeFund))
  const of = (kind: LedgerKind) => rows.find((r) => r.kind === kind) ?? { debit: 0, credit: 0 }
  return {
    fees: of('fee').credit,
    contributions: of('contribution').credit,
    recoveries: of('recovery').credit,
    compensations: of('compensation').debit,
    refunds: of('refund').debit,
    balance: rows.reduce((total, r) => total + r.credit - r.debit, 0),
  }
}

/** What approved claims waiting for their transfer will take from the fund. */
async function promised(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${claims.amount}), 0)` })
    .from(claims)
    .where(eq(claims.status, 'approved'))
  return Number(row.total)
}

/** What the guarantee fund holds now, less what approved claims will take from it. */
export async function fundAvailable(db: Executor): Promise<number> {
  return (await fundFigures(db)).balance - (await promised(db))
}

/** What the fund holds now: the public figure of 找回案例. */
export async function fundBalance(db: Executor): Promise<number> {
  return (await fundFigures(db)).balance
}

/** GET /api/admin/claims/fund. */
export async function guaranteeFund(db: Executor): Promise<GuaranteeFund> {
  const figures = await fundFigures(db)
  const waiting = await promised(db)
  const contributions = await db
    .select({
      id: fundContributions.id,
      amount: fundContributions.amount,
      note: fundContributions.note,
      staffName: users.username,
      createdAt: fundContributions.createdAt,
    })
    .from(fundContributions)
    .innerJoin(users, eq(users.id, fundContributions.staffId))
    .orderBy(desc(fundContributions.id))
    .limit(CONTRIBUTIONS_SHOWN)
  return {
    ...figures,
    promised: waiting,
    available: figures.balance - waiting,
    latestContributions: contributions.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
  }
}

/** POST /api/admin/claims/fund/contributions: the row, its posting and its audit row in one transaction. */
export async function contribute(db: Executor, staff: Staff, body: FundContributionRequest): Promise<GuaranteeFund> {
  const note = boundedText('note', body.note, '注资说明', { min: 2, max: 300 })
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fundContributions)
      .values({ amount: body.amount, note, staffId: staff.userId })
      .returning({ id: fundContributions.id })
    await post(tx, [
      {
        ref: `contribution:${row.id}`,
        orderId: null,
        kind: 'contribution',
        amount: body.amount,
        from: account.capital,
        to: account.guaranteeFund,
      },
    ])
    await audit(tx, staff, 'fund.contribute', { type: 'fund', id: row.id }, { amount: body.amount, note })
  })
  return guaranteeFund(db)
}
