/**
 * 交易群: who may read, write and listen (members from payment on; staff from the console; nobody else — not
 * even to learn the order exists); sends idempotent by client id; contact details masked for the other party
 * with a warning card, the original for the sender and staff; the order's steps as cards with each reader's
 * own actions; live delivery over /api/ws with the token in the first frame, and catching up after a
 * reconnect without loss or duplicates.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { dealMessages, games, users } from '../../server/db/schema'
import { SESSION_EXPIRED_MSG, userOfToken } from '../../server/lib/auth'
import { storeImage } from '../../server/lib/images'
import { createMemoryKv } from '../../server/lib/kv'
import { maskContacts } from '../../server/lib/masking'
import { DealRoomHub, watchesRooms } from '../../server/modules/dealRoom/hub'
import type { DealMessage } from '../../src/contract/dealRoom'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { makeDeal, messagesIn, openSocket, until } from './helpers/deals'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let wsUrl: string
let gameId: number
let service: Person

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 10 })
  app = createTestApp(database)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  wsUrl = `${address.replace('http', 'ws')}/api/ws`
  call = createCaller(app)
  const [game] = await database.db.insert(games).values({ name: '王者荣耀', initial: 'W', type: 'mobile' }).returning()
  gameId = game.id
  service = await createPerson(database, ['user', 'service'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** A seller's listing bought by a buyer: the order, paid when `paid`. */
async function deal(paid = true) {
  const made = await makeDeal(database, app, gameId, { paid })
  // The 已支付 card delivered before anyone listens: the sockets of a test hear only what it does.
  if (paid) await until(async () => (await unpublished(made.orderId)) === 0)
  return made
}

const unpublished = async (orderId: number) =>
  (
    await database.db
      .select({ id: dealMessages.id })
      .from(dealMessages)
      .where(and(eq(dealMessages.orderId, orderId), isNull(dealMessages.publishedAt)))
  ).length

const say = (who: Person, orderId: number, body: Record<string, unknown>, staff = false) =>
  call('POST', `/api/${staff ? 'admin/orders' : 'need/myOrder'}/${orderId}/messages`, {
    token: who.token,
    body: { clientId: randomUUID(), ...body },
  })
const read = (who: Person | null, orderId: number, query: Record<string, number> = {}, staff = false) =>
  call('GET', `/api/${staff ? 'admin/orders' : 'need/myOrder'}/${orderId}/messages`, { token: who?.token, query })

const listen = (token: string | null) => openSocket(wsUrl, token)

describe('who is in the room', () => {
  test('buyer and seller read and write from payment on; a stranger, a visitor and unpaid orders cannot', async () => {
    const { seller, buyer, orderId } = await deal()
    expect((await say(buyer, orderId, { text: '你好，账号什么时候能验？' })).status).toBe(200)
    expect((await say(seller, orderId, { text: '客服马上来' })).status).toBe(200)
    const page = (await read(buyer, orderId)).body.data
    expect(page.members).toEqual(['buyer', 'seller', 'staff'])
    expect(page.messages.map((m: DealMessage) => [m.sender.role, m.kind])).toEqual([
      ['system', 'card'],
      ['buyer', 'text'],
      ['seller', 'text'],
    ])
    const stranger = await createPerson(database)
    expect((await read(stranger, orderId)).status).toBe(404)
    expect((await say(stranger, orderId, { text: '我也来' })).status).toBe(404)
    expect((await read(null, orderId)).status).toBe(401)
    // A staff member using the H5 is a user like any other; the console's route is for staff.
    expect((await read(service, orderId)).status).toBe(404)
    expect((await read(service, orderId, {}, true)).status).toBe(200)
    expect((await read(buyer, orderId, {}, true)).status).toBe(403)
    const unpaid = await deal(false)
    expect(await read(unpaid.buyer, unpaid.orderId)).toMatchObject({
      status: 409,
      body: { msg: '付款后才能进入交易群' },
    })
  })
})

describe('my rooms', () => {
  test('each room’s own latest message and unread count (others’ words and cards since last read)', async () => {
    const one = await deal()
    const two = await deal()
    const rooms = async (who: Person) => (await call('GET', '/api/need/dealRooms', { token: who.token })).body.data
    await say(one.seller, one.orderId, { text: '房间一' })
    await say(one.buyer, one.orderId, { text: '我自己说的不算未读' })
    const before = await rooms(one.buyer)
    expect(before).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ id: one.orderId, role: 'buyer' }), unread: 2 }),
    ])
    expect(before[0].last.text).toBe('我自己说的不算未读')
    await read(one.buyer, one.orderId)
    expect((await rooms(one.buyer))[0].unread).toBe(0)
    const seller = await rooms(two.seller)
    expect(seller).toEqual([
      expect.objectContaining({ order: expect.objectContaining({ id: two.orderId, role: 'seller' }), unread: 1 }),
    ])
    expect(seller[0].last.card.event).toBe('pay')
  })
})

