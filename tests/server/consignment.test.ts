/**
 * Selling on consignment: who may list (verified sellers), what a listing must satisfy (the game's
 * template, its region tree, our own uploads, prices, texts), that nothing is half written, and the
 * seller's calls on their listings for owner, other user, visitor and operator.
 */
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  attributeTemplates,
  auditLog,
  credentialReveals,
  games,
  goods,
  goodsCredentials,
  goodsEvents,
  ledgerEntries,
  messages,
  payoutEvents,
  payouts,
  regionNodes,
  users,
} from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { runSweep } from '../../server/modules/orders/sweeper'
import { localGateway } from '../../server/modules/payments'
import { sendPayout } from '../../server/modules/payments/payouts'
import { credentialsAad, payoutAad } from '../../server/modules/catalogue/credentials'
import { MyListing } from '../../src/contract/consignment'
import { createTestApp } from './helpers/app'
import { TEMPLATE_FIELDS } from './helpers/catalogue'
import { createTestDatabase } from './helpers/database'
import { paidNotice, postNotice } from './helpers/payments'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let gameId: number
let otherGameId: number
const region: Record<string, number> = {}
const uploads: string[] = []

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 10 })
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  const [game, other] = await database.db
    .insert(games)
    .values([
      { name: '王者荣耀', initial: 'W', type: 'mobile' },
      { name: '和平精英', initial: 'H', type: 'mobile' },
    ])
    .returning({ id: games.id })
  gameId = game.id
  otherGameId = other.id
  const node = async (g: number, kind: 'system' | 'carrier', name: string, parentId?: number) =>
    (await database.db.insert(regionNodes).values({ gameId: g, kind, name, parentId }).returning())[0].id
  region.ios = await node(gameId, 'system', 'iOS')
  region.iosQq = await node(gameId, 'carrier', 'QQ', region.ios)
  region.android = await node(gameId, 'system', '安卓')
  region.foreign = await node(otherGameId, 'system', 'iOS')
  await database.db.insert(attributeTemplates).values({ gameId, version: 1, fields: TEMPLATE_FIELDS })
  for (let i = 0; i < 3; i++) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 60, g: 90, b: 160 } } })
      .png()
      .toBuffer()
    uploads.push((await storeImage(app.deps.config.dataDir, png)).url)
  }
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** A seller who has verified their real name as 张三. */
async function seller(): Promise<Person> {
  const person = await createPerson(database)
  await database.db.update(users).set({ realNameStatus: 'verified', realName: '张三' }).where(eq(users.id, person.id))
  return person
}

const listingBody = (over: Record<string, unknown> = {}) => ({
  gameId,
  regionIds: [region.ios, region.iosQq],
  title: '王者 全英雄 典藏皮肤',
  description: '自用号，诚心出',
  price: 88_800,
  coverImage: uploads[0],
  images: [uploads[1], uploads[2]],
  attributes: { rank: '2', skins: 120, rare: ['1'], born: '2019-05-01' },
  accountSource: 'self_registered',
  guaranteeMaterials: true,
  contact: { qq: '12345678' },
  credentials: { account: 'wz_seller_01', password: 'S3cret-pass!', notes: '已解绑手机' },
  payout: { alipayAccount: '13800138000', name: '张三' },
  ...over,
})

const list = (who: Person | null, over: Record<string, unknown> = {}) =>
  call('POST', '/api/need/consignment', { token: who?.token, body: listingBody(over) })

async function listed(who: Person, status?: 'on_sale' | 'delisted') {
  const created = await list(who)
  expect(created.status).toBe(200)
  const id = created.body.data.id as number
  if (status) await database.db.update(goods).set({ status, listedAt: new Date() }).where(eq(goods.id, id))
  return id
}

