import { eq } from 'drizzle-orm'
import type { Database } from '../../server/db'
import { auditLog, users } from '../../server/db/schema'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

/** 用户 at the console: finding people, one person's record, disabling and enabling, and staff roles. */
let database: Database
let app: ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let admin: Person
let service: Person
let alice: Person

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  call = createCaller(app)
  admin = await createPerson(database, ['user', 'admin'])
  service = await createPerson(database, ['user', 'service'])
  alice = await createPerson(database)
  await database.db
    .update(users)
    .set({ nickName: '爱丽丝', realNameStatus: 'verified', realName: '张三丰' })
    .where(eq(users.id, alice.id))
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const phoneOf = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0].phone!

test('finds people by name, phone or number, by role; phones masked, no ID number anywhere', async () => {
  const phone = await phoneOf(alice.id)
  for (const keyword of ['爱丽', phone, String(alice.id)]) {
    const { body } = await call('GET', '/api/admin/users', { token: service.token, query: { keyword } })
    expect(body.rows!.map((row) => row.id)).toContain(alice.id)
    expect(JSON.stringify(body)).not.toContain(phone)
  }
  const staff = await call('GET', '/api/admin/users', { token: service.token, query: { role: 'service' } })
  expect(staff.body.rows!.map((row) => row.id)).toEqual([service.id])
  const sorted = await call('GET', '/api/admin/users', { token: service.token, query: { sort: 'createdAt.asc' } })
  const ids = sorted.body.rows!.map((row) => row.id)
  expect(ids).toEqual([...ids].sort((a, b) => a - b))

  const { body, text } = await call('GET', `/api/admin/users/${alice.id}`, { token: service.token })
  expect(body.data).toMatchObject({
    id: alice.id,
    nickName: '爱丽丝',
    phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
    realNameStatus: 'verified',
    realName: '张**',
    orders: 0,
    listings: 0,
    sold: 0,
    sessions: [expect.objectContaining({ staff: false, ip: '127.0.0.1', userAgent: 'jest' })],
  })
  expect(text).not.toContain('张三丰')
  expect(await call('GET', '/api/admin/users/999999', { token: service.token })).toMatchObject({
    status: 404,
    body: { msg: '用户不存在' },
  })
})

test('disabling stops the person’s sessions at once; enabling needs a reason too; both audited', async () => {
  const bob = await createPerson(database)
  expect((await call('GET', '/api/system/user/profile', { token: bob.token })).status).toBe(200)
  const state = (action: string, reason: string, person = service) =>
    call('POST', `/api/admin/users/${bob.id}/${action}`, { token: person.token, body: { reason } })
  expect(await state('disable', '  ')).toMatchObject({ status: 400, body: { msg: '请填写原因' } })
  const disabled = await state('disable', '涉嫌诈骗，暂停使用')
  expect(disabled.body.data).toMatchObject({ disabled: true })
  expect((await call('GET', '/api/system/user/profile', { token: bob.token })).status).toBe(401)
  expect(await state('disable', '再来一次')).toMatchObject({ status: 409, body: { msg: '该账号已是停用状态' } })
  expect((await state('enable', '核实完毕，恢复使用')).body.data).toMatchObject({ disabled: false })
  expect(await auditActions(database, 'user', bob.id)).toEqual(['user.disable', 'user.enable'])
  const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.disable'))
  expect(row).toMatchObject({ actorId: service.id, detail: { reason: '涉嫌诈骗，暂停使用' } })

  // Staff accounts are an admin's to disable, and nobody disables themselves.
  const editor = await createPerson(database, ['user', 'editor'])
  const byService = await call('POST', `/api/admin/users/${editor.id}/disable`, {
    token: service.token,
    body: { reason: 'x' },
  })
  expect(byService).toMatchObject({ status: 403, body: { msg: '员工账号只能由管理员停用或启用' } })
  const self = await call('POST', `/api/admin/users/${admin.id}/disable`, { token: admin.token, body: { reason: 'x' } })
  expect(self).toMatchObject({ status: 400, body: { msg: '不能停用或启用自己的账号' } })
  const byAdmin = await call('POST', `/api/admin/users/${editor.id}/disable`, {
    token: admin.token,
    body: { reason: '离职' },
  })
  expect(byAdmin.body.data.disabled).toBe(true)
})

test('admins set staff roles: other roles stay, the change is audited, none left ends the console sessions', async () => {
  const carol = await createPerson(database, ['user', 'merchant', 'reviewer'])
  const roles = (body: object, person = admin, id = carol.id) =>
    call('PUT', `/api/admin/users/${id}/roles`, { token: person.token, body })
  expect((await roles({ roles: ['finance'] }, service)).status).toBe(403)
  const changed = await roles({ roles: ['finance', 'reviewer'] })
  expect(changed.body.data.roles).toEqual(['user', 'merchant', 'reviewer', 'finance'])
  expect((await call('GET', '/api/admin/payouts', { token: carol.token })).status).toBe(200)

  const none = await roles({ roles: [] })
  expect(none.body.data.roles).toEqual(['user', 'merchant'])
  expect((await call('GET', '/api/admin/me', { token: carol.token })).status).toBe(401)
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.roles'))
  expect(rows.map((row) => row.detail)).toEqual([
    { before: ['reviewer'], after: ['reviewer', 'finance'] },
    { before: ['reviewer', 'finance'], after: [] },
  ])
  expect(await roles({ roles: ['reviewer'] }, admin, admin.id)).toMatchObject({
    status: 400,
    body: { msg: '不能移除自己的管理员角色' },
  })
  expect(await roles({ roles: ['owner'] })).toMatchObject({ status: 400 })
})
