import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { StaffRole } from '../../../src/contract/staff'

export type Role = 'user' | 'merchant' | StaffRole
export type RealNameStatus = 'none' | 'verified'

/**
 * People who sign in. Secrets never leave the server: `passwordHash` is an argon2id PHC string,
 * `idNumberSealed` a vault envelope (AAD `users:<id>:idNumber`); the API shows the ID number masked.
 * `idNumberHash` is its keyed hash (LOOKUP_HASH_KEY), so the accounts one ID number verified can be
 * counted without opening any envelope. Staff have a TOTP secret, sealed too (AAD `users:<id>:totp`):
 * `totpEnrolledAt` is set once its first code was right, and `totpLastStep` is the 30 s step of the last
 * code accepted, so no code works twice.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    nickName: text('nick_name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    sex: text('sex').$type<'0' | '1' | '2'>().notNull().default('2'),
    qq: text('qq').notNull().default(''),
    weixin: text('weixin').notNull().default(''),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{user}'`),
    realNameStatus: text('real_name_status').$type<RealNameStatus>().notNull().default('none'),
    realName: text('real_name').notNull().default(''),
    idNumberSealed: text('id_number_sealed'),
    idNumberHash: text('id_number_hash'),
    disabled: boolean('disabled').notNull().default(false),
    totpSealed: text('totp_sealed'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    totpLastStep: integer('totp_last_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** 搜索订阅: whether the daily new-listings messages of the user's saved searches are sent (个人中心's switch). */
    searchAlerts: boolean('search_alerts').notNull().default(true),
  },
  (t) => [
    // Case-insensitive: "Alice" and "alice" are one account name.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_id_number_hash_idx').on(t.idNumberHash),
  ],
)

/**
 * Opaque bearer tokens, stored as SHA-256 so a leaked table grants nothing; expiry slides with use. A `staff`
 * session comes from the console's sign-in (password and TOTP) and is the only kind `/api/admin` accepts.
 * A session is kept 180 days after it expires, as a login record (lib/retention.ts), then deleted.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    staff: boolean('staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)
