import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import {
  NOTICE_TYPES,
  type BannerKind,
  type BlacklistRecord,
  type BlacklistSubjectKind,
  type EscrowDetails,
  type NoticeType,
  type ProblemStatus,
  type ProblemType,
  type ServiceContactKind,
  type SocialPlatform,
} from '../../../src/contract/content'
import { games } from './catalogue'
import { users } from './users'

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)

export type NoticeStatus = 'published' | 'hidden'

/** Articles by type code (DOMAIN.md); `content` is HTML sanitized on write, `summary` its plain-text opening. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').$type<NoticeType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    summary: text('summary').notNull().default(''),
    coverImage: text('cover_image').notNull().default(''),
    status: text('status').$type<NoticeStatus>().notNull().default('published'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notices_type_check', sql`${t.type} in ${inList(Object.keys(NOTICE_TYPES))}`),
    check('notices_status_check', sql`${t.status} in ('published', 'hidden')`),
    index('notices_type_order_idx')
      .on(t.type, t.sort, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
    index('notices_order_idx')
      .on(t.sort, t.createdAt.desc(), t.id.desc())
      .where(sql`status = 'published'`),
  ],
)

/** Home carousel pictures (`banner`) and the anchors strip (`anchor`, 主播). */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<BannerKind>().notNull(),
    image: text('image').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [check('banners_kind_check', sql`${t.kind} in ('banner', 'anchor')`), index('banners_kind_idx').on(t.kind)],
)

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    name: text('name').notNull(),
    fans: integer('fans').notNull().default(0),
    account: text('account').notNull(),
    avatar: text('avatar').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [check('social_accounts_platform_check', sql`${t.platform} in ('douyin', 'kuaishou')`)],
)

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

export type StoredEscrow = EscrowDetails & { gameName: string }

/** Feedback (fankui, suggest), merchant applications (shanghu) and escrow requests (security). */
export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ProblemType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'`),
    phone: text('phone').notNull().default(''),
    qq: text('qq').notNull().default(''),
    /** Only for type `escrow`; the game's name is kept as it was when the request was made. */
    escrow: jsonb('escrow').$type<StoredEscrow>(),
    status: text('status').$type<ProblemStatus>().notNull().default('open'),
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('problems_type_check', sql`${t.type} in ('suggestion', 'problem', 'complaint', 'merchant', 'escrow')`),
    check('problems_status_check', sql`${t.status} in ('open', 'replied', 'closed')`),
    check('problems_escrow_check', sql`(${t.type} = 'escrow') = (${t.escrow} is not null)`),
    index('problems_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('problems_open_idx')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
  ],
)