describe('listing an account', () => {
  test('a verified seller lists; it waits for review with its event, sealed credentials and payout', async () => {
    const me = await seller()
    const { status, body, text } = await list(me)
    expect(status).toBe(200)
    expect(body.data).toEqual({ id: expect.any(Number), status: 'pending_review' })
    const id = body.data.id
    const [row] = await database.db.select().from(goods).where(eq(goods.id, id))
    expect(row).toMatchObject({ sellerId: me.id, status: 'pending_review', price: 88_800, templateVersion: 1 })
    expect(row.contact).toEqual({ qq: '12345678' })
    const [sealed] = await database.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, id))
    expect(JSON.parse(app.deps.vault.open(sealed.sealed, credentialsAad(id)))).toMatchObject({
      account: 'wz_seller_01',
      password: 'S3cret-pass!',
    })
    expect(JSON.parse(app.deps.vault.open(row.payoutSealed!, payoutAad(id)))).toEqual({
      alipayAccount: '13800138000',
      name: '张三',
    })
    expect(sealed.sealed).not.toContain('S3cret')
    expect(text).not.toContain('S3cret')
    const events = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
    expect(events).toMatchObject([{ event: 'submit', fromStatus: null, toStatus: 'pending_review', actor: 'seller' }])
  })

  test('同时出租: the rent terms are checked and kept; without them the listing is for sale only', async () => {
    const me = await seller()
    const rent = { hourly: 500, daily: 6_000, deposit: 20_000, minHours: 2, maxHours: 72, rules: ['logout_on_time'] }
    const refused = async (over: Record<string, unknown>) => (await list(me, { rent: { ...rent, ...over } })).body.msg
    expect(await refused({ daily: 400 })).toBe('日租不能低于时租')
    expect(await refused({ daily: 12_100 })).toBe('日租不能高于 24 小时的时租')
    expect(await refused({ minHours: 80 })).toBe('最短租期不能长于最长租期')
    expect((await list(me, { rent: { ...rent, rules: ['随便写的'] } })).status).toBe(400)
    expect((await list(me, { rent: { ...rent, hourly: 0 } })).status).toBe(400)

    const offered = await list(me, { rent })
    const [row] = await database.db.select().from(goods).where(eq(goods.id, offered.body.data.id))
    expect(row.rent).toEqual(rent)
    // 编辑重提 reads them back.
    const back = await call('GET', `/api/need/consignment/${offered.body.data.id}`, { token: me.token })
    expect(back.body.data.rent).toEqual(rent)
    const plain = await list(me)
    const [forSale] = await database.db.select().from(goods).where(eq(goods.id, plain.body.data.id))
    expect(forSale.rent).toBeNull()
  })

  test('a visitor is asked to sign in; an unverified user is sent to 实名认证', async () => {
    expect((await list(null)).status).toBe(401)
    const unverified = await createPerson(database)
    const refused = await list(unverified)
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ msg: '发布商品需要先完成实名认证', data: { need: 'realName' } })
  })

  test.each([
    ['a required attribute missing', { attributes: { skins: 3 } }, 'attributes.rank', '请填写段位'],
    ['an unknown option', { attributes: { rank: '9', skins: 3 } }, 'attributes.rank', '段位的选项不存在'],
    [
      'an unknown checkbox option',
      { attributes: { rank: '1', skins: 3, rare: ['z'] } },
      'attributes.rare',
      '稀有皮肤的选项不存在或重复',
    ],
    [
      'a negative number',
      { attributes: { rank: '1', skins: -1 } },
      'attributes.skins',
      '皮肤数须为 0–1000000000 之间的数字',
    ],
    [
      'a bad date',
      { attributes: { rank: '1', skins: 1, born: '2019-13-01' } },
      'attributes.born',
      '注册日期须为日期，如 2020-01-31',
    ],
    [
      'an attribute the game has not',
      { attributes: { rank: '1', skins: 1, level: 30 } },
      'attributes.level',
      '该游戏没有属性「level」',
    ],
    ['a region of another game', () => ({ regionIds: [region.foreign] }), 'regionIds', '所选区服不属于该游戏'],
    ['a region path out of order', () => ({ regionIds: [region.iosQq] }), 'regionIds', '区服须从上到下依次选择'],
    [
      'a foreign cover image',
      { coverImage: 'https://evil.example/x.jpg' },
      'coverImage',
      '封面图必须是上传成功后返回的地址，请重新上传',
    ],
    [
      'a detail image never uploaded',
      { images: [`/uploads/${'0'.repeat(40)}.jpg`] },
      'images',
      '详情图必须是上传成功后返回的地址，请重新上传',
    ],
    ['an emoji in the title', { title: '王者 全英雄 典藏 😀' }, 'title', '标题不能包含表情符号'],
    [
      'a price the minimum commission takes whole',
      { price: 5_000 },
      'price',
      '售价须高于最低佣金 ¥50.00，否则扣除佣金后到手为 ¥0',
    ],
    ['no contact', { contact: {} }, 'contact', '请至少填写一种联系方式（手机号、QQ 或微信）'],
    ['no credentials', { credentials: undefined }, 'credentials', '官方代售需要填写游戏账号和密码'],
    [
      'a payout in another name',
      { payout: { alipayAccount: 'a@b.cn', name: '李四' } },
      'payout.name',
      '收款人姓名须与实名认证的姓名一致',
    ],
    [
      'a payout account that is neither phone nor e-mail',
      { payout: { alipayAccount: 'zhangsan', name: '张三' } },
      'payout.alipayAccount',
      '收款支付宝账号须为手机号或邮箱',
    ],
  ])('refuses %s, naming the field, and writes nothing', async (_case, over, field, message) => {
    const me = await seller()
    // Ids made in beforeAll are read when the case runs.
    const { status, body } = await list(me, typeof over === 'function' ? over() : over)
    expect(status).toBe(400)
    expect(body).toMatchObject({ msg: message, data: { errors: [{ field, message }] } })
    expect(await database.db.select().from(goods).where(eq(goods.sellerId, me.id))).toEqual([])
  })

  test.each([
    ['a price below ¥1', { price: 99 }],
    ['a price above ¥1,000,000', { price: 100_000_001 }],
    ['an over-long title', { title: '号'.repeat(61) }],
    ['an over-long description', { description: '号'.repeat(2001) }],
    ['ten detail images', { images: Array.from({ length: 10 }, (_, i) => `/uploads/${String(i).repeat(40)}.jpg`) }],
  ])('refuses %s by its schema', async (_case, over) => {
    const me = await seller()
    const { status, body } = await list(me, over)
    expect(status).toBe(400)
    expect(body.msg).toMatch(/价格|标题|描述|详情图/)
  })

  test('previews the commission from the settings: 5 %, at least ¥50', async () => {
    const me = await seller()
    const fee = (price: number) => call('POST', '/api/need/consignment/fee', { token: me.token, body: { price } })
    expect((await fee(200_000)).body.data).toEqual({
      price: 200_000,
      commission: 10_000,
      net: 190_000,
      rateBps: 500,
      min: 5_000,
    })
    expect((await fee(50_000)).body.data).toMatchObject({ commission: 5_000, net: 45_000 })
    expect((await fee(3_000)).body.data).toMatchObject({ commission: 3_000, net: 0 })
  })
})

