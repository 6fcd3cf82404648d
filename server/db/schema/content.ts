import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { NOTICE_TYPES } from '../../../src/contract/constants'
import { type BannerKind, type NoticeStatus, type NoticeType, type SocialPlatform } from '../../../src/contract/content'

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)

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
