/**
 * Demo accounts for a laptop (`npm start` without NODE_ENV=production): an operator, a buyer and a
 * seller, so a newcomer can sign in at once. Created once; a changed password is left alone.
 */
import { hashPassword } from '../../lib/passwords'
import type { Executor } from '..'
import { users, type Role } from '../schema'

export const DEMO_USERS: { username: string; password: string; phone: string; nickName: string; roles: Role[] }[] = [
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
  },
]

export async function seedDemoUsers(db: Executor): Promise<void> {
  for (const demo of DEMO_USERS) {
    const { password, ...fields } = demo
    await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
  }
}

export function demoAccountsText(): string {
  const lines = DEMO_USERS.map(
    (demo) => `  ${demo.nickName}：${demo.username} / ${demo.password}（手机 ${demo.phone}）`,
  )
  return ['演示账号（仅本地模式）：', ...lines].join('\n')
}
