/**
 * Proves the journal: the hash chain is intact, every transfer is well formed, no inside account is
 * overdrawn, the escrow holds exactly what the open orders have paid — nothing for a finished one — every
 * order's refunds are what it records, a seller is paid what was settled less any refund after sale and any
 * claim's compensation withheld, once, and the balances kept beside the journal are what its entries add up to.
 * `npm run ledger:verify` prints the result; the order tests run it after every scenario.
 */
import { asc, eq, gt } from 'drizzle-orm'
import type { LedgerReport } from '../../../src/contract/ledger'
import type { Executor } from '../../db'
import { claimRecoveries, claims, fundContributions, ledgerBalances, ledgerEntries, orders } from '../../db/schema'
import { account, entryHash, GENESIS_HASH } from './ledger'

/**
 * Accounts outside the platform may go below zero — the buyers' own money, a seller's once paid out (what staff
 * recover from a seller comes from there), and the platform's capital its contributions to the fund come from —
 * the rest may not.
 */
const external = (accountName: string) =>
  accountName.startsWith('buyer:') || accountName.startsWith('seller:') || accountName === account.capital

export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const entries = await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id))
  const problems: string[] = []
  const balances: Record<string, number> = {}
  const escrowByOrder = new Map<number, number>()
  const byOrderKind = new Map<string, number>()
  let prevHash = GENESIS_HASH
  for (const e of entries) {
    if (e.prevHash !== prevHash) problems.push(`entry ${e.id}: previous hash does not match (chain broken)`)
    const expected = entryHash(e.prevHash, { ...e, debit: e.debitAccount, credit: e.creditAccount })
    if (e.hash !== expected) problems.push(`entry ${e.id}: hash does not match its content`)
    prevHash = e.hash
    if (!(e.amount > 0) || e.debitAccount === e.creditAccount) problems.push(`entry ${e.id}: malformed transfer`)
    balances[e.debitAccount] = (balances[e.debitAccount] ?? 0) - e.amount
    balances[e.creditAccount] = (balances[e.creditAccount] ?? 0) + e.amount
    // A contribution to the fund belongs to no order (the table's check keeps it so).
    if (e.orderId === null) continue
    const escrowDelta = (e.creditAccount === 'escrow' ? e.amount : 0) - (e.debitAccount === 'escrow' ? e.amount : 0)
    escrowByOrder.set(e.orderId, (escrowByOrder.get(e.orderId) ?? 0) + escrowDelta)
    // A fee out of escrow is the buyer's (at completion); one out of a seller's frozen money is the commission.
    // A refund out of the seller's frozen money (after sale) is what the seller's payout is less by.
    const fromSeller = e.debitAccount.startsWith('seller_frozen:')
    const kind = e.kind === 'fee' && fromSeller ? 'commission' : e.kind
    // So is a claim's compensation withheld from it (a recovery out of the frozen money).
    if ((e.kind === 'refund' || e.kind === 'recovery') && fromSeller) {
      const key = `${e.orderId}:takenBack`
      byOrderKind.set(key, (byOrderKind.get(key) ?? 0) + e.amount)
    }
    const key = `${e.orderId}:${kind}`
    byOrderKind.set(key, (byOrderKind.get(key) ?? 0) + e.amount)
  }
  for (const [name, balance] of Object.entries(balances)) {
    if (!external(name) && balance < 0) problems.push(`account ${name} is overdrawn: ${balance}`)
  }
  const total = Object.values(balances).reduce((sum, b) => sum + b, 0)
  if (total !== 0) problems.push(`balances do not sum to zero: ${total}`)
  await verifyKeptBalances(db, entries, problems)

  const allOrders = await db.select().from(orders)
  let expectedEscrow = 0
  for (const o of allOrders) {
    const held = escrowByOrder.get(o.id) ?? 0
    const amount = (kind: string) => byOrderKind.get(`${o.id}:${kind}`) ?? 0
    // An order disputed after completion was settled already: its money is with the seller, frozen.
    const open =
      o.status === 'pending_payment' ||
      o.status === 'paid' ||
      o.status === 'handed_over' ||
      (o.status === 'disputed' && o.disputedFrom === 'handed_over')
    const expected = open ? o.paidAmount : 0
    expectedEscrow += expected
    if (held !== expected) problems.push(`order ${o.id} (${o.status}): escrow holds ${held}, expected ${expected}`)
    if (amount('hold') < o.paidAmount) problems.push(`order ${o.id}: paid ${o.paidAmount} but held ${amount('hold')}`)
    if (o.status === 'completed' && amount('settle') + amount('fee') !== o.paidAmount) {
      problems.push(`order ${o.id}: completed, settled ${amount('settle') + amount('fee')} of ${o.paidAmount}`)
    }
    // A payment that did not count (the order was paid already, or cancelled) was held and went straight
    // back: those refunds are the holds beyond what the order counts as paid, not part of its refund.
    const returned = amount('hold') - o.paidAmount
    if (amount('refund') - returned !== o.refundAmount) {
      problems.push(`order ${o.id}: refunded ${o.refundAmount}, ledger refunded ${amount('refund') - returned}`)
    }
    // The seller is paid what was settled to them less what went back to the buyer after sale or to the fund
    // for a claim, once.
    const paidOut = amount('release') + amount('commission')
    const owed = amount('settle') - amount('takenBack')
    if (o.sellerId !== null && paidOut !== (o.releasedAt ? owed : 0)) {
      problems.push(`order ${o.id}: released and charged ${paidOut} of ${owed} owed`)
    }
  }
  const escrow = balances.escrow ?? 0
  if (escrow !== expectedEscrow) problems.push(`escrow holds ${escrow}, open orders have paid ${expectedEscrow}`)
  const fund = await verifyFund(db, entries, problems)
  if (fund.balance !== (balances[account.guaranteeFund] ?? 0)) problems.push('guarantee fund balance does not add up')
  return { ok: problems.length === 0, entries: entries.length, balances, escrow, fund, problems }
}