describe("the seller's listings", () => {
  test('myConsignment lists only mine, newest first, with the actions of each status', async () => {
    const me = await seller()
    const other = await seller()
    const review = await listed(me)
    const onSale = await listed(me, 'on_sale')
    await listed(other)
    const { body } = await call('GET', '/api/need/myConsignment', { token: me.token })
    expect(body.total).toBe(2)
    expect(body.rows!.map((r) => [r.id, r.status, r.actions])).toEqual([
      [onSale, 'on_sale', ['editPrice', 'delist', 'credentials']],
      [review, 'pending_review', ['delist', 'credentials']],
    ])
    expect(Object.keys(body.rows![0]).sort()).toEqual(Object.keys(MyListing.properties).sort())
    expect(body.rows![0]).toMatchObject({ hasCredentials: true, orderNo: null, gameName: '王者荣耀' })
    expect(JSON.stringify(body)).not.toMatch(/S3cret|wz_seller_01|13800138000|12345678/)
    const filtered = await call('GET', '/api/need/myConsignment', { token: me.token, query: { status: 'on_sale' } })
    expect(filtered.body.rows!.map((r) => r.id)).toEqual([onSale])
    expect((await call('GET', '/api/need/myConsignment')).status).toBe(401)
  })

  test('delist, relist and price: the owner (and a reviewer at the console) may, another user gets 404, a visitor 401', async () => {
    const me = await seller()
    const stranger = await seller()
    const operator = await createPerson(database, ['user', 'reviewer'])
    const id = await listed(me, 'on_sale')

    const down = (who: Person | null, reason = '暂时不卖') =>
      call('POST', '/api/goods/info/downGoods', { token: who?.token, body: { id, reason } })
    const up = (who: Person | null) => call('GET', `/api/goods/info/upGoods/${id}`, { token: who?.token })
    const price = (who: Person | null, value: number) =>
      call('POST', '/api/need/goods/editPrice', { token: who?.token, body: { id, price: value } })

    expect((await down(null)).status).toBe(401)
    expect((await down(stranger)).status).toBe(404)
    expect((await price(stranger, 1_000)).status).toBe(404)
    expect((await up(stranger)).status).toBe(404)

    const repriced = await price(me, 77_700)
    expect(repriced.body.data).toMatchObject({ price: 77_700, status: 'on_sale' })

    const delisted = await down(me)
    expect(delisted.body.data).toMatchObject({ status: 'delisted', delistReason: '暂时不卖' })
    expect(delisted.body.data.actions).toEqual(['editPrice', 'relist', 'edit', 'credentials'])
    expect((await down(me)).body).toMatchObject({ code: 409, msg: '只有审核中或在售的商品可以下架' })
    const relisted = await up(me)
    expect(relisted.body.data).toMatchObject({ status: 'on_sale', delistReason: '' })

    // Through the seller's own call staff are strangers; at the console a reviewer delists with a reason, and
    // the seller cannot simply put it back.
    expect((await down(operator)).status).toBe(404)
    const byOperator = await call('POST', `/api/admin/goods/${id}/delist`, {
      token: operator.token,
      body: { reason: '描述与实际不符' },
    })
    expect(byOperator.body.data).toMatchObject({ status: 'delisted', delistReason: '描述与实际不符' })
    expect(byOperator.body.data.actions).not.toContain('relist')
    const [told] = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(told).toMatchObject({ title: '商品已被下架', relatedType: 'listing', relatedId: id })
    const mine = await call('GET', '/api/need/myConsignment', { token: me.token })
    expect(mine.body.rows![0].actions).toEqual(['editPrice', 'edit', 'credentials'])
    expect((await up(me)).body).toMatchObject({
      code: 409,
      msg: '只有自己下架的商品可以直接上架；被平台下架的商品请修改后重新提交审核',
    })
    const events = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
    expect(events.map((e) => [e.event, e.actor])).toEqual([
      ['submit', 'seller'],
      ['delist', 'seller'],
      ['relist', 'seller'],
      ['delist', 'operator'],
    ])
    expect(events[3].detail).toEqual({ reason: '描述与实际不符' })
  })

  test('no price the commission takes whole, and no price change while an order holds it', async () => {
    const me = await seller()
    const id = await listed(me, 'on_sale')
    const tooLow = await call('POST', '/api/need/goods/editPrice', { token: me.token, body: { id, price: 5_000 } })
    expect(tooLow.body).toMatchObject({ code: 400, data: { errors: [{ field: 'price' }] } })
    await database.db.update(goods).set({ status: 'in_trade' }).where(eq(goods.id, id))
    const refused = await call('POST', '/api/need/goods/editPrice', { token: me.token, body: { id, price: 10_000 } })
    expect(refused.body).toMatchObject({ code: 409, msg: '交易中或已售出的商品不能改价' })
    expect((await database.db.select().from(goods).where(eq(goods.id, id)))[0].price).toBe(88_800)
  })

  test('an order taking it and the seller delisting it race: exactly one wins', async () => {
    const me = await seller()
    const buyer = await createPerson(database)
    for (let round = 0; round < 5; round++) {
      const id = await listed(me, 'on_sale')
      const [ordered, delisted] = await Promise.all([
        call('POST', '/api/order', {
          token: buyer.token,
          body: { goodsId: id, guaranteeType: 'none', payMode: 'full', agree: true },
        }),
        call('POST', '/api/goods/info/downGoods', { token: me.token, body: { id, reason: '不卖了' } }),
      ])
      expect([ordered.status, delisted.status].filter((s) => s === 200)).toHaveLength(1)
      const [row] = await database.db.select().from(goods).where(eq(goods.id, id))
      expect(row.status).toBe(ordered.status === 200 ? 'in_trade' : 'delisted')
      if (ordered.status === 200) {
        await call('POST', `/api/need/myOrder/${ordered.body.data.id}/cancel`, { token: buyer.token, body: {} })
      }
    }
  })
})