describe('sending', () => {
  test('the same client id twice writes one message; words or one of our pictures, not both, not neither', async () => {
    const { buyer, orderId } = await deal()
    const clientId = randomUUID()
    const [first, again] = await Promise.all([
      say(buyer, orderId, { clientId, text: '在吗' }),
      say(buyer, orderId, { clientId, text: '在吗' }),
    ])
    expect(first.body.data.id).toBe(again.body.data.id)
    const rows = await database.db.select().from(dealMessages).where(eq(dealMessages.clientId, clientId))
    expect(rows).toHaveLength(1)
    expect((await say(buyer, orderId, {})).body).toMatchObject({ code: 400, msg: '请发送文字或一张图片' })
    expect((await say(buyer, orderId, { text: 'x'.repeat(1001) })).status).toBe(400)
    expect((await say(buyer, orderId, { imageUrl: '/uploads/not-ours.png' })).status).toBe(400)
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fa0' } })
      .png()
      .toBuffer()
    const { url } = await storeImage(app.deps.config.dataDir, png)
    expect((await say(buyer, orderId, { imageUrl: url })).body.data).toMatchObject({ kind: 'image', imageUrl: url })
    expect((await say(buyer, orderId, { text: '图', imageUrl: url })).status).toBe(400)
  })

  test('contact details are masked for the other party, with one warning card; the sender and staff see them', async () => {
    const { seller, buyer, orderId } = await deal()
    const sent = await say(seller, orderId, { text: '加我QQ 123456789 或微信 wx_seller01 细聊' })
    expect(sent.body.data).toMatchObject({ masked: false, text: '加我QQ 123456789 或微信 wx_seller01 细聊' })
    await say(seller, orderId, { text: '电话 138 0013 8000' })
    const buyerView = (await read(buyer, orderId)).body.data.messages as DealMessage[]
    const words = buyerView.filter((m) => m.sender.role === 'seller')
    expect(words.map((m) => m.text)).toEqual(['加我*** 或*** 细聊', '电话 ***'])
    expect(words.every((m) => m.masked)).toBe(true)
    expect(buyerView.filter((m) => m.kind === 'warning')).toHaveLength(1)
    const staffView = (await read(service, orderId, {}, true)).body.data.messages as DealMessage[]
    expect(staffView.filter((m) => m.sender.role === 'seller').map((m) => m.text)).toEqual([
      '加我QQ 123456789 或微信 wx_seller01 细聊',
      '电话 138 0013 8000',
    ])
  })

  test('staff write with their public number, audited', async () => {
    const { buyer, orderId } = await deal()
    const sent = await say(service, orderId, { text: '我是客服，现在为你验号，请勿相信私聊' }, true)
    expect(sent.body.data.sender).toMatchObject({ role: 'staff', staffNo: `KF${String(service.id).padStart(5, '0')}` })
    expect(await auditActions(database, 'order', orderId)).toContain('dealRoom.message')
    const seen = (await read(buyer, orderId)).body.data.messages as DealMessage[]
    expect(seen.at(-1)).toMatchObject({
      masked: false,
      sender: { role: 'staff', name: `客服 ${sent.body.data.sender.staffNo}` },
    })
  })
})

describe('the masking rules', () => {
  test.each([
    ['QQ：12345', '***'],
    ['扣扣 87654321', '***'],
    ['加 987654321', '加 ***'],
    ['vx: abc_def12', '***'],
    ['wxid_a1b2c3d4e5', '***'],
    ['13912345678', '***'],
    ['１３９１２３４５６７８', '***'],
    ['https://pan.example.com/s/1', '***'],
    ['去 taobao.com 看看', '去 *** 看看'],
    ['加我ＱＱ：１２３４５６，便宜点', '加我***，便宜点'],
  ])('%s → %s', (text, masked) => {
    expect(maskContacts(text)).toEqual({ text: masked, masked: true })
  })

  test.each(['价格 1288 元', '等级 30，皮肤 156 个', '128000元 不议价', '今天 20:30 在线'])(
    'leaves %s alone',
    (text) => {
      expect(maskContacts(text)).toEqual({ text, masked: false })
    },
  )
})

describe('cards', () => {
  test('each order step is a card carrying the reader’s own actions', async () => {
    const { buyer, orderId } = await deal()
    expect((await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: service.token })).status).toBe(200)
    const mine = (await read(buyer, orderId)).body.data.messages as DealMessage[]
    const cards = mine.filter((m) => m.kind === 'card')
    expect(cards.map((m) => m.card!.event)).toEqual(['pay', 'handOver'])
    // Read now: the order is handed over, so both cards offer the buyer what orderDetail does.
    expect(cards[1].card!.actions).toEqual(expect.arrayContaining(['credentials', 'confirm']))
    const desk = (await read(service, orderId, {}, true)).body.data.messages as DealMessage[]
    expect(desk.find((m) => m.kind === 'card')!.card!.actions).not.toContain('confirm')
  })
})