/**
 * The guarantee fund against the claims: every paid claim paid once, by exactly its approved amount; every
 * recovery staff recorded in, once; every contribution finance recorded in, once; nothing else taken out but
 * refunds after sale — so the fund holds the guarantee fees, contributions and recoveries less the compensations
 * and those refunds.
 */
async function verifyFund(db: Executor, entries: (typeof ledgerEntries.$inferSelect)[], problems: string[]) {
  const into = (kind: string) => entries.filter((e) => e.kind === kind && e.creditAccount === account.guaranteeFund)
  const outOf = (kind: string) => entries.filter((e) => e.kind === kind && e.debitAccount === account.guaranteeFund)
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0)
  const paid = await db.select({ id: claims.id, amount: claims.amount }).from(claims).where(eq(claims.status, 'paid'))
  const compensations = outOf('compensation')
  const byRef = new Map(compensations.map((e) => [e.ref, e]))
  for (const claim of paid) {
    const entry = byRef.get(`claim:${claim.id}`)
    if (!entry || entry.amount !== claim.amount)
      problems.push(`claim ${claim.id}: paid ${claim.amount}, fund paid ${entry?.amount ?? 0}`)
  }
  if (compensations.length !== paid.length)
    problems.push(`the fund paid ${compensations.length} claims, ${paid.length} claims are paid`)
  // What staff got back, each recorded, and what was withheld from a seller's money when a claim was paid.
  const recorded = await db.select({ amount: claimRecoveries.amount }).from(claimRecoveries)
  const withheld = await db
    .select({ id: claims.id, amount: claims.withheldAmount })
    .from(claims)
    .where(gt(claims.withheldAmount, 0))
  const recovered = [...recorded, ...withheld]
  const recoveries = into('recovery')
  if (recoveries.length !== recovered.length || sum(recoveries) !== sum(recovered))
    problems.push(`recoveries recorded ${sum(recovered)}, the fund got ${sum(recoveries)}`)
  const byWithheld = new Map(recoveries.map((e) => [e.ref, e]))
  for (const claim of withheld) {
    const entry = byWithheld.get(`withheld:${claim.id}`)
    if (entry?.amount !== claim.amount || !entry.debitAccount.startsWith('seller_frozen:'))
      problems.push(`claim ${claim.id}: withheld ${claim.amount}, the fund got ${entry?.amount ?? 0}`)
  }
  const contributed = await db
    .select({ id: fundContributions.id, amount: fundContributions.amount })
    .from(fundContributions)
  const contributions = into('contribution')
  const byContribution = new Map(contributions.map((e) => [e.ref, e]))
  for (const row of contributed) {
    const entry = byContribution.get(`contribution:${row.id}`)
    if (!entry || entry.amount !== row.amount)
      problems.push(`contribution ${row.id}: recorded ${row.amount}, the fund got ${entry?.amount ?? 0}`)
  }
  if (contributions.length !== contributed.length)
    problems.push(`the fund got ${contributions.length} contributions, ${contributed.length} are recorded`)
  const fund = {
    fees: sum(into('fee')),
    contributions: sum(contributed),
    recoveries: sum(recovered),
    compensations: sum(paid.map((claim) => ({ amount: claim.amount ?? 0 }))),
    refunds: sum(outOf('refund')),
    balance: 0,
  }
  fund.balance = fund.fees + fund.contributions + fund.recoveries - fund.compensations - fund.refunds
  const stray = entries.filter(
    (e) =>
      (e.creditAccount === account.guaranteeFund && !['fee', 'contribution', 'recovery'].includes(e.kind)) ||
      (e.debitAccount === account.guaranteeFund && !['compensation', 'refund'].includes(e.kind)) ||
      // The platform's capital pays into the fund and nowhere else.
      (e.kind === 'contribution') !== (e.debitAccount === account.capital && e.creditAccount === account.guaranteeFund),
  )
  for (const e of stray) problems.push(`entry ${e.id}: ${e.kind} does not belong in the guarantee fund`)
  return fund
}

/** The balances the postings keep (ledger_balances) are exactly what the entries add up to, account by account. */
async function verifyKeptBalances(
  db: Executor,
  entries: (typeof ledgerEntries.$inferSelect)[],
  problems: string[],
): Promise<void> {
  const summed = new Map<string, { debit: number; credit: number }>()
  const add = (accountName: string, kind: string, side: 'debit' | 'credit', amount: number) => {
    const key = `${accountName} ${kind}`
    const row = summed.get(key) ?? { debit: 0, credit: 0 }
    row[side] += amount
    summed.set(key, row)
  }
  for (const e of entries) {
    add(e.debitAccount, e.kind, 'debit', e.amount)
    add(e.creditAccount, e.kind, 'credit', e.amount)
  }
  const kept = new Map(
    (await db.select().from(ledgerBalances)).map((r) => [
      `${r.account} ${r.kind}`,
      { debit: r.debit, credit: r.credit },
    ]),
  )
  for (const key of new Set([...summed.keys(), ...kept.keys()])) {
    const want = summed.get(key) ?? { debit: 0, credit: 0 }
    const have = kept.get(key) ?? { debit: 0, credit: 0 }
    if (want.debit !== have.debit || want.credit !== have.credit)
      problems.push(
        `kept balance ${key}: debit ${have.debit}, credit ${have.credit}; the entries say ${want.debit}, ${want.credit}`,
      )
  }
}
