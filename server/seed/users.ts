/**
 * Demo accounts for a laptop (`npm start` without NODE_ENV=production): the staff, a buyer, a seller, a
 * merchant and an account about to be deleted, so a newcomer can sign in at once. The users are created once
 * (a changed password is left alone). The staff account's password is set at every start: the known one on
 * loopback, a random one when local mode was put on the network on purpose (LOCAL_MODE_ON_NETWORK), where
 * anyone who can reach the port would otherwise walk into the console with a password printed in the README.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { hashPassword } from '../lib/passwords'
import type { Executor } from '../db'
import { users, type Role } from '../db/schema'
import type { Vault } from '../lib/vault'
import { enrolDemoStaff } from '../modules/staff/service'
import { sealedIdNumber } from '../modules/user/service'

export interface DemoAccount {
  username: string
  password: string
  phone: string
  nickName: string
  roles: Role[]
  /**
   * Verified, as the real-name check would leave them (listing, recycling and renting need a real name): the
   * name, and an ID number that passes the check digit, sealed and hashed like a verified one.
   */
  realName?: string
  idNumber?: string
  /** Staff: the TOTP secret of their authenticator (printed at start). */
  totpSecret?: string
}

/** One console account per staff role (and `operator`, an admin since the console has roles). */
const DEMO_STAFF: DemoAccount[] = (
  [
    ['operator', '13800000000', '号安心客服', 'admin'],
    ['admin', '13800000010', '演示管理员', 'admin'],
    ['reviewer', '13800000011', '演示审核', 'reviewer'],
    ['service', '13800000012', '演示客服', 'service'],
    ['editor', '13800000013', '演示编辑', 'editor'],
    ['finance', '13800000014', '演示财务', 'finance'],
  ] as const
).map(([username, phone, nickName, role]) => ({
  username,
  password: `${username}2026`,
  phone,
  nickName,
  roles: ['user', role],
}))

export const DEMO_USERS: DemoAccount[] = [
  ...DEMO_STAFF,
  // Real-named, as renting (租号) asks of both sides.
  {
    username: 'buyer',
    password: 'buyer2026',
    phone: '13800000001',
    nickName: '演示买家',
    roles: ['user'],
    realName: '王小明',
    idNumber: '110105199003070017',
  },
  {
    username: 'seller',
    password: 'seller2026',
    phone: '13800000002',
    nickName: '演示卖家',
    roles: ['user'],
    realName: '李明',
    idNumber: '310104198806150033',
  },
  // A merchant (号商): the role comes from an approved application (seed/merchants.ts), as for anyone.
  {
    username: 'merchant',
    password: 'merchant2026',
    phone: '13800000003',
    nickName: '演示号商',
    roles: ['user'],
    realName: '赵强',
    idNumber: '440305199211200055',
  },
  // In the cooling-off period of a 注销 it asked for (seed/deletion.ts).
  {
    username: 'leaver',
    password: 'leaver2026',
    phone: '13800000004',
    nickName: '演示注销中',
    roles: ['user'],
  },
]

export const demoPhone = (username: string): string => DEMO_USERS.find((u) => u.username === username)!.phone

/** Where the demo seller's money goes: an Alipay login in their verified name (the local gateway pays it). */
export const DEMO_SELLER_PAYOUT = { alipayAccount: '13800000002', name: '李明' }

/** The ids of these demo accounts, in order; null when one is missing (a catalogue seeded without them). */
export async function demoUserIds(db: Executor, usernames: string[]): Promise<number[] | null> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames))
  const ids = usernames.map((name) => people.find((p) => p.username === name)?.id)
  return ids.every((id) => id !== undefined) ? (ids as number[]) : null
}

const isStaff = (account: DemoAccount) => account.roles.some((role) => role !== 'user' && role !== 'merchant')

/** Returns the accounts with the passwords they have now, and the staff's TOTP secrets. */
export async function seedDemoUsers(
  db: Executor,
  keys: { vault: Vault; lookupKey: Buffer },
  options: { randomStaffPasswords: boolean },
): Promise<DemoAccount[]> {
  const seeded: DemoAccount[] = []
  for (const demo of DEMO_USERS) {
    const staff = isStaff(demo)
    const password = staff && options.randomStaffPasswords ? randomBytes(12).toString('base64url') : demo.password
    const { password: _, idNumber, ...fields } = demo
    const passwordHash = await hashPassword(password)
    await db
      .insert(users)
      .values({ ...fields, passwordHash, ...(demo.realName ? { realNameStatus: 'verified' as const } : {}) })
      .onConflictDoNothing()
    // Sealed once the row has its id (the seal is bound to it); a demo account an older start verified
    // without its number gets it here.
    if (idNumber) {
      const [person] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.username, demo.username), eq(users.realNameStatus, 'verified'), isNull(users.idNumberSealed)),
        )
      if (person)
        await db
          .update(users)
          .set(sealedIdNumber(keys, person.id, idNumber))
          .where(eq(users.id, person.id))
    }
    if (!staff) {
      seeded.push({ ...demo, password })
      continue
    }
    // The roles too: a staff account is what this list says, whatever an older database made of it.
    const [row] = await db
      .update(users)
      .set({ passwordHash, roles: demo.roles })
      .where(eq(users.username, demo.username))
      .returning({ id: users.id })
    seeded.push({ ...demo, password, totpSecret: await enrolDemoStaff(db, keys.vault, row.id) })
  }
  return seeded
}

export function demoAccountsText(accounts: DemoAccount[]): string {
  const line = (demo: DemoAccount) => `  ${demo.nickName}：${demo.username} / ${demo.password}`
  const people = accounts.filter((demo) => !demo.totpSecret).map((demo) => `${line(demo)}（手机 ${demo.phone}）`)
  const staff = accounts.filter((demo) => demo.totpSecret).map((demo) => `${line(demo)}  TOTP 密钥 ${demo.totpSecret}`)
  return [
    '演示账号（仅本地模式）：',
    ...people,
    '员工账号（POST /api/admin/login；动态验证码：把密钥加入身份验证器，或 GET /dev/totp/用户名）：',
    ...staff,
  ].join('\n')
}
