/**
 * What the process builds once and the HTTP plugins share (main.ts makes the real ones, tests their own).
 * Kept apart from app.ts so a module can name the dependencies it takes without importing the app that
 * imports it; each plugin declares the `Pick` of this it uses and receives only that.
 */
import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config'
import type { Database } from './db'
import type { IdVerifier } from './lib/idVerifier'
import type { KvStore } from './lib/kv'
import type { SmsSender } from './lib/sms'
import type { Vault } from './lib/vault'
import type { PaymentGateways } from './modules/payments/gateway'

export interface AppDeps {
  config: Config
  database: Database
  kv: KvStore
  /** Seals secrets kept in the database (ID numbers, game-account credentials). */
  vault: Vault
  /** The key of the blacklist's keyed hashes (`loadLookupKey`). */
  lookupKey: Buffer
  sms: SmsSender
  idVerifier: IdVerifier
  /** Payment channels: production adapters, or the local gateways (with cashier pages) outside production. */
  payments: PaymentGateways
  /** Fastify logger options; off unless given (tests), main.ts passes a level. */
  logger?: FastifyServerOptions['logger']
}
