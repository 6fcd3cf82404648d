/**
 * A listing's secrets, each sealed in the vault under the listing's own AAD: the credentials (account,
 * password, notes, binding facts), opened only by the callers the rules allow and every opening logged;
 * and the seller's payout account, opened only to pay them.
 */
import { eq } from 'drizzle-orm'
import type { AccountCredentials, PayoutAccount } from '../../../src/contract/consignment'
import type { Executor } from '../../db'
import { credentialReveals, goodsCredentials } from '../../db/schema'
import type { Vault } from '../../lib/vault'

export const credentialsAad = (goodsId: number) => `goods:${goodsId}:credentials`
export const payoutAad = (goodsId: number) => `goods:${goodsId}:payout`

/** Stores (or replaces) the listing's credentials. */
export async function storeCredentials(tx: Executor, vault: Vault, goodsId: number, credentials: AccountCredentials) {
  const sealed = vault.seal(JSON.stringify(credentials), credentialsAad(goodsId))
  await tx
    .insert(goodsCredentials)
    .values({ goodsId, sealed })
    .onConflictDoUpdate({ target: goodsCredentials.goodsId, set: { sealed, updatedAt: new Date() } })
}

export interface Reveal {
  userId: number
  role: 'buyer' | 'operator'
  /** The order it is revealed for; null while staff check a listing under review (验号). */
  orderId: number | null
  reason: string
  ip: string
  userAgent: string
}

/** Opens the credentials and logs who read them; null when the seller has not given them yet. */
export async function revealCredentials(
  db: Executor,
  vault: Vault,
  goodsId: number,
  reveal: Reveal,
): Promise<AccountCredentials | null> {
  const [stored] = await db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, goodsId))
  if (!stored) return null
  const credentials = JSON.parse(vault.open(stored.sealed, credentialsAad(goodsId))) as AccountCredentials
  await db.insert(credentialReveals).values({ ...reveal, goodsId, userAgent: reveal.userAgent.slice(0, 300) })
  return credentials
}

export const sealPayout = (vault: Vault, goodsId: number, payout: PayoutAccount) =>
  vault.seal(JSON.stringify(payout), payoutAad(goodsId))

export const openPayout = (vault: Vault, goodsId: number, sealed: string) =>
  JSON.parse(vault.open(sealed, payoutAad(goodsId))) as PayoutAccount
