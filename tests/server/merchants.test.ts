/**
 * Merchant applications: shanghu's POST /merchant/apply (one pending per user, even under a burst), its
 * standing, and the console's decisions — approval gives the `merchant` role and a message, rejection a
 * reason the user reads and a way to apply again; each decision once, audited.
 */
import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { games, merchantApplicationEvents, merchantApplications, messages, users } from '../../server/db/schema'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App
let call: ReturnType<typeof createCaller>
let service: Person
let reviewer: Person
let gameIds: number[]

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  service = await createPerson(database, ['user', 'service'])
  reviewer = await createPerson(database, ['user', 'reviewer'])
  const rows = await database.db
    .insert(games)
    .values([
      { name: '王者荣耀', initial: 'W', type: 'mobile' },
      { name: '原神', initial: 'Y', type: 'mobile' },
    ])
    .returning({ id: games.id })
  gameIds = rows.map((row) => row.id)
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const application = () => ({
  name: ' 星河工作室 ',
  phone: '13900001111',
  qq: '12345678',
  business: '主营王者荣耀成品号回收，每月约 200 个账号',
  gameIds: [gameIds[1], gameIds[0]],
})
const apply = (person: Person | null, body: object = application()) =>
  call('POST', '/api/merchant/apply', { token: person?.token, body })
const standing = (person: Person) => call('GET', '/api/merchant/application', { token: person.token })
const decide = (id: number, action: 'approve' | 'reject', body: object = {}, staff = service) =>
  call('POST', `/api/admin/merchant-applications/${id}/${action}`, { token: staff.token, body })
const rolesOf = async (person: Person) =>
  (await database.db.select({ roles: users.roles }).from(users).where(eq(users.id, person.id)))[0].roles
const messagesOf = (person: Person) =>
  database.db
    .select({ title: messages.title, content: messages.content })
    .from(messages)
    .where(eq(messages.userId, person.id))

describe('POST /merchant/apply and GET /merchant/application', () => {
  test('an application is stored trimmed, its games named in the order given, the phone masked; its standing says pending', async () => {
    const alice = await createPerson(database)
    expect((await standing(alice)).body.data).toEqual({ merchant: false, application: null })
    const { status, body } = await apply(alice)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      name: '星河工作室',
      phone: '139****1111',
      qq: '12345678',
      games: [
        { id: gameIds[1], name: '原神' },
        { id: gameIds[0], name: '王者荣耀' },
      ],
      status: 'pending',
      reason: '',
      decidedAt: null,
    })
    expect(JSON.stringify(body)).not.toContain('13900001111')
    expect((await standing(alice)).body.data).toEqual({ merchant: false, application: body.data })
    const events = await database.db
      .select({ event: merchantApplicationEvents.event, actorId: merchantApplicationEvents.actorId })
      .from(merchantApplicationEvents)
      .where(eq(merchantApplicationEvents.applicationId, body.data.id))
    expect(events).toEqual([{ event: 'apply', actorId: alice.id }])
  })

  test('one pending application per user, even when five arrive at once', async () => {
    const bob = await createPerson(database)
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(bob)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    expect(answers.find((a) => a.status === 409)!.body.msg).toBe('你已有一份申请在审核中，请耐心等待')
    const rows = await database.db.select().from(merchantApplications).where(eq(merchantApplications.userId, bob.id))
    expect(rows).toHaveLength(1)
  })

  test('bad input is 400 in Chinese, naming the field, and nothing is stored', async () => {
    const carol = await createPerson(database)
    const cases: [object, string, string][] = [
      [{ name: '  星 ' }, 'name', '称呼或公司名至少 2 个字符'],
      [{ phone: '1390000111' }, 'phone', '手机号'],
      [{ qq: '0123' }, 'qq', 'QQ'],
      [{ business: '回收账号' }, 'business', '合作内容至少 10 个字符'],
      [{ business: ` ${' '.repeat(12)} ` }, 'business', '合作内容不能为空'],
      [{ gameIds: [] }, 'gameIds', '经营的游戏'],
      [{ gameIds: [gameIds[0], gameIds[0]] }, 'gameIds', '经营的游戏'],
      [{ gameIds: [gameIds[0], 999_999] }, 'gameIds', '游戏不存在：999999'],
    ]
    for (const [change, field, message] of cases) {
      const { status, body } = await apply(carol, { ...application(), ...change })
      expect([JSON.stringify(change), status]).toEqual([JSON.stringify(change), 400])
      expect(body.msg).toContain(message)
      expect(body.data.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect(
      await database.db.select().from(merchantApplications).where(eq(merchantApplications.userId, carol.id)),
    ).toEqual([])
  })

  test('signed out is 401', async () => {
    expect((await apply(null)).status).toBe(401)
    expect((await call('GET', '/api/merchant/application')).status).toBe(401)
  })
})