describe('review by staff', () => {
  test('the queue is the pending listings, oldest first; only staff may see it', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const first = await listed(me)
    const second = await listed(me)
    expect((await call('GET', '/api/admin/goods', { token: me.token })).status).toBe(403)
    expect((await call('GET', '/api/admin/goods')).status).toBe(401)
    const queue = await call('GET', '/api/admin/goods', {
      token: operator.token,
      query: { status: 'pending_review', sellerId: me.id },
    })
    expect(queue.body.rows!.map((r) => [r.id, r.sellerId, r.actions])).toEqual([
      [first, me.id, ['delist', 'approve', 'reject', 'revise']],
      [second, me.id, ['delist', 'approve', 'reject', 'revise']],
    ])
  })

  test('approve puts it on sale, with its event, an audit row and the seller’s message; a second approve is refused', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const id = await listed(me)
    const approved = await call('POST', `/api/admin/goods/${id}/approve`, { token: operator.token })
    expect(approved.body.data).toMatchObject({ id, status: 'on_sale', actions: ['editPrice', 'delist', 'revise'] })
    expect((await call('GET', `/api/web/good/${id}`)).body.data).toMatchObject({ status: 'on_sale' })
    expect((await call('POST', `/api/admin/goods/${id}/approve`, { token: operator.token })).body).toMatchObject({
      code: 409,
      msg: '只有待审核的商品可以审核',
    })
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))
    expect(audits).toMatchObject([{ actorId: operator.id, action: 'goods.approve', subjectType: 'goods' }])
    const inbox = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(inbox).toMatchObject([{ type: 'audit_passed', relatedType: 'goods', relatedId: id }])
    await expect(database.db.delete(auditLog).where(eq(auditLog.subjectId, id))).rejects.toThrow()
  })

  test('reject needs a reason; the seller reads it and may edit and resubmit', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const id = await listed(me)
    const unexplained = await call('POST', `/api/admin/goods/${id}/reject`, {
      token: operator.token,
      body: { reason: ' ' },
    })
    expect(unexplained.body).toMatchObject({ code: 400, msg: '请填写驳回原因' })
    const rejected = await call('POST', `/api/admin/goods/${id}/reject`, {
      token: operator.token,
      body: { reason: '截图与描述不符' },
    })
    expect(rejected.body.data).toMatchObject({ status: 'rejected', auditReason: '截图与描述不符' })
    const mine = await call('GET', '/api/need/myConsignment', { token: me.token, query: { status: 'rejected' } })
    expect(mine.body.rows![0]).toMatchObject({
      id,
      auditReason: '截图与描述不符',
      actions: ['editPrice', 'edit', 'credentials', 'reason'],
    })
    // The seller's message opens the listing in 我的代售 (its public page has nothing to show now), which
    // lists that listing alone for them and nothing for anyone else.
    const [message] = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(message).toMatchObject({
      type: 'audit_failed',
      content: expect.stringContaining('截图与描述不符'),
      relatedType: 'listing',
      relatedId: id,
    })
    expect((await call('GET', `/api/web/good/${id}`)).status).toBe(404)
    await listed(me)
    const opened = await call('GET', '/api/need/myConsignment', { token: me.token, query: { id } })
    expect(opened.body).toMatchObject({ total: 1, rows: [{ id, status: 'rejected' }] })
    const stranger = await seller()
    expect((await call('GET', '/api/need/myConsignment', { token: stranger.token, query: { id } })).body).toMatchObject(
      { total: 0, rows: [] },
    )
  })

  test('approve and reject racing: exactly one wins; approve and the seller withdrawing: the events tell the story', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const other = await createPerson(database, ['user', 'admin'])
    const chain = async (id: number) => {
      const events = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
      events.slice(1).forEach((event, i) => expect(event.fromStatus).toBe(events[i].toStatus))
      const [row] = await database.db.select().from(goods).where(eq(goods.id, id))
      expect(row.status).toBe(events.at(-1)!.toStatus)
      return events.map((e) => e.event)
    }
    for (let round = 0; round < 5; round++) {
      const id = await listed(me)
      const [approved, rejected] = await Promise.all([
        call('POST', `/api/admin/goods/${id}/approve`, { token: operator.token }),
        call('POST', `/api/admin/goods/${id}/reject`, { token: other.token, body: { reason: '图片不清晰' } }),
      ])
      expect([approved.status, rejected.status].sort()).toEqual([200, 409])
      expect(await chain(id)).toHaveLength(2)

      // Withdrawing during review and approval are both fine in either order: the later one acts on the
      // state the earlier one left (approved then delisted, or withdrawn and the approval refused).
      const next = await listed(me)
      const [approval, withdrawal] = await Promise.all([
        call('POST', `/api/admin/goods/${next}/approve`, { token: operator.token }),
        call('POST', '/api/goods/info/downGoods', { token: me.token, body: { id: next, reason: '先不卖了' } }),
      ])
      expect(withdrawal.status).toBe(200)
      expect(await chain(next)).toEqual(
        approval.status === 200 ? ['submit', 'approve', 'delist'] : ['submit', 'delist'],
      )
    }
  })

  test('the detail shows the seller’s record and blacklist hits, the payout masked; 验号 is logged and audited', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const id = await listed(me)
    await call('POST', '/api/admin/blacklist', {
      token: operator.token,
      body: { subjectKind: 'game_account', subject: 'wz_seller_01', reason: 'retrieval', evidence: '已找回两次' },
    })
    const detail = await call('GET', `/api/admin/goods/${id}`, { token: operator.token })
    expect(detail.body.data).toMatchObject({
      id,
      sellerId: me.id,
      contact: { qq: '12345678' },
      payout: { alipayAccount: '138****8000', name: '张*' },
      sellerHistory: { listings: 1, sold: 0, rejected: 0, delistedByStaff: 0 },
      blacklistHits: [{ subjectKind: 'game_account', reason: 'retrieval' }],
    })
    expect(detail.text).not.toMatch(/S3cret|wz_seller_01|13800138000/)
    expect((await call('GET', `/api/admin/goods/${id}`, { token: me.token })).status).toBe(403)

    const unexplained = await call('GET', `/api/admin/goods/${id}/credentials`, { token: operator.token })
    expect(unexplained.status).toBe(400)
    const seen = await call('GET', `/api/admin/goods/${id}/credentials`, {
      token: operator.token,
      query: { reason: '验号' },
    })
    expect(seen.body.data).toEqual({
      account: 'wz_seller_01',
      password: 'S3cret-pass!',
      notes: '已解绑手机',
      binding: null,
    })
    const reveals = await database.db.select().from(credentialReveals).where(eq(credentialReveals.goodsId, id))
    expect(reveals).toMatchObject([{ userId: operator.id, role: 'operator', reason: '验号', orderId: null }])
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))
    expect(audits.map((a) => a.action)).toEqual(['goods.credentials'])
  })

  test('the seller’s contact phone is masked at the desk; staff see it whole with a reason, audited', async () => {
    const me = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const created = await list(me, { contact: { phone: '13955556666', weixin: 'seller_wx' } })
    const id = created.body.data.id as number
    // The seller's own draft keeps it whole: it is their form to edit.
    const own = await call('GET', `/api/need/consignment/${id}`, { token: me.token })
    expect(own.body.data.contact).toEqual({ phone: '13955556666', weixin: 'seller_wx' })

    const detail = await call('GET', `/api/admin/goods/${id}`, { token: operator.token })
    expect(detail.body.data.contact).toEqual({ phone: '139****6666', weixin: 'seller_wx' })
    expect(detail.text).not.toContain('13955556666')

    const contact = (token: string, query?: Record<string, string>) =>
      call('GET', `/api/admin/goods/${id}/contact`, { token, query })
    expect((await contact(operator.token)).status).toBe(400)
    expect((await contact(operator.token, { reason: '   ' })).body).toMatchObject({ code: 400, msg: '请填写查看原因' })
    expect((await contact(me.token, { reason: '看看' })).status).toBe(403)
    expect(await database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))).toEqual([])
    const seen = await contact(operator.token, { reason: '联系卖家核实账号信息' })
    expect(seen.body.data).toEqual({ phone: '13955556666', weixin: 'seller_wx' })
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, id))
    expect(audits).toMatchObject([
      { action: 'goods.contact', actorId: operator.id, detail: { reason: '联系卖家核实账号信息' } },
    ])
  })
})