describe('live delivery over /api/ws', () => {
  test('the token comes in the first frame; without it, or a bad one, the socket is closed', async () => {
    const silent = await listen(null)
    silent.socket.send(JSON.stringify({ type: 'ping' }))
    expect(await silent.closed).toBe(4401)
    const wrong = await listen('not-a-token')
    expect(await wrong.closed).toBe(4401)
    expect(wrong.frames).toEqual([{ type: 'error', message: '登录状态已过期，请重新登录' }])
  })

  test('a socket is ended once its session is not in force, or its staff no longer watch rooms; the others stay', async () => {
    const lifetime = { ttlDays: app.deps.config.sessionTtlDays, maxDays: app.deps.config.sessionMaxDays }
    const hub = new DealRoomHub(database.db, createMemoryKv(), lifetime, (error) => app.log.error(error), 20)
    const ended: { userId: number; message: string }[] = []
    const [signedOut, disabled, staying] = await Promise.all([1, 2, 3].map(() => createPerson(database)))
    const [demoted, desk] = await Promise.all([1, 2].map(() => createPerson(database, ['user', 'service'])))
    for (const person of [signedOut, disabled, staying, demoted, desk]) {
      const { sessionId, roles } = (await userOfToken(database.db, person.token, lifetime))!
      hub.add({
        viewer: { userId: person.id, staff: watchesRooms(roles) },
        sessionId,
        watching: new Set(),
        send: () => undefined,
        end: (message) => ended.push({ userId: person.id, message }),
      })
    }
    await hub.start()
    try {
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(ended).toEqual([])
      expect((await call('POST', '/api/logout', { token: signedOut.token })).status).toBe(200)
      await database.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id))
      await database.db
        .update(users)
        .set({ roles: ['user', 'editor'] })
        .where(eq(users.id, demoted.id))
      await until(() => ended.length === 3)
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(ended).toEqual(
        expect.arrayContaining([
          ...[signedOut, disabled].map(({ id }) => ({ userId: id, message: SESSION_EXPIRED_MSG })),
          { userId: demoted.id, message: '你已没有查看交易群的权限' },
        ]),
      )
      expect(ended).toHaveLength(3)
    } finally {
      await hub.stop()
    }
  })

  test('members hear their rooms’ messages and cards as they are written; others hear nothing', async () => {
    const { seller, buyer, orderId } = await deal()
    const [buyerSocket, sellerSocket, strangerSocket] = await Promise.all([
      listen(buyer.token),
      listen(seller.token),
      listen((await createPerson(database)).token),
    ])
    await until(() => [buyerSocket, sellerSocket, strangerSocket].every((s) => s.frames[0]?.type === 'ready'))
    await say(seller, orderId, { text: '我的QQ是 123456789' })
    await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: service.token })
    await until(() => messagesIn(buyerSocket.frames).length >= 3)
    const heard = messagesIn(buyerSocket.frames)
    expect(heard.map((m) => m.kind)).toEqual(['text', 'warning', 'card'])
    expect(heard[0]).toMatchObject({ text: '我的QQ是 ***', masked: true })
    expect(heard[2].card).toMatchObject({ event: 'handOver' })
    await until(() => messagesIn(sellerSocket.frames).length >= 3)
    expect(messagesIn(sellerSocket.frames)[0]).toMatchObject({ text: '我的QQ是 123456789', masked: false })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(messagesIn(strangerSocket.frames)).toEqual([])
    for (const s of [buyerSocket, sellerSocket, strangerSocket]) s.socket.close()
  })

  test('staff hear the rooms they watch; a reconnect catches up with after= without loss or duplicates', async () => {
    const { seller, buyer, orderId } = await deal()
    const staffToken = service.token
    const desk = await listen(staffToken)
    await until(() => desk.frames[0]?.type === 'ready')
    desk.socket.send(JSON.stringify({ type: 'watch', orderId }))
    const first = await listen(buyer.token)
    await until(() => first.frames[0]?.type === 'ready')
    await say(seller, orderId, { text: '第一条' })
    await until(() => messagesIn(first.frames).length === 1)
    await until(() => messagesIn(desk.frames).length === 1)
    const lastSeen = messagesIn(first.frames)[0].id
    first.socket.close()
    // While the buyer is away.
    await say(seller, orderId, { text: '第二条' })
    await say(seller, orderId, { text: '第三条' })
    const again = await listen(buyer.token)
    await until(() => again.frames[0]?.type === 'ready')
    const missed = (await read(buyer, orderId, { after: lastSeen })).body.data.messages as DealMessage[]
    await say(seller, orderId, { text: '第四条' })
    await until(() => messagesIn(again.frames).some((m) => m.text === '第四条'))
    await until(() => messagesIn(desk.frames).length === 4)
    const all = [...new Map([...missed, ...messagesIn(again.frames)].map((m) => [m.id, m])).values()]
    expect(all.map((m) => m.text)).toEqual(['第二条', '第三条', '第四条'])
    expect(messagesIn(desk.frames).map((m) => m.text)).toEqual(['第一条', '第二条', '第三条', '第四条'])
    desk.socket.close()
    again.socket.close()
  })
})