describe('the console decides', () => {
  test('approval: the user becomes a merchant, is told, the decision is audited and cannot be taken twice', async () => {
    const dave = await createPerson(database)
    const { id } = (await apply(dave)).body.data
    const listed = await call('GET', '/api/admin/merchant-applications', {
      token: service.token,
      query: { status: 'pending' },
    })
    expect(listed.body.rows!.find((row) => row.id === id)).toMatchObject({
      userId: dave.id,
      phone: '139****1111',
      status: 'pending',
      earlierRejections: 0,
      decidedBy: null,
      actions: ['approve', 'reject'],
    })

    // Two desks press 通过 at once: one decision.
    const [first, second] = await Promise.all([decide(id, 'approve'), decide(id, 'approve')])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const approved = first.status === 200 ? first : second
    expect(approved.body.data).toMatchObject({ status: 'approved', actions: [] })
    expect(approved.body.data.decidedBy).toEqual(expect.any(String))
    expect(await rolesOf(dave)).toEqual(['user', 'merchant'])
    expect(await messagesOf(dave)).toEqual([expect.objectContaining({ title: '号商入驻申请已通过' })])
    expect(await auditActions(database, 'merchant_application', id)).toEqual(['merchant.approve'])
    expect((await decide(id, 'reject', { reason: '资料不全' })).body.msg).toBe('该申请已处理，请刷新')

    // A merchant does not apply again.
    expect(await apply(dave)).toMatchObject({ status: 409, body: { msg: '你已是认证号商，无需再次申请' } })
    expect((await standing(dave)).body.data).toMatchObject({ merchant: true, application: { status: 'approved' } })
  })

  test('rejection: the reason reaches the user, who may apply again; the next one shows the earlier rejection', async () => {
    const erin = await createPerson(database)
    const { id } = (await apply(erin)).body.data
    expect((await decide(id, 'reject', { reason: ' ' })).status).toBe(400)
    const rejected = await decide(id, 'reject', { reason: '请补充过往交易记录' })
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '请补充过往交易记录' })
    expect(await rolesOf(erin)).toEqual(['user'])
    expect(await messagesOf(erin)).toEqual([
      { title: '号商入驻申请未通过', content: expect.stringContaining('原因：请补充过往交易记录') },
    ])
    expect(await auditActions(database, 'merchant_application', id)).toEqual(['merchant.reject'])

    const again = await apply(erin)
    expect(again.status).toBe(200)
    expect((await standing(erin)).body.data.application.id).toBe(again.body.data.id)
    const detail = await call('GET', `/api/admin/merchant-applications/${again.body.data.id}`, { token: service.token })
    expect(detail.body.data).toMatchObject({ status: 'pending', earlierRejections: 1 })
  })

  test('the queue filters by state and pages, the longest waiting first unless sorted', async () => {
    const list = (query: Record<string, string | number>) =>
      call('GET', '/api/admin/merchant-applications', { token: service.token, query })
    const all = (await list({ pageSize: 200 })).body.rows!
    const times = all.map((row) => Date.parse(row.createdAt))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const newest = (await list({ sort: 'createdAt.desc', pageSize: 1 })).body
    expect(newest.rows![0].id).toBe(all.at(-1)!.id)
    expect(newest.total).toBe(all.length)
    for (const status of ['pending', 'approved', 'rejected']) {
      const rows = (await list({ status })).body.rows!
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.status === status)).toBe(true)
    }
    expect((await call('GET', '/api/admin/merchant-applications/999999', { token: service.token })).status).toBe(404)
  })

  test('a reviewer may not decide (403), and nothing changes', async () => {
    const frank = await createPerson(database)
    const { id } = (await apply(frank)).body.data
    expect((await decide(id, 'approve', {}, reviewer)).status).toBe(403)
    expect(await rolesOf(frank)).toEqual(['user'])
  })
})