describe('editing a listing', () => {
  test('a rejected listing is edited and goes back to review; only its seller may, only when rejected or delisted', async () => {
    const me = await seller()
    const stranger = await seller()
    const operator = await createPerson(database, ['user', 'admin'])
    const id = await listed(me)
    const edit = (who: Person, over: Record<string, unknown> = {}) =>
      call('PUT', `/api/need/consignment/${id}`, {
        token: who.token,
        body: listingBody({ credentials: undefined, ...over }),
      })
    expect((await edit(me)).body).toMatchObject({ code: 409, msg: '只有审核失败或已下架的商品可以修改后重新提交' })
    await call('POST', `/api/admin/goods/${id}/reject`, { token: operator.token, body: { reason: '标题不实' } })
    expect((await edit(stranger)).status).toBe(404)
    expect((await edit(operator)).status).toBe(404)
    expect((await edit(me, { title: '' })).status).toBe(400)
    const resubmitted = await edit(me, { title: '王者 全英雄 典藏皮肤 已改', price: 66_600 })
    expect(resubmitted.body.data).toMatchObject({
      status: 'pending_review',
      title: '王者 全英雄 典藏皮肤 已改',
      price: 66_600,
      auditReason: '',
      hasCredentials: true,
    })
    const events = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, id))
    expect(events.map((e) => e.event)).toEqual(['submit', 'reject', 'resubmit'])
  })

  test('credentials are replaced sealed, never echoed, and not while an order holds the listing', async () => {
    const me = await seller()
    const id = await listed(me)
    const body = {
      account: 'wz_new_02',
      password: 'N3w-secret',
      binding: { phone: true, email: false, idCard: true, rebindable: true },
    }
    const updated = await call('PUT', `/api/need/consignment/${id}/credentials`, { token: me.token, body })
    expect(updated.status).toBe(200)
    expect(updated.text).not.toMatch(/N3w-secret|wz_new_02/)
    const [sealed] = await database.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, id))
    expect(JSON.parse(app.deps.vault.open(sealed.sealed, credentialsAad(id)))).toMatchObject(body)
    await database.db.update(goods).set({ status: 'in_trade' }).where(eq(goods.id, id))
    const refused = await call('PUT', `/api/need/consignment/${id}/credentials`, { token: me.token, body })
    expect(refused.body).toMatchObject({ code: 409, msg: '交易中或已售出的商品不能修改账号信息' })
  })
})

