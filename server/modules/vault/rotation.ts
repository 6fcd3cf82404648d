/**
 * Rotating the vault's key-encryption key (DEPLOY.md): once VAULT_KEYS names a new active key, every envelope
 * in the database is re-wrapped under it — only its wrapped data key changes — so the old key can be retired.
 * Runs beside live servers: each row is written only if it still holds what was read (a row sealed meanwhile
 * is under the active key already).
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db'
import type { Vault } from '../../lib/vault'
import { credentialsAad, payoutAad } from '../catalogue/credentials'
import { payeeAad } from '../claims/service'
import { totpAad } from '../staff/service'
import { idNumberAad } from '../user/service'

/** Every sealed column: its table, the row's key, the column the AAD is made from, and the AAD. */
const SEALED = [
  { table: 'goods_credentials', key: 'goods_id', by: 'goods_id', column: 'sealed', aad: credentialsAad },
  { table: 'goods', key: 'id', by: 'id', column: 'payout_sealed', aad: payoutAad },
  { table: 'claims', key: 'id', by: 'order_id', column: 'payee_sealed', aad: payeeAad },
  { table: 'users', key: 'id', by: 'id', column: 'id_number_sealed', aad: idNumberAad },
  { table: 'users', key: 'id', by: 'id', column: 'totp_sealed', aad: totpAad },
] as const

const BATCH = 500

export interface RewrapReport {
  /** `table.column` → envelopes re-wrapped now, and envelopes found under the active key already. */
  columns: Record<string, { rewrapped: number; current: number }>
}

export async function rewrapAll(db: Executor, vault: Vault): Promise<RewrapReport> {
  const columns: RewrapReport['columns'] = {}
  for (const { table, key, by, column, aad } of SEALED) {
    const counts = { rewrapped: 0, current: 0 }
    for (let after = 0; ;) {
      const { rows } = await db.execute<{ key: number; by: number; sealed: string }>(
        sql`select ${sql.identifier(key)} as key, ${sql.identifier(by)} as by, ${sql.identifier(column)} as sealed
              from ${sql.identifier(table)}
             where ${sql.identifier(key)} > ${after} and coalesce(${sql.identifier(column)}, '') <> ''
             order by ${sql.identifier(key)} limit ${BATCH}`,
      )
      for (const row of rows) {
        if (vault.kidOf(row.sealed) === vault.activeKid) {
          counts.current += 1
          continue
        }
        const rewrapped = vault.rewrap(row.sealed, aad(Number(row.by)))
        await db.execute(
          sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${rewrapped}
               where ${sql.identifier(key)} = ${row.key} and ${sql.identifier(column)} = ${row.sealed}`,
        )
        counts.rewrapped += 1
      }
      if (rows.length < BATCH) break
      after = Number(rows[rows.length - 1].key)
    }
    columns[`${table}.${column}`] = counts
  }
  return { columns }
}
