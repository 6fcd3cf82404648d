/**
 * The escrow journal (notes/backend-recipe.md §4.3). Money moves only as transfers between accounts;
 * a transfer debits `from` and credits `to`, and an account's balance is its credits minus its debits.
 *
 *   pay      hold     buyer:<id>          → escrow              each confirmed payment
 *   complete settle   escrow              → seller_frozen:<id>  the goods amount (自营: platform:sales)
 *            fee      escrow              → guarantee_fund      the guarantee fee (包赔), which pays the claims
 *            fee      escrow              → platform:fee        the service fee
 *   payout   release  seller_frozen:<id>  → seller:<id>         goods − commission, when the transfer succeeds
 *            fee      seller_frozen:<id>  → platform:fee        the commission, in the same transaction
 *   refund   refund   escrow              → buyer:<id>          everything paid
 *   after    refund   seller_frozen:<id>  → buyer:<id>          a refund after completion (自营: platform:sales);
 *   sale              guarantee_fund,     → buyer:<id>          the fees too when it is all (aftersale/service.ts)
 *                     platform:fee
 *   注资     contribution platform:capital → guarantee_fund      the platform's own money, no order (claims/fund.ts)
 *
 * Entries are never changed or deleted; each carries the previous entry's hash, so an edit anywhere
 * breaks the chain from there on. `ref` names the business fact, so posting it twice is a no-op.
 */
import { createHash } from 'node:crypto'
import { desc, sql } from 'drizzle-orm'
import type { Executor } from '../../db'
import { ledgerBalances, ledgerEntries, type LedgerKind } from '../../db/schema'

export interface Transfer {
  ref: string
  /** null only for a contribution to the guarantee fund. */
  orderId: number | null
  kind: LedgerKind
  amount: number
  from: string
  to: string
}

export const GENESIS_HASH = '0'.repeat(64)
// Any fixed number: postings take turns so each sees the previous hash.
const LEDGER_LOCK = 7_246_118

export const account = {
  buyer: (userId: number) => `buyer:${userId}`,
  escrow: 'escrow',
  sellerFrozen: (userId: number) => `seller_frozen:${userId}`,
  seller: (userId: number) => `seller:${userId}`,
  fee: 'platform:fee',
  sales: 'platform:sales',
  guaranteeFund: 'guarantee_fund',
  /** Where the platform's contributions to the fund come from: its own money, outside the escrow. */
  capital: 'platform:capital',
}

export function entryHash(prevHash: string, entry: Omit<Transfer, 'from' | 'to'> & { debit: string; credit: string }) {
  const canonical = [prevHash, entry.ref, entry.orderId, entry.kind, entry.amount, entry.debit, entry.credit].join('|')
  return createHash('sha256').update(canonical, 'utf8').digest('hex')
}

/** Appends the transfers that are not there yet; call inside the transaction that made them true. */
export async function post(tx: Executor, transfers: Transfer[]): Promise<void> {
  const due = transfers.filter((t) => t.amount > 0)
  if (due.length === 0) return
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`)
  const [last] = await tx
    .select({ hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.id))
    .limit(1)
  let prevHash = last?.hash ?? GENESIS_HASH
  const posted: Transfer[] = []
  for (const t of due) {
    const hash = entryHash(prevHash, { ...t, debit: t.from, credit: t.to })
    const inserted = await tx
      .insert(ledgerEntries)
      .values({
        ref: t.ref,
        orderId: t.orderId,
        kind: t.kind,
        amount: t.amount,
        debitAccount: t.from,
        creditAccount: t.to,
        prevHash,
        hash,
      })
      .onConflictDoNothing({ target: ledgerEntries.ref })
      .returning({ id: ledgerEntries.id })
    if (inserted.length > 0) {
      prevHash = hash
      posted.push(t)
    }
  }
  await addToBalances(tx, posted)
}

/** The balances (ledger_balances) moved by what was just posted: one statement, each (account, kind) once. */
async function addToBalances(tx: Executor, transfers: Transfer[]): Promise<void> {
  const moves = new Map<string, { account: string; kind: LedgerKind; debit: number; credit: number }>()
  const move = (accountName: string, kind: LedgerKind, side: 'debit' | 'credit', amount: number) => {
    const key = `${accountName}|${kind}`
    const row = moves.get(key) ?? { account: accountName, kind, debit: 0, credit: 0 }
    row[side] += amount
    moves.set(key, row)
  }
  for (const t of transfers) {
    move(t.from, t.kind, 'debit', t.amount)
    move(t.to, t.kind, 'credit', t.amount)
  }
  if (moves.size === 0) return
  await tx
    .insert(ledgerBalances)
    .values([...moves.values()])
    .onConflictDoUpdate({
      target: [ledgerBalances.account, ledgerBalances.kind],
      set: {
        debit: sql`${ledgerBalances.debit} + excluded.debit`,
        credit: sql`${ledgerBalances.credit} + excluded.credit`,
      },
    })
}
