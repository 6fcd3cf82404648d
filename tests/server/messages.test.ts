import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { messages } from '../../server/db/schema'
import { notifyUsers } from '../../server/modules/messages/service'
import { createTestApp } from './helpers/app'
import { createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App
let call: ReturnType<typeof createCaller>
let alice: Person
let bob: Person
const aliceIds: number[] = []
let bobMessage: number

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  alice = await createPerson(database)
  bob = await createPerson(database)
  const start = Date.now() - 60 * 60_000
  for (let i = 0; i < 12; i++) {
    const [row] = await database.db
      .insert(messages)
      .values({
        userId: alice.id,
        type: i % 3 === 0 ? 'order_paid' : 'system',
        title: `消息 ${i}`,
        content: `内容 ${i}`,
        relatedType: i % 3 === 0 ? 'order' : null,
        relatedId: i % 3 === 0 ? 100 + i : null,
        // The first four are read already.
        readAt: i < 4 ? new Date(start + i * 60_000 + 1_000) : null,
        createdAt: new Date(start + i * 60_000),
      })
      .returning({ id: messages.id })
    aliceIds.push(row.id)
  }
  const [other] = await database.db
    .insert(messages)
    .values({ userId: bob.id, type: 'system', title: 'Bob 的消息', content: '只有 Bob 能看' })
    .returning({ id: messages.id })
  bobMessage = other.id
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const list = (person: Person, query: Record<string, string | number | boolean> = {}) =>
  call('GET', '/api/need/message/list', { token: person.token, query })

describe('GET /need/message/list', () => {
  test("the caller's own messages, newest first, paged, with the unread count over all pages", async () => {
    const first = await list(alice, { pageNum: 1, pageSize: 5 })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ code: 200, msg: '查询成功', total: 12, data: { unread: 8 } })
    expect(first.body.rows!.map((row) => row.id)).toEqual(aliceIds.slice(-5).reverse())
    expect(first.body.rows![0]).toEqual({
      id: aliceIds[11],
      type: 'system',
      title: '消息 11',
      content: '内容 11',
      relatedType: null,
      relatedId: null,
      readAt: null,
      createdAt: expect.stringMatching(/Z$/),
    })
    expect(first.body.rows!.find((row) => row.id === aliceIds[9])).toMatchObject({
      type: 'order_paid',
      relatedType: 'order',
      relatedId: 109,
    })
    const third = await list(alice, { pageNum: 3, pageSize: 5 })
    expect(third.body.rows!.map((row) => row.id)).toEqual(aliceIds.slice(0, 2).reverse())
    expect((await list(alice)).body.rows).toHaveLength(10)

    const bobs = await list(bob)
    expect(bobs.body).toMatchObject({ total: 1, data: { unread: 1 } })
    expect(bobs.body.rows!.map((row) => row.id)).toEqual([bobMessage])
  })

  test('read=false lists unread only, read=true read only; the unread count stays the whole count', async () => {
    const unread = await list(alice, { read: false, pageSize: 50 })
    expect(unread.body).toMatchObject({ total: 8, data: { unread: 8 } })
    expect(unread.body.rows!.every((row) => row.readAt === null)).toBe(true)
    const read = await list(alice, { read: true, pageSize: 50 })
    expect(read.body).toMatchObject({ total: 4, data: { unread: 8 } })
    expect(read.body.rows!.every((row) => typeof row.readAt === 'string')).toBe(true)
  })

  test('signed out is 401; bad paging or filter is 400 in Chinese', async () => {
    expect(await call('GET', '/api/need/message/list')).toMatchObject({ status: 401, body: { msg: '请先登录' } })
    expect(await list(alice, { read: 'maybe' })).toMatchObject({ status: 400, body: { msg: '已读必须是布尔值' } })
    expect(await list(alice, { pageNum: 0 })).toMatchObject({ status: 400, body: { msg: '页码不能小于 1' } })
    expect(await list(alice, { pageSize: 'x' })).toMatchObject({ status: 400, body: { msg: '每页条数必须是整数' } })
  })
})

describe('GET /need/message/changeRead/{id}', () => {
  test('marks the own message read once; repeating keeps the first time', async () => {
    const id = aliceIds[11]
    const first = await call('GET', `/api/need/message/changeRead/${id}`, { token: alice.token })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ id, readAt: expect.stringMatching(/Z$/) })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await call('GET', `/api/need/message/changeRead/${id}`, { token: alice.token })
    expect(again.body.data.readAt).toBe(first.body.data.readAt)
    expect((await list(alice)).body.data.unread).toBe(7)

    const [alreadyRead] = await database.db.select().from(messages).where(eq(messages.id, aliceIds[0]))
    const kept = await call('GET', `/api/need/message/changeRead/${aliceIds[0]}`, { token: alice.token })
    expect(kept.body.data.readAt).toBe(alreadyRead.readAt!.toISOString())
  })

  test("someone else's message is 404 and stays unread; so is one that does not exist", async () => {
    const foreign = await call('GET', `/api/need/message/changeRead/${bobMessage}`, { token: alice.token })
    expect(foreign).toMatchObject({ status: 404, body: { msg: '消息不存在' } })
    const [row] = await database.db.select().from(messages).where(eq(messages.id, bobMessage))
    expect(row.readAt).toBeNull()
    expect(await call('GET', '/api/need/message/changeRead/999999', { token: alice.token })).toMatchObject({
      status: 404,
    })
  })

  test('signed out is 401; a bad id is 400 in Chinese', async () => {
    expect(await call('GET', `/api/need/message/changeRead/${aliceIds[1]}`)).toMatchObject({ status: 401 })
    expect(await call('GET', '/api/need/message/changeRead/abc', { token: alice.token })).toMatchObject({
      status: 400,
      body: { msg: '消息编号必须是整数' },
    })
  })
})

describe('notifyUsers', () => {
  test('writes the rows it is given, inside the caller’s transaction', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await notifyUsers(tx, [{ userId: bob.id, type: 'system', title: '回滚', content: '不应留下' }])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await list(bob)).body.total).toBe(1)
    await notifyUsers(database.db, [])
    await notifyUsers(database.db, [{ userId: bob.id, type: 'system', title: '留下', content: '提交了' }])
    expect((await list(bob)).body).toMatchObject({ total: 2, data: { unread: 2 } })
  })
})