test('with review switched off (autoApprove), a new listing is on sale at once, approved by the system', async () => {
  const operator = await createPerson(database, ['user', 'admin'])
  const me = await seller()
  const on = await call('PUT', '/api/admin/settings', { token: operator.token, body: { autoApprove: true } })
  expect(on.status).toBe(200)
  try {
    const created = await list(me)
    expect(created.body.data).toMatchObject({ status: 'on_sale' })
    const events = await database.db.select().from(goodsEvents).where(eq(goodsEvents.goodsId, created.body.data.id))
    expect(events.map((e) => [e.event, e.actor])).toEqual([
      ['submit', 'seller'],
      ['approve', 'system'],
    ])
    expect((await call('GET', `/api/web/good/${created.body.data.id}`)).body.data.status).toBe('on_sale')
  } finally {
    await call('PUT', '/api/admin/settings', { token: operator.token, body: { autoApprove: false } })
  }
})

describe('paying the seller', () => {
  const DAY = 86_400_000
  const sweepDeps = () => ({
    db: database.db,
    payments: app.deps.payments,
    vault: app.deps.vault,
    log: { error: () => undefined },
  })

  /** A listing of `me`, approved, bought and confirmed by a buyer: a completed order. */
  async function sold(me: Person) {
    const operator = await createPerson(database, ['user', 'admin'])
    const buyer = await createPerson(database)
    const id = await listed(me)
    await call('POST', `/api/admin/goods/${id}/approve`, { token: operator.token })
    const ordered = await call('POST', '/api/order', {
      token: buyer.token,
      body: { goodsId: id, guaranteeType: 'none', payMode: 'full', agree: true },
    })
    const orderId = ordered.body.data.id
    const started = await call('POST', `/api/pay/${orderId}`, {
      token: buyer.token,
      body: { channel: 'alipay', kind: 'full', returnUrl: '/index/orderDetail' },
    })
    expect(await postNotice(app, paidNotice(app, started.body.data.outTradeNo, started.body.data.amount))).toBe(
      'success',
    )
    await call('POST', `/api/admin/orders/${orderId}/hand-over`, { token: operator.token })
    await call('POST', `/api/need/myOrder/${orderId}/confirm`, { token: buyer.token })
    return { id, orderId, operator }
  }

  const settlementOf = async (me: Person, id: number) =>
    (await call('GET', '/api/need/myConsignment', { token: me.token, query: { status: 'sold' } })).body.rows!.find(
      (row) => row.id === id,
    ).settlement

  test('after the protection window the seller is paid by transfer once; the ledger releases the money then', async () => {
    const me = await seller()
    const { id, orderId } = await sold(me)
    // 88 800 less the commission: 5 %, but at least ¥50.
    expect(await settlementOf(me, id)).toMatchObject({ status: 'pending', amount: 83_800 })
    const commissionOf = async () =>
      (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)))
        .filter((e) => e.kind === 'fee' && e.debitAccount === `seller_frozen:${me.id}`)
        .map((e) => e.amount)
    // Until the transfer succeeds the whole goods amount waits in the seller's frozen account.
    expect((await verifyLedger(database.db)).balances[`seller_frozen:${me.id}`]).toBe(88_800)
    expect((await runSweep(sweepDeps(), new Date(Date.now() + 6 * DAY))).released).toBe(0)
    expect(await commissionOf()).toEqual([])
    expect((await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))).released).toBe(1)
    expect(await commissionOf()).toEqual([5_000])
    const settled = await settlementOf(me, id)
    expect(settled).toMatchObject({ status: 'paid', amount: 83_800, transferNo: expect.stringMatching(/^\d+$/) })
    // Sweeping again pays nothing more.
    expect((await runSweep(sweepDeps(), new Date(Date.now() + 9 * DAY))).released).toBe(0)
    const releases = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))
    expect(releases.filter((e) => e.kind === 'release')).toHaveLength(1)
    const report = await verifyLedger(database.db)
    expect(report.problems).toEqual([])
    expect(report.balances[`seller:${me.id}`]).toBe(83_800)
    expect(report.balances[`seller_frozen:${me.id}`]).toBe(0)
    const inbox = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(inbox.find((m) => m.title === '货款已打款')).toMatchObject({ relatedType: 'listing', relatedId: id })
  })

  test('a refused transfer stays failed with the gateway’s words; an operator retries it with a new number', async () => {
    const me = await seller()
    const { id, orderId, operator } = await sold(me)
    localGateway(app.deps.payments, 'alipay').failNextTransfer!('收款人姓名与支付宝账号不一致')
    expect((await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))).released).toBe(0)
    expect(await settlementOf(me, id)).toMatchObject({ status: 'failed', reason: '收款人姓名与支付宝账号不一致' })
    // The seller is told, with the listing to open, where they may give another account.
    const inbox = await database.db.select().from(messages).where(eq(messages.userId, me.id))
    expect(inbox.find((m) => m.title === '货款打款失败')).toMatchObject({
      content:
        '「王者 全英雄 典藏皮肤」的货款 ¥838.00 打款失败：收款人姓名与支付宝账号不一致。请在「我的代售」中修改收款账户，修改后立即重新打款。',
      relatedType: 'listing',
      relatedId: id,
    })
    // No sweep sends a refused payout again by itself, and the ledger has released nor charged anything.
    expect((await runSweep(sweepDeps(), new Date(Date.now() + 9 * DAY))).released).toBe(0)
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))
    expect(entries.filter((e) => e.debitAccount === `seller_frozen:${me.id}`)).toEqual([])
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect((await call('POST', `/api/admin/payouts/${payout.id}/retry`, { token: me.token })).status).toBe(403)
    const retried = await call('POST', `/api/admin/payouts/${payout.id}/retry`, { token: operator.token })
    expect(retried.body.data).toMatchObject({ status: 'paid', attempt: 2, reason: '' })
    expect((await call('POST', `/api/admin/payouts/${payout.id}/retry`, { token: operator.token })).body).toMatchObject(
      {
        code: 409,
        msg: '只有打款失败的记录可以重试',
      },
    )
    expect((await call('POST', '/api/admin/payouts/999999/retry', { token: operator.token })).status).toBe(404)
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payout.retry'))
    expect(audits).toMatchObject([{ actorId: operator.id, subjectId: payout.id }])
    expect((await verifyLedger(database.db)).problems).toEqual([])
  })

  test('the seller of a refused payout gives another account in their name: sent at once, as a new attempt', async () => {
    const me = await seller()
    const { id, orderId } = await sold(me)
    const payee = (who: Person, alipayAccount: string) =>
      call('PUT', `/api/need/myConsignment/${id}/payee`, { token: who.token, body: { alipayAccount } })
    // Nothing refused yet: the money is due, not to be redirected.
    expect((await payee(me, 'zhangsan@example.com')).body).toMatchObject({
      code: 409,
      msg: '只有打款失败的货款可以修改收款账户',
    })
    localGateway(app.deps.payments, 'alipay').failNextTransfer!('收款账户已冻结')
    await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))
    expect(await settlementOf(me, id)).toMatchObject({ status: 'failed', reason: '收款账户已冻结', actions: ['payee'] })
    expect((await payee(await seller(), 'zhangsan@example.com')).status).toBe(404)
    expect((await payee(me, 'not-an-account')).body).toMatchObject({ code: 400, msg: '收款支付宝账号须为手机号或邮箱' })

    const gateway = app.deps.payments.alipay!
    const transfer = gateway.transfer!.bind(gateway)
    const sent: Parameters<typeof transfer>[0][] = []
    gateway.transfer = (request) => {
      sent.push(request)
      return transfer(request)
    }
    let changed
    try {
      changed = await payee(me, ' zhangsan@example.com ')
    } finally {
      gateway.transfer = transfer
    }
    expect(changed.body.data.settlement).toMatchObject({ status: 'paid', amount: 83_800, actions: [] })
    const [payout] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(sent).toMatchObject([
      { outBizNo: `PO${payout.id}-2`, payeeAccount: 'zhangsan@example.com', payeeName: '张三', amount: 83_800 },
    ])
    const [retry] = await database.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.payoutId, payout.id), eq(payoutEvents.event, 'retry')))
    expect(retry).toMatchObject({ actor: 'seller', actorId: me.id })
    // Kept with the listing, masked as ever.
    expect((await call('GET', `/api/need/consignment/${id}`, { token: me.token })).body.data.payout).toEqual({
      alipayAccount: 'zh***@example.com',
      name: '张*',
    })
    expect((await payee(me, 'zhangsan@example.com')).body.code).toBe(409)
    expect((await verifyLedger(database.db)).problems).toEqual([])
  })

  test('a sweep that lost the gateway’s answer sends the same attempt again, which pays nothing twice', async () => {
    const me = await seller()
    const { orderId } = await sold(me)
    const gateway = app.deps.payments.alipay!
    const transfer = gateway.transfer!.bind(gateway)
    // The transfer goes through at the gateway, but its answer never arrives.
    gateway.transfer = async (request) => {
      await transfer(request)
      throw new Error('socket hang up')
    }
    try {
      await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))
    } finally {
      gateway.transfer = transfer
    }
    const [pending] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(pending).toMatchObject({ status: 'pending', attempt: 1 })
    await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))
    const [paid] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
    expect(paid).toMatchObject({ status: 'paid', attempt: 1 })
    const page = await app.inject({ url: '/dev/alipay/transfers' })
    expect(page.body.split(`PO${paid.id}-1`).length - 1).toBe(1)
  })

  // One connection on PGlite: a second cannot wait for the first's lock there.
  const onPostgres = process.env.DATABASE_URL ? test : test.skip
  onPostgres(
    'staff’s send waits out a payout held for a moment and pays it; the sweeper’s passes it over',
    async () => {
      const me = await seller()
      const { orderId } = await sold(me)
      const gateway = app.deps.payments.alipay!
      const transfer = gateway.transfer!.bind(gateway)
      // Left pending: the gateway's answer to the sweep's transfer never arrived.
      gateway.transfer = () => Promise.reject(new Error('socket hang up'))
      try {
        await runSweep(sweepDeps(), new Date(Date.now() + 8 * DAY))
      } finally {
        gateway.transfer = transfer
      }
      const [pending] = await database.db.select().from(payouts).where(eq(payouts.orderId, orderId))
      expect(pending.status).toBe('pending')
      let staffSend: Promise<string> | undefined
      await database.db.transaction(async (tx) => {
        await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, pending.id)).for('update')
        expect(await sendPayout(sweepDeps(), pending.id)).toBe('busy')
        staffSend = sendPayout(sweepDeps(), pending.id, { wait: true })
        await new Promise((resolve) => setTimeout(resolve, 100))
      })
      expect(await staffSend).toBe('paid')
      expect((await verifyLedger(database.db)).problems).toEqual([])
    },
  )
})

test('the seller reads their listing back for editing: no credentials, the payout masked; others get 404', async () => {
  const me = await seller()
  const stranger = await seller()
  const id = await listed(me)
  const mine = await call('GET', `/api/need/consignment/${id}`, { token: me.token })
  expect(mine.body.data).toMatchObject({
    id,
    status: 'pending_review',
    regions: [{ id: region.ios }, { id: region.iosQq }],
    attributes: { rank: '2', skins: 120 },
    contact: { qq: '12345678' },
    hasCredentials: true,
    payout: { alipayAccount: '138****8000', name: '张*' },
  })
  expect(mine.text).not.toMatch(/S3cret|wz_seller_01|13800138000/)
  expect((await call('GET', `/api/need/consignment/${id}`, { token: stranger.token })).status).toBe(404)
  expect((await call('GET', `/api/need/consignment/${id}`)).status).toBe(401)
})
