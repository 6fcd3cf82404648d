/** Operators read and change the settings: bounds per key, staff only, every change audited. */
import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { auditLog } from '../../server/db/schema'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App
let call: ReturnType<typeof createCaller>
let operator: Person

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  operator = await createPerson(database, ['user', 'admin'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

test('staff read the settings with their defaults; others may not', async () => {
  const user = await createPerson(database)
  expect((await call('GET', '/api/admin/settings')).status).toBe(401)
  expect((await call('GET', '/api/admin/settings', { token: user.token })).status).toBe(403)
  const { body } = await call('GET', '/api/admin/settings', { token: operator.token })
  expect(body.data).toMatchObject({
    serviceFee: 800,
    sellerCommission: { rateBps: 500, min: 5000 },
    payoutProtectionDays: 7,
    autoHandOver: false,
    autoApprove: false,
  })
})

test('the console’s form comes from the schema the server checks against: every key, its name, unit and bounds', async () => {
  const { body } = await call('GET', '/api/admin/settings/schema', { token: operator.token })
  const values = await call('GET', '/api/admin/settings', { token: operator.token })
  const schema = body.data as { properties: Record<string, { title: string; properties?: object }> }
  expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(values.body.data).sort())
  for (const field of Object.values(schema.properties)) expect(field.title).toMatch(/\p{Script=Han}/u)
  expect(schema.properties.serviceFee).toMatchObject({ minimum: 0, maximum: 1_000_000, description: '分' })
  expect(schema.properties.sellerCommission.properties).toMatchObject({
    rateBps: { minimum: 0, maximum: 10_000, description: '基点' },
    min: { description: '分' },
  })
  expect(schema.properties.unpaidOrderTimeoutMinutes).toMatchObject({ minimum: 5, maximum: 1440 })
  expect(
    (
      await call('GET', '/api/admin/settings/schema', {
        token: (await createPerson(database, ['user', 'editor'])).token,
      })
    ).status,
  ).toBe(403)
})

test('a partial change writes only its keys, with one audit row of old and new values', async () => {
  const put = (body: object) => call('PUT', '/api/admin/settings', { token: operator.token, body })
  const changed = await put({ payoutProtectionDays: 0, autoApprove: true, serviceFee: 800 })
  expect(changed.body.data).toMatchObject({ payoutProtectionDays: 0, autoApprove: true, serviceFee: 800 })
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))
  expect(rows).toMatchObject([
    {
      actorId: operator.id,
      detail: { payoutProtectionDays: { from: 7, to: 0 }, autoApprove: { from: false, to: true } },
    },
  ])
  await put({ payoutProtectionDays: 7, autoApprove: false })

  // 审计日志: newest first, with who did it; filters by action and actor; nothing edits it.
  const log = await call('GET', '/api/admin/audit-log', { token: operator.token, query: { action: 'settings.update' } })
  expect(log.body.total).toBe(2)
  expect(log.body.rows![1]).toMatchObject({
    actorId: operator.id,
    action: 'settings.update',
    subjectType: 'settings',
    subjectId: null,
    detail: { payoutProtectionDays: { from: 7, to: 0 } },
    ip: expect.any(String),
    createdAt: expect.stringMatching(/Z$/),
  })
  expect(log.body.rows![0].detail).toMatchObject({ payoutProtectionDays: { from: 0, to: 7 } })
  const nobody = await call('GET', '/api/admin/audit-log', { token: operator.token, query: { actor: 'nobody' } })
  expect(nobody.body).toMatchObject({ rows: [], total: 0 })
  // The filters take the declared actions and subjects only: a misspelt one is refused, not an empty page.
  const misspelt: Record<string, string>[] = [{ action: 'settings.delete' }, { subjectType: 'setting' }]
  for (const query of misspelt) {
    const refused = await call('GET', '/api/admin/audit-log', { token: operator.token, query })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toMatch(/^(操作|对象类型)/)
  }
  await expect(database.db.delete(auditLog)).rejects.toThrow()
})

test.each([
  [{ payoutProtectionDays: 61 }, '打款保护期（天）'],
  [{ unpaidOrderTimeoutMinutes: 1 }, '未支付订单超时（分钟）'],
  [{ sellerCommission: { rateBps: 20_000, min: 5000 } }, '卖家佣金费率'],
  [{ autoApprove: 'yes' }, '商品免审核上架'],
  [{ pageSize: 10 }, '不支持的字段'],
  [{}, '请求体至少填写 1 项'],
])('refuses %j, naming the setting', async (patch, name) => {
  const { status, body } = await call('PUT', '/api/admin/settings', { token: operator.token, body: patch })
  expect(status).toBe(400)
  expect(body.msg).toContain(name)
})
