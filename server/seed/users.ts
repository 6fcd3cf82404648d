/**
 * Demo accounts for a laptop (`npm start` without NODE_ENV=production): an operator, a buyer and a
 * seller, so a newcomer can sign in at once. Buyer and seller are created once (a changed password is
 * left alone). The staff account's password is set at every start: the known one on loopback, a random
 * one when local mode was put on the network on purpose (LOCAL_MODE_ON_NETWORK), where anyone who can
 * reach the port would otherwise walk into the console with a password printed in the README.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../lib/passwords'
import type { Executor } from '../db'
import { users, type Role } from '../db/schema'

export interface DemoAccount {
  username: string
  password: string
  phone: string
  nickName: string
  roles: Role[]
  /** Verified (the demo seller: listing needs a real name). */
  realName?: string
}

export const DEMO_USERS: DemoAccount[] = [
  {
    username: 'operator',
    password: 'operator2026',
    phone: '13800000000',
    nickName: '号安心客服',
    roles: ['user', 'operator'],
  },
  { username: 'buyer', password: 'buyer2026', phone: '13800000001', nickName: '演示买家', roles: ['user'] },
  {
    username: 'seller',
    password: 'seller2026',
    phone: '13800000002',
    nickName: '演示卖家',
    roles: ['user', 'merchant'],
    realName: '李明',
  },
]

/** Where the demo seller's money goes: an Alipay login in their verified name (the local gateway pays it). */
export const DEMO_SELLER_PAYOUT = { alipayAccount: '13800000002', name: '李明' }

const isStaff = (account: DemoAccount) => account.roles.some((role) => role !== 'user' && role !== 'merchant')

/** Returns the accounts with the passwords they have now. */
export async function seedDemoUsers(db: Executor, options: { randomStaffPasswords: boolean }): Promise<DemoAccount[]> {
  const seeded: DemoAccount[] = []
  for (const demo of DEMO_USERS) {
    const staff = isStaff(demo)
    const password = staff && options.randomStaffPasswords ? randomBytes(12).toString('base64url') : demo.password
    const { password: _, ...fields } = demo
    const passwordHash = await hashPassword(password)
    await db
      .insert(users)
      .values({ ...fields, passwordHash, ...(demo.realName ? { realNameStatus: 'verified' as const } : {}) })
      .onConflictDoNothing()
    if (staff) await db.update(users).set({ passwordHash }).where(eq(users.username, demo.username))
    seeded.push({ ...demo, password })
  }
  return seeded
}

export function demoAccountsText(accounts: DemoAccount[]): string {
  const lines = accounts.map((demo) => `  ${demo.nickName}：${demo.username} / ${demo.password}（手机 ${demo.phone}）`)
  return ['演示账号（仅本地模式）：', ...lines].join('\n')
}
