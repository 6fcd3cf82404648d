import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { BlacklistRecord, BlacklistSubjectKind, ServiceContactKind } from '../../../src/contract/trust'
import { games } from './catalogue'
import { users } from './user'

/**
 * Our staff accounts, public on purpose (the contact sheet lists them). `qq`, `weixin` and `phone` are
 * stored normalized (service/normalize.ts), so 客服验证 is an exact match on an index.
 */
export const serviceContacts = pgTable(
  'service_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ServiceContactKind>().notNull(),
    name: text('name').notNull(),
    qq: text('qq').notNull().default(''),
    weixin: text('weixin').notNull().default(''),
    phone: text('phone').notNull().default(''),
    qrImage: text('qr_image').notNull().default(''),
    workHours: text('work_hours').notNull().default(''),
    /** Empty = every game. */
    gameIds: integer('game_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('service_contacts_kind_check', sql`${t.kind} in ('buyer', 'seller', 'consign', 'guarantee', 'recycle')`),
    index('service_contacts_qq_idx')
      .on(t.qq)
      .where(sql`qq <> ''`),
    index('service_contacts_weixin_idx')
      .on(t.weixin)
      .where(sql`weixin <> ''`),
    index('service_contacts_phone_idx')
      .on(t.phone)
      .where(sql`phone <> ''`),
  ],
)

export const qqGroups = pgTable(
  'qq_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    number: text('number').notNull(),
    /** null = the platform's general group. */
    gameId: integer('game_id').references(() => games.id, { onDelete: 'cascade' }),
    full: boolean('full').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('qq_groups_game_idx').on(t.gameId)],
)

/**
 * Accounts, QQ numbers, WeChat ids, phones and ID numbers reported for 找回 or fraud. The subject itself
 * is never stored: `subjectHash` = HMAC-SHA256 of `kind:normalized subject` under the lookup key, so a
 * lookup finds exactly the records of the value asked about, and the table reveals nothing on its own.
 */
export const blacklistRecords = pgTable(
  'blacklist_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text('subject_kind').$type<BlacklistSubjectKind>().notNull(),
    subjectHash: text('subject_hash').notNull(),
    maskedSubject: text('masked_subject').notNull(),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    reason: text('reason').$type<BlacklistRecord['reason']>().notNull(),
    evidence: text('evidence').notNull().default(''),
    /** Where the report came from (a case number, 用户举报, 客服核实…); operators only. */
    source: text('source').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'blacklist_records_kind_check',
      sql`${t.subjectKind} in ('game_account', 'qq', 'weixin', 'phone', 'id_number')`,
    ),
    check('blacklist_records_reason_check', sql`${t.reason} in ('retrieval', 'fraud', 'chargeback', 'other')`),
    check('blacklist_records_hash_check', sql`${t.subjectHash} ~ '^[0-9a-f]{64}$'`),
    index('blacklist_records_hash_idx').on(t.subjectHash),
  ],
)
