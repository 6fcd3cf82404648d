/** GET /admin/ledger/verify: the proof of the escrow journal, as `npm run ledger:verify` prints it. */
import { Type, type Static } from 'typebox'

export const LedgerReport = Type.Object({
  ok: Type.Boolean(),
  entries: Type.Integer(),
  /** Every account's balance (fen), by account name. */
  balances: Type.Record(Type.String(), Type.Integer()),
  /** What the escrow holds in all (fen). */
  escrow: Type.Integer(),
  problems: Type.Array(Type.String()),
})
export type LedgerReport = Static<typeof LedgerReport>
