/** GET /admin/ledger/verify: the proof of the escrow journal, as `npm run ledger:verify` prints it. */
import { Type, type Static } from 'typebox'

/**
 * The guarantee fund (包赔基金): the guarantee fees paid in, the platform's contributions, recovered from sellers,
 * paid out on claims and refunded after sale (fen); `balance` = fees + contributions + recoveries − compensations −
 * refunds. The proof computes them from the entries and the claims; the claims desk reads them kept.
 */
export const FundFigures = Type.Object({
  fees: Type.Integer(),
  contributions: Type.Integer(),
  recoveries: Type.Integer(),
  compensations: Type.Integer(),
  refunds: Type.Integer(),
  balance: Type.Integer(),
})
export type FundFigures = Static<typeof FundFigures>

export const LedgerReport = Type.Object({
  ok: Type.Boolean(),
  entries: Type.Integer(),
  /** Every account's balance (fen), by account name. */
  balances: Type.Record(Type.String(), Type.Integer()),
  /** What the escrow holds in all (fen). */
  escrow: Type.Integer(),
  /** The fund as the claims and contributions themselves say. */
  fund: FundFigures,
  problems: Type.Array(Type.String()),
})
export type LedgerReport = Static<typeof LedgerReport>
