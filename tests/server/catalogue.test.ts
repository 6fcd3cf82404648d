import { and, eq, sql } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  attributeTemplates,
  browses,
  favourites,
  games,
  goods,
  goodsCredentials,
  orders,
  payouts,
  regionNodes,
  rentals,
  settings,
  users,
} from '../../server/db/schema'
import { GAMES } from '../../server/seed/catalogueData'
import { ON_SALE_PER_GAME, seedCatalogue } from '../../server/seed/catalogue'
import { sellerCard } from '../../server/modules/reviews/service'
import { seedDemoTrades } from '../../server/seed/trades'
import { seedDemoUsers } from '../../server/seed/users'
import { verifyLedger } from '../../server/modules/ledger/verify'
import { createSession } from '../../server/lib/auth'
import { GoodsDetail, type AttributeField } from '../../src/contract/catalogue'
import { createTestApp } from './helpers/app'
import { TEMPLATE_FIELDS } from './helpers/catalogue'
import { createTestDatabase } from './helpers/database'

let database: Database
let app: App & ReturnType<typeof createTestApp>
/** Every catalogue response body, for the walk that proves nothing private leaves. */
const responses: { url: string; body: string }[] = []

const HOUR = 3_600_000
const MARKERS = {
  contact: '13912345678',
  qq: '99887766',
  note: 'INTERNAL-NOTE-XYZ',
  audit: 'AUDIT-REASON-XYZ',
  account: 'CRED-ACCOUNT-777',
  password: 'CRED-PASSWORD-777',
}

/** Start of today in China (UTC+8), as an instant. */
function chinaDayStart(now = new Date()): Date {
  const shifted = new Date(now.getTime() + 8 * HOUR)
  shifted.setUTCHours(0, 0, 0, 0)
  return new Date(shifted.getTime() - 8 * HOUR)
}

const fieldsV2 = TEMPLATE_FIELDS
const fieldsV1: AttributeField[] = [{ ...fieldsV2[0], label: '旧段位' }, fieldsV2[1]]

/** Ids of the hand-built catalogue. */
const ids = {
  mobile: 0,
  pc: 0,
  disabled: 0,
  many: 0,
  ios: 0,
  iosQq: 0,
  iosWx: 0,
  android: 0,
  androidQq: 0,
  androidWx: 0,
  telecom: 0,
  server1: 0,
  server2: 0,
  g: {} as Record<string, number>,
}
const tokens = { alice: '', bob: '' }

type GoodsRow = typeof goods.$inferInsert

async function insertGoods(name: string, row: Omit<GoodsRow, 'gameId'> & { gameId?: number }): Promise<number> {
  const [created] = await database.db
    .insert(goods)
    .values({
      gameId: ids.mobile,
      templateVersion: 2,
      description: '',
      coverImage: `/uploads/${name}.jpg`,
      images: [`/uploads/${name}.jpg`, `/uploads/${name}-2.jpg`],
      contact: { phone: MARKERS.contact, qq: MARKERS.qq },
      cost: 4242,
      internalNote: MARKERS.note,
      auditReason: MARKERS.audit,
      accountSource: '自己注册',
      ...row,
    })
    .returning({ id: goods.id })
  ids.g[name] = created.id
  const sealed = app.deps.vault.seal(
    JSON.stringify({ account: MARKERS.account, password: MARKERS.password, notes: '' }),
    `goods:${created.id}:credentials`,
  )
  await database.db.insert(goodsCredentials).values({ goodsId: created.id, sealed })
  return created.id
}

async function buildCatalogue() {
  const db = database.db
  const now = Date.now()
  const [mobile, pc, disabled, many] = await db
    .insert(games)
    .values([
      { name: '测试手游', initial: 'C', type: 'mobile', hot: true, sort: 1 },
      { name: '测试端游', initial: 'D', type: 'pc', hot: false, sort: 2 },
      { name: '停用游戏', initial: 'T', type: 'mobile', enabled: false, sort: 3 },
      { name: '多多游戏', initial: 'M', type: 'pc', sort: 4 },
    ])
    .returning({ id: games.id })
  Object.assign(ids, { mobile: mobile.id, pc: pc.id, disabled: disabled.id, many: many.id })

  const node = async (
    gameId: number,
    kind: 'system' | 'carrier' | 'area' | 'server',
    name: string,
    parentId?: number,
    sort = 0,
  ) => {
    const [created] = await db
      .insert(regionNodes)
      .values({ gameId, kind, name, parentId, sort })
      .returning({ id: regionNodes.id })
    return created.id
  }
  ids.ios = await node(mobile.id, 'system', 'iOS', undefined, 0)
  ids.android = await node(mobile.id, 'system', '安卓', undefined, 1)
  ids.iosQq = await node(mobile.id, 'carrier', 'QQ', ids.ios, 0)
  ids.iosWx = await node(mobile.id, 'carrier', '微信', ids.ios, 1)
  ids.androidQq = await node(mobile.id, 'carrier', 'QQ', ids.android, 0)
  ids.androidWx = await node(mobile.id, 'carrier', '微信', ids.android, 1)
  ids.telecom = await node(pc.id, 'area', '电信区')
  ids.server1 = await node(pc.id, 'server', '一区', ids.telecom, 0)
  ids.server2 = await node(pc.id, 'server', '二区', ids.telecom, 1)

  await db.insert(attributeTemplates).values([
    { gameId: mobile.id, version: 1, fields: fieldsV1 },
    { gameId: mobile.id, version: 2, fields: fieldsV2 },
  ])

  const listed = (hoursAgo: number) => new Date(now - hoursAgo * HOUR)
  const rent = { hourly: 500, daily: 3000, deposit: 10000, minHours: 1, maxHours: 72, rules: ['logout_on_time'] }
  await insertGoods('g1', {
    title: '黄金 典藏号',
    description: '适合新手',
    price: 10000,
    attributes: { rank: '1', skins: 50, rare: ['1'], note: '送号', born: '2020-01-01' },
    regionIds: [ids.ios, ids.iosQq],
    accountType: 'self',
    sellerId: null,
    status: 'on_sale',
    listedAt: listed(5),
  })
  await insertGoods('g2', {
    title: '铂金 传说限定',
    description: '描述里也有典藏二字',
    price: 50000,
    templateVersion: 1,
    attributes: { rank: '2', skins: 150, rare: ['2', '3'] },
    regionIds: [ids.ios, ids.iosWx],
    accountType: 'consign',
    specialOffer: true,
    rent,
    status: 'on_sale',
    listedAt: listed(4),
  })
  await insertGoods('g3', {
    title: 'Diamond 钻石 大号',
    description: 'ABC 测试',
    price: 30000,
    attributes: { rank: '3', skins: 300, rare: [] },
    regionIds: [ids.android, ids.androidQq],
    status: 'on_sale',
    listedAt: listed(3),
  })
  await insertGoods('g4', {
    title: '钻石 限定',
    description: '100%真实',
    price: 20000,
    attributes: { rank: '3', skins: 99, rare: ['3'] },
    regionIds: [ids.android, ids.androidWx],
    accountType: 'self',
    specialOffer: true,
    rent,
    status: 'on_sale',
    listedAt: listed(2),
  })
  await insertGoods('g5', {
    title: '铂金 双典藏',
    description: '送 1000 金币',
    price: 80000,
    attributes: { rank: '2', skins: 200, rare: ['1', '2'] },
    regionIds: [ids.android, ids.androidQq],
    status: 'on_sale',
    listedAt: listed(1),
  })
  const yesterdayNoon = new Date(chinaDayStart().getTime() - 12 * HOUR)
  await insertGoods('g6', {
    title: '已售 典藏',
    price: 40000,
    attributes: { rank: '1' },
    regionIds: [ids.ios, ids.iosQq],
    status: 'sold',
    listedAt: listed(72),
    soldAt: yesterdayNoon,
  })
  await insertGoods('g7', { title: '审核中 典藏', price: 40000, status: 'pending_review' })
  await insertGoods('g8', { title: '已下架 典藏', price: 40000, status: 'delisted', listedAt: listed(50) })
  await insertGoods('g9', { title: '交易中 典藏', price: 40000, status: 'in_trade', listedAt: listed(40) })
  await insertGoods('g10', {
    gameId: pc.id,
    templateVersion: 1,
    title: '端游 一区 老号',
    price: 15000,
    regionIds: [ids.telecom, ids.server1],
    status: 'on_sale',
    listedAt: listed(6),
  })
  await insertGoods('g11', {
    gameId: pc.id,
    title: '端游 今天卖掉',
    price: 25000,
    regionIds: [ids.telecom, ids.server2],
    status: 'sold',
    listedAt: listed(30),
    soldAt: new Date(chinaDayStart().getTime() + 60_000),
  })

  const people = await db
    .insert(users)
    .values([
      { username: 'alice', phone: '13700000001' },
      { username: 'bob', phone: '13700000002' },
    ])
    .returning({ id: users.id })
  const client = { ip: '127.0.0.1', userAgent: 'jest' }
  tokens.alice = (await createSession(db, people[0].id, 7, client)).token
  tokens.bob = (await createSession(db, people[1].id, 7, client)).token
}

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  await buildCatalogue()
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const auth = (token: string) => ({ authorization: `Bearer ${token}` })

async function get(url: string, token?: string) {
  const response = await app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
  responses.push({ url, body: response.body })
  return { status: response.statusCode, body: response.json() }
}

async function post(url: string, payload: unknown, token?: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? auth(token) : {},
  })
  responses.push({ url, body: response.body })
  return { status: response.statusCode, body: response.json() }
}

const list = (body: object) => post('/api/web/good/allList', { pageNum: 1, pageSize: 50, ...body })
const names = (rows: { id: number }[]) =>
  rows.map((row) => Object.keys(ids.g).find((name) => ids.g[name] === row.id) ?? `#${row.id}`)
const listNames = async (body: object) => {
  const { status, body: reply } = await list(body)
  expect(status).toBe(200)
  return names(reply.rows)
}

async function expectBadInput(response: Promise<{ status: number; body: { msg: string } }>, field: string) {
  const { status, body } = await response
  expect(status).toBe(400)
  expect(body.msg).toContain(field)
}

describe('GET /api/web/game/list', () => {
  test('lists enabled games in order with their on-sale counts (kept by triggers)', async () => {
    const { status, body } = await get('/api/web/game/list')
    expect(status).toBe(200)
    expect(body.data.map((g: { name: string }) => g.name)).toEqual(['测试手游', '测试端游', '多多游戏'])
    expect(body.data[0]).toEqual({
      id: ids.mobile,
      name: '测试手游',
      initial: 'C',
      type: 'mobile',
      icon: '',
      hot: true,
      sort: 1,
      onSaleCount: 5,
      rentableCount: 2,
    })
    expect(body.data[1].onSaleCount).toBe(1)
  })

  test('filters by type, initial (any case), part of the name and hot', async () => {
    const namesOf = async (query: string) =>
      (await get(`/api/web/game/list?${query}`)).body.data.map((g: { name: string }) => g.name)
    expect(await namesOf('type=pc')).toEqual(['测试端游', '多多游戏'])
    expect(await namesOf('initial=c')).toEqual(['测试手游'])
    expect(await namesOf('name=端')).toEqual(['测试端游'])
    expect(await namesOf('hot=true')).toEqual(['测试手游'])
    expect(await namesOf('hot=false&type=pc')).toEqual(['测试端游', '多多游戏'])
    expect(await namesOf('name=%25')).toEqual([])
  })

  test('refuses bad filters naming the field', async () => {
    await expectBadInput(get('/api/web/game/list?type=xbox'), '游戏类型')
    await expectBadInput(get('/api/web/game/list?initial=AB'), '首字母')
    await expectBadInput(get('/api/web/game/list?hot=maybe'), '热门')
    await expectBadInput(get(`/api/web/game/list?name=${'长'.repeat(21)}`), '游戏名称')
  })
})

describe('region lists', () => {
  const regionNames = (body: { data: { name: string }[] }) => body.data.map((r) => r.name)

  test('keylist answers each level of the tree and the goods types', async () => {
    const systems = await get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=system`)
    expect(systems.status).toBe(200)
    expect(systems.body.data).toEqual([
      { id: ids.ios, gameId: ids.mobile, parentId: null, kind: 'system', name: 'iOS', sort: 0 },
      { id: ids.android, gameId: ids.mobile, parentId: null, kind: 'system', name: '安卓', sort: 1 },
    ])
    const iosCarriers = await get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=carrier&parentId=${ids.ios}`)
    expect(iosCarriers.body.data.map((r: { id: number }) => r.id)).toEqual([ids.iosQq, ids.iosWx])
    const allCarriers = await get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=carrier`)
    expect(allCarriers.body.data).toHaveLength(4)
    expect(regionNames((await get(`/api/web/keylist?gameId=${ids.pc}&systemKey=area`)).body)).toEqual(['电信区'])
    expect((await get(`/api/web/keylist?gameId=${ids.pc}&systemKey=goodstype`)).body.data).toEqual([
      { value: 'self', label: '自营' },
      { value: 'consign', label: '代售' },
    ])
  })

  test('keylist refuses bad input and unknown games', async () => {
    await expectBadInput(get('/api/web/keylist?systemKey=system'), '游戏')
    await expectBadInput(get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=planet`), '类型')
    await expectBadInput(get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=carrier&parentId=x`), '上级区服')
    const missing = await get('/api/web/keylist?gameId=999999&systemKey=system')
    expect(missing.status).toBe(404)
    expect(missing.body.msg).toBe('游戏不存在')
  })

  test('operator, area, server and districtSuit lists', async () => {
    const carriers = await get(`/api/need/operator/list?gameId=${ids.mobile}`)
    expect(carriers.body.data.map((r: { id: number }) => r.id)).toEqual([
      ids.iosQq,
      ids.androidQq,
      ids.iosWx,
      ids.androidWx,
    ])
    expect(regionNames((await get(`/api/need/area/list?gameId=${ids.pc}`)).body)).toEqual(['电信区'])
    expect(regionNames((await get(`/api/need/server/list?parentId=${ids.telecom}`)).body)).toEqual(['一区', '二区'])
    expect(regionNames((await get(`/api/web/districtSuit?parentId=${ids.telecom}`)).body)).toEqual(['一区', '二区'])
    expect((await get(`/api/need/server/list?parentId=${ids.ios}`)).body.data).toEqual([])
  })

  test('the lists refuse bad input naming the field', async () => {
    await expectBadInput(get('/api/need/operator/list'), '游戏')
    await expectBadInput(get('/api/need/area/list?gameId=0'), '游戏')
    await expectBadInput(get(`/api/need/area/list?gameId=${ids.pc}&parentId=-1`), '上级区服')
    await expectBadInput(get('/api/need/server/list?parentId=abc'), '大区')
    await expectBadInput(get('/api/web/districtSuit'), '大区')
    expect((await get('/api/need/operator/list?gameId=999999')).status).toBe(404)
  })
})

describe('GET /api/web/gameTempAttr', () => {
  test('answers the latest version of the template', async () => {
    const { status, body } = await get(`/api/web/gameTempAttr?gameId=${ids.mobile}`)
    expect(status).toBe(200)
    expect(body.data).toEqual({ gameId: ids.mobile, version: 2, fields: fieldsV2 })
  })

  test('a game without a template has version 0 and no fields; unknown games are 404', async () => {
    expect((await get(`/api/web/gameTempAttr?gameId=${ids.pc}`)).body.data).toEqual({
      gameId: ids.pc,
      version: 0,
      fields: [],
    })
    expect((await get('/api/web/gameTempAttr?gameId=999999')).status).toBe(404)
    await expectBadInput(get('/api/web/gameTempAttr'), '游戏')
    await expectBadInput(get('/api/web/gameTempAttr?gameId=2147483648'), '游戏')
  })
})

describe('POST /api/web/good/allList', () => {
  test('lists only on-sale goods, newest first, with cards', async () => {
    const { status, body } = await list({ gameId: ids.mobile })
    expect(status).toBe(200)
    expect(body.msg).toBe('查询成功')
    expect(names(body.rows)).toEqual(['g5', 'g4', 'g3', 'g2', 'g1'])
    expect(body.total).toBe(5)
    expect(body.rows[3]).toEqual({
      id: ids.g.g2,
      gameId: ids.mobile,
      gameName: '测试手游',
      title: '铂金 传说限定',
      price: 50000,
      coverImage: '/uploads/g2.jpg',
      thumbImage: '/uploads/g2.jpg',
      regionIds: [ids.ios, ids.iosWx],
      regionNames: ['iOS', '微信'],
      // Version 1 of the template (the goods' own) names the field differently.
      highlights: ['铂金', '皮肤数 150个'],
      accountType: 'consign',
      guarantee: 'buyer_pays',
      specialOffer: true,
      rent: { hourly: 500, daily: 3000, deposit: 10000, minHours: 1, maxHours: 72, rules: ['logout_on_time'] },
      status: 'on_sale',
      views: 0,
      favourites: 0,
      listedAt: expect.any(String),
    })
    expect(body.rows[4].highlights).toEqual(['黄金', '皮肤数 50个', '稀有皮肤×1'])
  })

  test('names a region added after the cards were first drawn', async () => {
    await list({ gameId: ids.mobile })
    const [harmony] = await database.db
      .insert(regionNodes)
      .values({ gameId: ids.mobile, kind: 'system', name: '鸿蒙', sort: 2 })
      .returning({ id: regionNodes.id })
    const id = await insertGoods('harmony', {
      title: '鸿蒙号',
      price: 100,
      status: 'on_sale',
      listedAt: new Date(),
      regionIds: [harmony.id],
    })
    try {
      const { body } = await list({ gameId: ids.mobile })
      expect(body.rows.find((card: { id: number }) => card.id === id)).toMatchObject({ regionNames: ['鸿蒙'] })
    } finally {
      await database.db.delete(goodsCredentials).where(eq(goodsCredentials.goodsId, id))
      await database.db.delete(goods).where(eq(goods.id, id))
      await database.db.delete(regionNodes).where(eq(regionNodes.id, harmony.id))
    }
  })

  test('without a game lists every game; an empty body uses the defaults', async () => {
    const all = await list({})
    expect(names(all.body.rows)).toEqual(['g5', 'g4', 'g3', 'g2', 'g1', 'g10'])
    expect(all.body.total).toBe(6)
    const bare = await post('/api/web/good/allList', {})
    expect(bare.status).toBe(200)
    expect(bare.body.rows).toHaveLength(6)
  })

  test('the five sorts', async () => {
    const game = { gameId: ids.mobile }
    expect(await listNames({ ...game, sort: 'default' })).toEqual(['g5', 'g4', 'g3', 'g2', 'g1'])
    expect(await listNames({ ...game, sort: 'time_desc' })).toEqual(['g5', 'g4', 'g3', 'g2', 'g1'])
    expect(await listNames({ ...game, sort: 'time_asc' })).toEqual(['g1', 'g2', 'g3', 'g4', 'g5'])
    expect(await listNames({ ...game, sort: 'price_asc' })).toEqual(['g1', 'g4', 'g3', 'g2', 'g5'])
    expect(await listNames({ ...game, sort: 'price_desc' })).toEqual(['g5', 'g2', 'g3', 'g4', 'g1'])
    expect(await listNames({ sort: 'price_asc' })).toEqual(['g1', 'g10', 'g4', 'g3', 'g2', 'g5'])
  })

  test('region ids: every given node must be on the goods', async () => {
    expect(await listNames({ gameId: ids.mobile, regionIds: [ids.ios] })).toEqual(['g2', 'g1'])
    expect(await listNames({ gameId: ids.mobile, regionIds: [ids.android, ids.androidQq] })).toEqual(['g5', 'g3'])
    expect(await listNames({ regionIds: [ids.server1] })).toEqual(['g10'])
    expect(await listNames({ regionIds: [ids.ios, ids.androidQq] })).toEqual([])
    const { body } = await list({ gameId: ids.mobile, regionIds: [ids.android] })
    expect(body.total).toBe(3)
  })

  test('attributes: radio exact or any of a list, checkbox any-of, number ranges, combined', async () => {
    const game = { gameId: ids.mobile, sort: 'price_asc' }
    expect(await listNames({ ...game, attributes: { rank: '3' } })).toEqual(['g4', 'g3'])
    expect(await listNames({ ...game, attributes: { rank: ['1', '3'] } })).toEqual(['g1', 'g4', 'g3'])
    expect(await listNames({ ...game, attributes: { rare: ['1', '3'] } })).toEqual(['g1', 'g4', 'g2', 'g5'])
    expect(await listNames({ ...game, attributes: { rare: '2' } })).toEqual(['g2', 'g5'])
    expect(await listNames({ ...game, attributes: { skins: { min: 100, max: 200 } } })).toEqual(['g2', 'g5'])
    expect(await listNames({ ...game, attributes: { skins: { min: 200 } } })).toEqual(['g3', 'g5'])
    expect(await listNames({ ...game, attributes: { skins: { max: 99 } } })).toEqual(['g1', 'g4'])
    expect(await listNames({ ...game, attributes: { rank: '2', skins: { min: 180 } } })).toEqual(['g5'])
    expect(await listNames({ ...game, attributes: { note: '送号' } })).toEqual(['g1'])
    expect(await listNames({ ...game, attributes: { rank: [] } })).toEqual(['g1', 'g4', 'g3', 'g2', 'g5'])
    const { body } = await list({ ...game, attributes: { rank: '3' } })
    expect(body.total).toBe(2)
  })

  test('price range is inclusive on both ends', async () => {
    const game = { gameId: ids.mobile, sort: 'price_asc' }
    expect(await listNames({ ...game, priceMin: 20000, priceMax: 50000 })).toEqual(['g4', 'g3', 'g2'])
    expect(await listNames({ ...game, priceMin: 50001 })).toEqual(['g5'])
    expect(await listNames({ ...game, priceMax: 10000 })).toEqual(['g1'])
    expect(await listNames({ ...game, priceMin: 30000, priceMax: 30000 })).toEqual(['g3'])
  })

  test('keyword: every word in title or description, case-insensitive, LIKE characters taken literally', async () => {
    const game = { gameId: ids.mobile, sort: 'price_asc' }
    expect(await listNames({ ...game, keyword: '典藏' })).toEqual(['g1', 'g2', 'g5'])
    expect(await listNames({ ...game, keyword: 'abc' })).toEqual(['g3'])
    expect(await listNames({ ...game, keyword: 'diamond 钻石' })).toEqual(['g3'])
    // Every word must appear, in any order.
    expect(await listNames({ ...game, keyword: '限定 钻石' })).toEqual(['g4'])
    expect(await listNames({ ...game, keyword: '钻石限定' })).toEqual([])
    expect(await listNames({ ...game, keyword: '钻 限定' })).toEqual(['g4'])
    expect(await listNames({ ...game, keyword: '100%' })).toEqual(['g4'])
    expect(await listNames({ ...game, keyword: '10_0' })).toEqual([])
    expect(await listNames({ ...game, keyword: '钻' })).toEqual(['g4', 'g3'])
    expect(await listNames({ ...game, keyword: '  ' })).toEqual(['g1', 'g4', 'g3', 'g2', 'g5'])
    expect(await listNames({ keyword: '老号' })).toEqual(['g10'])
    expect(await listNames({ keyword: '不存在的词' })).toEqual([])
    const { body } = await list({ keyword: '典藏' })
    expect(body.total).toBe(3)
  })

  test('account type, special offer, rentable', async () => {
    const game = { gameId: ids.mobile, sort: 'price_asc' }
    expect(await listNames({ ...game, accountType: 'self' })).toEqual(['g1', 'g4'])
    expect(await listNames({ ...game, accountType: 'consign' })).toEqual(['g3', 'g2', 'g5'])
    expect(await listNames({ ...game, specialOffer: true })).toEqual(['g4', 'g2'])
    expect(await listNames({ ...game, specialOffer: false })).toEqual(['g1', 'g3', 'g5'])
    expect(await listNames({ ...game, rentable: true })).toEqual(['g4', 'g2'])
    expect(await listNames({ ...game, rentable: false })).toEqual(['g1', 'g3', 'g5'])
  })

  test('the hire list sorts and filters by hourly rent; other lists may not', async () => {
    const [g4] = await database.db.select().from(goods).where(eq(goods.id, ids.g.g4))
    await database.db
      .update(goods)
      .set({ rent: { ...g4.rent!, hourly: 900 } })
      .where(eq(goods.id, ids.g.g4))
    try {
      const game = { gameId: ids.mobile, rentable: true }
      // By price g4 (¥200) comes first; by rent g2 (¥5/小时) does.
      expect(await listNames({ ...game, sort: 'price_asc' })).toEqual(['g4', 'g2'])
      expect(await listNames({ ...game, sort: 'rent_asc' })).toEqual(['g2', 'g4'])
      expect(await listNames({ ...game, sort: 'rent_desc' })).toEqual(['g4', 'g2'])
      expect(await listNames({ rentable: true, sort: 'rent_desc' })).toEqual(['g4', 'g2'])
      await expectBadInput(list({ gameId: ids.mobile, sort: 'rent_asc' }), '按租金排序只用于可租的账号')
      // 租金 in 筛选: g2's ¥5 an hour is in ¥1–6, g4's ¥9 is not, though its sale price is the lower.
      expect(await listNames({ ...game, rentMin: 100, rentMax: 600 })).toEqual(['g2'])
      expect(await listNames({ ...game, rentMin: 600 })).toEqual(['g4'])
      expect(await listNames({ ...game, rentMax: 900, sort: 'rent_desc' })).toEqual(['g4', 'g2'])
      expect((await list({ ...game, rentMin: 600 })).body.total).toBe(1)
      await expectBadInput(list({ ...game, rentMin: 900, rentMax: 100 }), '最低租金不能高于最高租金')
      await expectBadInput(list({ gameId: ids.mobile, rentMax: 600 }), '按租金筛选只用于可租的账号')
    } finally {
      await database.db.update(goods).set({ rent: g4.rent }).where(eq(goods.id, ids.g.g4))
    }
  })

  test('paging keeps the total; past the end is an empty page', async () => {
    const second = await list({ gameId: ids.mobile, pageNum: 2, pageSize: 2 })
    expect(names(second.body.rows)).toEqual(['g3', 'g2'])
    expect(second.body.total).toBe(5)
    const third = await list({ gameId: ids.mobile, pageNum: 3, pageSize: 2 })
    expect(names(third.body.rows)).toEqual(['g1'])
    const beyond = await list({ gameId: ids.mobile, pageNum: 9, pageSize: 2, rentable: true })
    expect(beyond.body).toMatchObject({ rows: [], total: 2 })
  })

  test('without pageSize the page size comes from settings', async () => {
    const [previous] = await database.db.select().from(settings).where(eq(settings.key, 'pageSizes'))
    await database.db
      .update(settings)
      .set({ value: { goods: { default: 2 } } })
      .where(eq(settings.key, 'pageSizes'))
    try {
      const { body } = await post('/api/web/good/allList', { gameId: ids.mobile })
      expect(names(body.rows)).toEqual(['g5', 'g4'])
      expect(body.total).toBe(5)
    } finally {
      await database.db.update(settings).set({ value: previous.value }).where(eq(settings.key, 'pageSizes'))
    }
  })

  test('totals follow status changes (counts kept by triggers)', async () => {
    await database.db.update(goods).set({ status: 'in_trade' }).where(eq(goods.id, ids.g.g5))
    try {
      const { body } = await list({ gameId: ids.mobile })
      expect(names(body.rows)).toEqual(['g4', 'g3', 'g2', 'g1'])
      expect(body.total).toBe(4)
      const game = (await get('/api/web/game/list?initial=C')).body.data[0]
      expect(game.onSaleCount).toBe(4)
    } finally {
      await database.db.update(goods).set({ status: 'on_sale' }).where(eq(goods.id, ids.g.g5))
    }
    expect((await list({ gameId: ids.mobile })).body.total).toBe(5)
  })

  test('rentable counts follow rent terms, status and inserts and deletes (kept by triggers)', async () => {
    const rentable = async () =>
      Object.fromEntries(
        ((await get('/api/web/game/list')).body.data as { id: number; rentableCount: number }[]).map((g) => [
          g.id,
          g.rentableCount,
        ]),
      )
    expect((await rentable())[ids.mobile]).toBe(2)
    const terms = (await database.db.select().from(goods).where(eq(goods.id, ids.g.g4)))[0].rent
    await database.db.update(goods).set({ rent: null }).where(eq(goods.id, ids.g.g4))
    expect((await rentable())[ids.mobile]).toBe(1)
    await database.db.update(goods).set({ rent: terms }).where(eq(goods.id, ids.g.g4))
    await database.db.update(goods).set({ status: 'in_trade' }).where(eq(goods.id, ids.g.g2))
    expect((await rentable())[ids.mobile]).toBe(1)
    await database.db.update(goods).set({ status: 'on_sale' }).where(eq(goods.id, ids.g.g2))
    expect((await rentable())[ids.mobile]).toBe(2)

    const before = (await rentable())[ids.many]
    const { rows: added } = await database.pool.query(
      `insert into goods (game_id, title, price, status, listed_at, rent)
       select $1, '可租 ' || i, 10000, 'on_sale', now(), case when i % 2 = 0 then $2::jsonb end
       from generate_series(1, 6) i returning id`,
      [ids.many, JSON.stringify(terms)],
    )
    expect((await rentable())[ids.many]).toBe(before + 3)
    await database.pool.query('delete from goods where id = any($1)', [added.map((r: { id: number }) => r.id)])
    expect((await rentable())[ids.many]).toBe(before)

    // Every game's kept figure is a fresh count.
    const { rows: drift } = await database.pool.query(
      `select g.id from games g where g.rentable_count <>
         (select count(*) from goods x where x.game_id = g.id and x.status = 'on_sale' and x.rent is not null and x.kind = 'listing')`,
    )
    expect(drift).toEqual([])
  })

  test('filtered totals stop at 1000; a game-only total is exact', async () => {
    await database.pool.query(
      `insert into goods (game_id, title, price, status, listed_at, special_offer)
       select $1, '批量 ' || i, 9000000 + i, 'on_sale', now() - interval '30 days', i % 2 = 0
       from generate_series(1, 2010) i`,
      [ids.many],
    )
    const filtered = await list({ gameId: ids.many, specialOffer: true, pageSize: 10 })
    expect(filtered.body.total).toBe(1000)
    expect(filtered.body.rows).toHaveLength(10)
    expect((await list({ gameId: ids.many, specialOffer: false, priceMin: 9002000 })).body.total).toBe(5)
    const whole = await list({ gameId: ids.many, pageSize: 10 })
    expect(whole.body.total).toBe(2010)
  })

  test('a keyword in 1000 or more listings pages through the sort (by time and by price), matches only', async () => {
    // The '批量' listings of the test above: 2010 of them, plus one of another game.
    const byPrice = await list({ gameId: ids.many, keyword: '批量', sort: 'price_desc', pageNum: 2, pageSize: 10 })
    expect(byPrice.body.total).toBe(1000)
    expect(byPrice.body.rows.map((r: { title: string }) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `批量 ${2000 - i}`),
    )
    const byTime = await list({ gameId: ids.many, keyword: '批量 199', sort: 'time_asc', pageSize: 50 })
    expect(byTime.body.rows.every((r: { title: string }) => r.title.includes('199'))).toBe(true)
    expect(byTime.body.rows.length).toBe(byTime.body.total)
  })

  test('a filtered total is reused for a few seconds; the page is always read afresh', async () => {
    const query = { gameId: ids.mobile, specialOffer: true }
    expect(await listNames(query)).toEqual(['g4', 'g2'])
    await database.db.update(goods).set({ status: 'in_trade' }).where(eq(goods.id, ids.g.g4))
    try {
      const { body } = await list(query)
      expect(names(body.rows)).toEqual(['g2'])
      expect(body.total).toBe(2)
    } finally {
      await database.db.update(goods).set({ status: 'on_sale' }).where(eq(goods.id, ids.g.g4))
    }
  })

  test('refuses each bad field naming it', async () => {
    const game = { gameId: ids.mobile }
    await expectBadInput(list({ gameId: 'x' }), '游戏')
    await expectBadInput(list({ gameId: 0 }), '游戏')
    await expectBadInput(list({ keyword: '长'.repeat(51) }), '关键词')
    await expectBadInput(list({ keyword: { text: '典藏' } }), '关键词')
    await expectBadInput(list({ regionIds: ['a'] }), '区服')
    await expectBadInput(list({ priceMin: -1 }), '最低价')
    await expectBadInput(list({ priceMax: 'x' }), '最高价')
    await expectBadInput(list({ priceMin: 500, priceMax: 100 }), '最低价不能高于最高价')
    await expectBadInput(list({ accountType: 'rented' }), '账号类型')
    await expectBadInput(list({ specialOffer: 'maybe' }), '特价捡漏')
    await expectBadInput(list({ rentable: 'maybe' }), '可租')
    await expectBadInput(list({ sort: 'random' }), '排序')
    await expectBadInput(list({ pageNum: 0 }), '页码')
    await expectBadInput(list({ pageSize: 201 }), '每页条数')
    await expectBadInput(list({ colour: 'red' }), '不支持的字段：colour')
    await expectBadInput(list({ attributes: 'rank' }), '属性筛选')
    await expectBadInput(list({ attributes: { rank: 5 } }), '属性筛选')
    await expectBadInput(list({ ...game, attributes: { skins: { min: 1, most: 2 } } }), '属性筛选')
    await expectBadInput(list({ attributes: { rank: '1' } }), '按属性筛选时请先选择游戏')
    await expectBadInput(list({ ...game, attributes: { nope: '1' } }), '属性“nope”不存在')
    await expectBadInput(list({ ...game, attributes: { rank: '9' } }), '段位没有选项“9”')
    await expectBadInput(list({ ...game, attributes: { rare: ['1', '7'] } }), '稀有皮肤没有选项“7”')
    await expectBadInput(list({ ...game, attributes: { skins: '3' } }), '皮肤数的筛选须为范围')
    await expectBadInput(list({ ...game, attributes: { rank: { min: 1 } } }), '段位的筛选须为选项')
    await expectBadInput(list({ ...game, attributes: { skins: { min: 9, max: 1 } } }), '皮肤数的最小值不能大于最大值')
    await expectBadInput(list({ ...game, attributes: { born: '2020-01-01' } }), '注册日期不支持筛选')
    const { body } = await list({ ...game, attributes: { rank: '9' } })
    expect(body.data.errors).toEqual([{ field: 'attributes.rank', message: '段位没有选项“9”' }])
  })
})

describe('GET /api/web/good/:id', () => {
  const viewsOf = async (name: string) =>
    (await database.db.select({ views: goods.views }).from(goods).where(eq(goods.id, ids.g[name])))[0].views

  test('answers the detail with its template rows and counts the view', async () => {
    const before = await viewsOf('g1')
    const { status, body } = await get(`/api/web/good/${ids.g.g1}`)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      id: ids.g.g1,
      title: '黄金 典藏号',
      description: '适合新手',
      images: ['/uploads/g1.jpg', '/uploads/g1-2.jpg'],
      attributes: { rank: '1', skins: 50, rare: ['1'], note: '送号', born: '2020-01-01' },
      attributeRows: [
        { key: 'rank', label: '段位', value: '黄金' },
        { key: 'skins', label: '皮肤数', value: '50个' },
        { key: 'rare', label: '稀有皮肤', value: '典藏' },
        { key: 'note', label: '备注', value: '送号' },
        { key: 'born', label: '注册日期', value: '2020-01-01' },
      ],
      templateVersion: 2,
      soldAt: null,
      collected: false,
      regionNames: ['iOS', 'QQ'],
      status: 'on_sale',
      views: before + 1,
    })
    expect(await viewsOf('g1')).toBe(before + 1)
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt)
    // Answered with the contract's declaration: every field it names arrives, and nothing else.
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(GoodsDetail.properties).sort())
  })

  test('goods keep the labels of their own template version', async () => {
    const { body } = await get(`/api/web/good/${ids.g.g2}`)
    expect(body.data.attributeRows).toEqual([
      { key: 'rank', label: '旧段位', value: '铂金' },
      { key: 'skins', label: '皮肤数', value: '150个' },
    ])
  })

  test('a detail under 2 KB is sent uncompressed; a list page over it is compressed', async () => {
    const headers = { 'accept-encoding': 'br, gzip' }
    const {
      rows: [row],
    } = await database.pool.query(
      `insert into goods (game_id, title, description, price, status, listed_at)
       values ($1, '中等大小', $2, 100000, 'in_trade', now()) returning id`,
      [ids.mobile, 'x'.repeat(600)],
    )
    try {
      const detail = await app.inject({ url: `/api/web/good/${row.id}`, headers })
      // Between @fastify/compress's default threshold (1 KB) and ours.
      expect(detail.rawPayload.length).toBeGreaterThan(1024)
      expect(detail.rawPayload.length).toBeLessThan(2048)
      expect(detail.headers['content-encoding']).toBeUndefined()
    } finally {
      await database.pool.query('delete from goods where id = $1', [row.id])
    }
    const page = await app.inject({
      method: 'POST',
      url: '/api/web/good/allList',
      headers,
      payload: { gameId: ids.mobile, pageNum: 1, pageSize: 20 },
    })
    expect(page.headers['content-encoding']).toBe('br')
  })

  test('sold and in-trade goods are shown; goods in review, delisted or missing are 404', async () => {
    const sold = await get(`/api/web/good/${ids.g.g6}`)
    expect(sold.status).toBe(200)
    expect(sold.body.data.status).toBe('sold')
    expect(sold.body.data.soldAt).toEqual(expect.any(String))
    expect((await get(`/api/web/good/${ids.g.g9}`)).body.data.status).toBe('in_trade')
    for (const id of [ids.g.g7, ids.g.g8, 999999]) {
      const { status, body } = await get(`/api/web/good/${id}`)
      expect(status).toBe(404)
      expect(body.msg).toBe('商品不存在')
    }
    const before = await viewsOf('g7')
    await get(`/api/web/good/${ids.g.g7}`)
    expect(await viewsOf('g7')).toBe(before)
  })

  test('refuses a bad id naming it', async () => {
    await expectBadInput(get('/api/web/good/abc'), '商品编号')
    await expectBadInput(get('/api/web/good/0'), '商品编号')
    await expectBadInput(get('/api/web/good/99999999999'), '商品编号')
  })

  test('a signed-in view is recorded once per goods, a visitor view is not', async () => {
    const [alice] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'alice'))
    const historyOf = () =>
      database.db
        .select()
        .from(browses)
        .where(and(eq(browses.userId, alice.id), eq(browses.goodsId, ids.g.g3)))
    await get(`/api/web/good/${ids.g.g3}`)
    expect(await historyOf()).toHaveLength(0)
    await get(`/api/web/good/${ids.g.g3}`, tokens.alice)
    const [first] = await historyOf()
    await new Promise((resolve) => setTimeout(resolve, 10))
    await get(`/api/web/good/${ids.g.g3}`, tokens.alice)
    const rows = await historyOf()
    expect(rows).toHaveLength(1)
    expect(rows[0].viewedAt.getTime()).toBeGreaterThan(first.viewedAt.getTime())
  })
})

describe('GET /api/web/recommend/:id', () => {
  test('up to 8 on-sale goods of the same game, nearest price first, never itself', async () => {
    const { status, body } = await get(`/api/web/recommend/${ids.g.g3}`)
    expect(status).toBe(200)
    // g3 is ¥300: g4 ¥200 (100 away), then g1 ¥100 and g2 ¥500 (200 away, lower id first), g5 ¥800.
    expect(names(body.data)).toEqual(['g4', 'g1', 'g2', 'g5'])
  })

  test('works from a sold goods too, and caps at 8', async () => {
    // g6 is ¥400: g2 and g3 are ¥100 away (lower id first), then g4, g1, g5.
    expect(names((await get(`/api/web/recommend/${ids.g.g6}`)).body.data)).toEqual(['g2', 'g3', 'g4', 'g1', 'g5'])
    const [first] = await database.db
      .insert(goods)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          gameId: ids.many,
          title: `多多 ${i}`,
          price: 10000 + i * 100,
          status: 'on_sale' as const,
          listedAt: new Date(),
        })),
      )
      .returning({ id: goods.id })
    const { body } = await get(`/api/web/recommend/${first.id}`)
    expect(body.data).toHaveLength(8)
    expect(body.data.map((c: { price: number }) => c.price)).toEqual([
      10100, 10200, 10300, 10400, 10500, 10600, 10700, 10800,
    ])
  })

  test('404 for goods not public, 400 for a bad id', async () => {
    expect((await get(`/api/web/recommend/${ids.g.g7}`)).status).toBe(404)
    await expectBadInput(get('/api/web/recommend/x'), '商品编号')
  })
})

describe('recent deals and stats', () => {
  test('recent deals: sold goods, latest first, with soldAt and the sold total', async () => {
    const { status, body } = await get('/api/web/recentlydeal?pageNum=1&pageSize=10')
    expect(status).toBe(200)
    expect(names(body.rows)).toEqual(['g11', 'g6'])
    expect(body.total).toBe(2)
    expect(body.rows[0]).toMatchObject({ status: 'sold', gameName: '测试端游', regionNames: ['电信区', '二区'] })
    expect(new Date(body.rows[0].soldAt).getTime()).toBeGreaterThan(new Date(body.rows[1].soldAt).getTime())
    const second = await get('/api/web/recentlydeal?pageNum=2&pageSize=1')
    expect(names(second.body.rows)).toEqual(['g6'])
    await expectBadInput(get('/api/web/recentlydeal?pageSize=0'), '每页条数')
    await expectBadInput(get('/api/web/recentlydeal?pageNum=x'), '页码')
  })

  test('stats: on sale, sold yesterday (China calendar day), sold in total', async () => {
    const { status, body } = await get('/api/web/stats')
    expect(status).toBe(200)
    const [extra] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(goods)
      .where(and(eq(goods.gameId, ids.many), eq(goods.status, 'on_sale')))
    expect(body.data).toEqual({ onSale: 6 + extra.n, soldYesterday: 1, soldTotal: 2 })
  })
})

describe('favourites', () => {
  const favouritesOf = async (name: string) =>
    (await database.db.select({ n: goods.favourites }).from(goods).where(eq(goods.id, ids.g[name])))[0].n

  test('need a signed-in user', async () => {
    for (const response of [
      post('/api/web/goods/collect', { goodsId: ids.g.g1 }),
      post('/api/web/goods/collect/remove', { goodsId: ids.g.g1 }),
      get('/api/web/goods/collect/list'),
      get('/api/web/goods/collect/list', 'not-a-token'),
    ]) {
      const { status, body } = await response
      expect(status).toBe(401)
      expect(['请先登录', '登录状态已过期，请重新登录']).toContain(body.msg)
    }
  })

  test('add is idempotent and counted once; remove is idempotent', async () => {
    const before = await favouritesOf('g1')
    expect((await post('/api/web/goods/collect', { goodsId: ids.g.g1 }, tokens.alice)).body).toEqual({
      code: 200,
      msg: '操作成功',
    })
    expect((await post('/api/web/goods/collect', { goodsId: ids.g.g1 }, tokens.alice)).status).toBe(200)
    expect(await favouritesOf('g1')).toBe(before + 1)
    expect((await get(`/api/web/good/${ids.g.g1}`, tokens.alice)).body.data.collected).toBe(true)
    expect((await get(`/api/web/good/${ids.g.g1}`, tokens.bob)).body.data.collected).toBe(false)

    const mine = await get('/api/web/goods/collect/list', tokens.alice)
    expect(names(mine.body.rows)).toEqual(['g1'])
    expect(mine.body.total).toBe(1)
    expect(mine.body.rows[0].collectedAt).toEqual(expect.any(String))

    expect((await post('/api/web/goods/collect/remove', { goodsId: ids.g.g1 }, tokens.alice)).status).toBe(200)
    expect((await post('/api/web/goods/collect/remove', { goodsId: ids.g.g1 }, tokens.alice)).status).toBe(200)
    expect(await favouritesOf('g1')).toBe(before)
    expect((await get('/api/web/goods/collect/list', tokens.alice)).body).toMatchObject({ rows: [], total: 0 })
  })

  test("newest first, paged, and another user's favourites are never visible", async () => {
    await post('/api/web/goods/collect', { goodsId: ids.g.g3 }, tokens.alice)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await post('/api/web/goods/collect', { goodsId: ids.g.g6 }, tokens.alice)
    await post('/api/web/goods/collect', { goodsId: ids.g.g2 }, tokens.bob)
    const alice = await get('/api/web/goods/collect/list?pageNum=1&pageSize=10', tokens.alice)
    expect(names(alice.body.rows)).toEqual(['g6', 'g3'])
    expect(alice.body.rows[0].status).toBe('sold')
    const firstPage = await get('/api/web/goods/collect/list?pageNum=1&pageSize=1', tokens.alice)
    expect(names(firstPage.body.rows)).toEqual(['g6'])
    expect(firstPage.body.total).toBe(2)
    const bob = await get('/api/web/goods/collect/list', tokens.bob)
    expect(names(bob.body.rows)).toEqual(['g2'])
    expect(bob.body.total).toBe(1)
    // Bob removing Alice's favourite touches only his own (absent) row.
    await post('/api/web/goods/collect/remove', { goodsId: ids.g.g3 }, tokens.bob)
    expect(names((await get('/api/web/goods/collect/list', tokens.alice)).body.rows)).toEqual(['g6', 'g3'])
  })

  test('goods that stop being public leave the list', async () => {
    await database.db.update(goods).set({ status: 'delisted' }).where(eq(goods.id, ids.g.g3))
    try {
      const { body } = await get('/api/web/goods/collect/list', tokens.alice)
      expect(names(body.rows)).toEqual(['g6'])
      expect(body.total).toBe(1)
    } finally {
      await database.db.update(goods).set({ status: 'on_sale' }).where(eq(goods.id, ids.g.g3))
    }
    const rows = await database.db.select().from(favourites).where(eq(favourites.goodsId, ids.g.g3))
    expect(rows).toHaveLength(1)
  })

  test('refuses bad input and goods that are not public', async () => {
    await expectBadInput(post('/api/web/goods/collect', {}, tokens.alice), '商品编号')
    await expectBadInput(post('/api/web/goods/collect', { goodsId: 'x' }, tokens.alice), '商品编号')
    await expectBadInput(post('/api/web/goods/collect', { goodsId: 1, note: 'hi' }, tokens.alice), '不支持的字段')
    await expectBadInput(post('/api/web/goods/collect/remove', { goodsId: -3 }, tokens.alice), '商品编号')
    await expectBadInput(get('/api/web/goods/collect/list?pageSize=500', tokens.alice), '每页条数')
    for (const id of [ids.g.g7, 999999]) {
      const { status, body } = await post('/api/web/goods/collect', { goodsId: id }, tokens.alice)
      expect(status).toBe(404)
      expect(body.msg).toBe('商品不存在')
    }
  })
})

describe('GET /api/need/myBrowse', () => {
  test('needs a signed-in user', async () => {
    expect((await get('/api/need/myBrowse')).status).toBe(401)
  })

  test('one row per goods, newest view first, only the caller’s', async () => {
    for (const name of ['g4', 'g5', 'g4']) {
      await get(`/api/web/good/${ids.g[name]}`, tokens.bob)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const { status, body } = await get('/api/need/myBrowse?pageNum=1&pageSize=10', tokens.bob)
    expect(status).toBe(200)
    expect(names(body.rows)).toEqual(['g4', 'g5', 'g1'])
    expect(body.total).toBe(3)
    expect(body.rows[0].viewedAt).toEqual(expect.any(String))
    const alice = await get('/api/need/myBrowse', tokens.alice)
    expect(names(alice.body.rows)).toEqual(['g1', 'g3'])
    const paged = await get('/api/need/myBrowse?pageNum=2&pageSize=2', tokens.bob)
    expect(names(paged.body.rows)).toEqual(['g1'])
    await expectBadInput(get('/api/need/myBrowse?pageNum=0', tokens.bob), '页码')
  })
})

describe('no private data in any catalogue response', () => {
  const FORBIDDEN_KEYS = [
    'contact',
    'cost',
    'internalNote',
    'auditReason',
    'delistReason',
    'accountSource',
    'guaranteeMaterials',
    'credentials',
    'sealed',
    'password',
    'account',
    'phone',
    'qq',
    'weixin',
    'sellerId',
    'searchGrams',
    'wdek',
    'kid',
  ]

  function walk(value: unknown, path: string, problems: string[]) {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`, problems))
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.includes(key)) problems.push(`${path}.${key}`)
        walk(child, `${path}.${key}`, problems)
      }
    } else if (typeof value === 'string') {
      for (const marker of Object.values(MARKERS)) if (value.includes(marker)) problems.push(`${path} has ${marker}`)
      if (/"wdek"|"ct"\s*:/.test(value)) problems.push(`${path} looks like a sealed envelope`)
    }
  }

  test('every endpoint, signed in and not', async () => {
    for (const token of [undefined, tokens.alice]) {
      await get('/api/web/game/list', token)
      await get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=carrier`, token)
      await get(`/api/web/keylist?gameId=${ids.mobile}&systemKey=goodstype`, token)
      await get(`/api/web/districtSuit?parentId=${ids.telecom}`, token)
      await get(`/api/need/operator/list?gameId=${ids.mobile}`, token)
      await get(`/api/need/area/list?gameId=${ids.pc}`, token)
      await get(`/api/need/server/list?parentId=${ids.telecom}`, token)
      await get(`/api/web/gameTempAttr?gameId=${ids.mobile}`, token)
      await list({})
      await list({ keyword: '典藏', sort: 'price_desc' })
      for (const name of Object.keys(ids.g)) {
        await get(`/api/web/good/${ids.g[name]}`, token)
        await get(`/api/web/recommend/${ids.g[name]}`, token)
      }
      await get('/api/web/recentlydeal', token)
      await get('/api/web/stats', token)
    }
    await post('/api/web/goods/collect', { goodsId: ids.g.g5 }, tokens.alice)
    await get('/api/web/goods/collect/list', tokens.alice)
    await get('/api/need/myBrowse', tokens.alice)

    const catalogueUrls = new Set(responses.map((r) => r.url.split('?')[0].replace(/\/\d+$/, '/:id')))
    expect([...catalogueUrls]).toEqual(
      expect.arrayContaining([
        '/api/web/game/list',
        '/api/web/keylist',
        '/api/web/districtSuit',
        '/api/need/operator/list',
        '/api/need/area/list',
        '/api/need/server/list',
        '/api/web/gameTempAttr',
        '/api/web/good/allList',
        '/api/web/good/:id',
        '/api/web/recommend/:id',
        '/api/web/recentlydeal',
        '/api/web/stats',
        '/api/web/goods/collect',
        '/api/web/goods/collect/remove',
        '/api/web/goods/collect/list',
        '/api/need/myBrowse',
      ]),
    )
    expect(catalogueUrls.size).toBeGreaterThanOrEqual(17)
    const problems: string[] = []
    for (const { url, body } of responses) walk(JSON.parse(body), url, problems)
    expect(problems).toEqual([])
    // The markers are really in the database, so the walk above could have found them.
    const [row] = await database.db.select().from(goods).where(eq(goods.id, ids.g.g1))
    expect(row).toMatchObject({ internalNote: MARKERS.note, contact: { phone: MARKERS.contact }, cost: 4242 })
    const [credential] = await database.db.select().from(goodsCredentials).where(eq(goodsCredentials.goodsId, row.id))
    expect(JSON.parse(app.deps.vault.open(credential.sealed, `goods:${row.id}:credentials`)).account).toBe(
      MARKERS.account,
    )
  })

  test('the walk catches a leak when there is one', () => {
    const problems: string[] = []
    walk({ rows: [{ id: 1, nested: { contact: {} } }], note: `x ${MARKERS.note}` }, 'fake', problems)
    expect(problems).toEqual(['fake.rows[0].nested.contact', `fake.note has ${MARKERS.note}`])
  })
})

describe('OpenAPI', () => {
  test('documents every catalogue call with its input and a response that lists the card fields', async () => {
    const spec = (await app.inject('/api/docs/json')).json()
    const operations: [string, 'get' | 'post'][] = [
      ['/api/web/game/list', 'get'],
      ['/api/web/keylist', 'get'],
      ['/api/web/districtSuit', 'get'],
      ['/api/need/operator/list', 'get'],
      ['/api/need/area/list', 'get'],
      ['/api/need/server/list', 'get'],
      ['/api/web/gameTempAttr', 'get'],
      ['/api/web/good/allList', 'post'],
      ['/api/web/good/{id}', 'get'],
      ['/api/web/recommend/{id}', 'get'],
      ['/api/web/recentlydeal', 'get'],
      ['/api/web/stats', 'get'],
      ['/api/web/goods/collect', 'post'],
      ['/api/web/goods/collect/remove', 'post'],
      ['/api/web/goods/collect/list', 'get'],
      ['/api/need/myBrowse', 'get'],
    ]
    for (const [path, method] of operations) {
      const operation = spec.paths[path]?.[method]
      expect({ path, summary: operation?.summary, ok: Boolean(operation?.responses?.['200']) }).toEqual({
        path,
        summary: expect.any(String),
        ok: true,
      })
    }
    const list = spec.paths['/api/web/good/allList'].post
    const body = list.requestBody.content['application/json'].schema
    expect(body.properties.keyword.title).toBe('关键词')
    expect(body.additionalProperties).toBe(false)
    const card = list.responses['200'].content['application/json'].schema.properties.rows.items
    expect(Object.keys(card.properties)).toEqual(expect.arrayContaining(['id', 'price', 'regionNames', 'highlights']))
    for (const secret of ['contact', 'cost', 'internalNote', 'sellerId'])
      expect(card.properties).not.toHaveProperty(secret)
  })
})

describe('seedCatalogue', () => {
  let fresh: Database

  beforeAll(async () => {
    fresh = await createTestDatabase()
  })

  afterAll(async () => {
    await fresh.close()
  })

  test('seeds a believable catalogue once, then does nothing', async () => {
    const options = { dataDir: app.deps.config.dataDir, vault: app.deps.vault }
    const first = await seedCatalogue(fresh.db, options)
    expect(first.seeded).toBe(true)
    const count = async (query: string) => Number((await fresh.pool.query(query)).rows[0].n)

    const gameRows = await fresh.db.select().from(games)
    expect(gameRows.length).toBeGreaterThanOrEqual(12)
    expect(new Set(gameRows.map((g) => g.type))).toEqual(new Set(['mobile', 'pc']))
    for (const game of gameRows) {
      expect(game.icon).toMatch(/^\/uploads\/[0-9a-f]{40}\.png$/)
      const [template] = await fresh.db.select().from(attributeTemplates).where(eq(attributeTemplates.gameId, game.id))
      expect(template.fields.length).toBeGreaterThanOrEqual(6)
      const nodes = await fresh.db.select().from(regionNodes).where(eq(regionNodes.gameId, game.id))
      const kinds = new Set(nodes.map((n) => n.kind))
      expect(kinds).toEqual(game.type === 'mobile' ? new Set(['system', 'carrier']) : new Set(['area', 'server']))
      expect(game.onSaleCount).toBe(ON_SALE_PER_GAME)
    }
    expect(gameRows.map((g) => g.name)).toEqual(
      expect.arrayContaining(['王者荣耀', '和平精英', '英雄联盟', '穿越火线']),
    )
    expect(gameRows).toHaveLength(GAMES.length)

    expect(await count(`select count(*) as n from goods where status = 'on_sale'`)).toBeGreaterThanOrEqual(600)
    expect(
      await count(`select count(*) as n from goods where status = 'sold' and sold_at > now() - interval '8 days'`),
    ).toBeGreaterThan(0)
    expect(await count(`select min(price) as n from goods`)).toBeGreaterThanOrEqual(3_000)
    expect(await count(`select max(price) as n from goods`)).toBeLessThanOrEqual(3_000_000)
    expect(await count(`select count(*) as n from goods where price >= 600000 and status = 'on_sale'`)).toBeGreaterThan(
      20,
    )
    expect(await count(`select count(*) as n from goods where title !~ '[一-龥]' or description !~ '[一-龥]'`)).toBe(0)
    expect(await count(`select count(*) as n from goods where cardinality(images) not between 3 and 5`)).toBe(0)
    expect(
      await count(
        `select count(*) as n from goods g left join goods_credentials c on c.goods_id = g.id where c.goods_id is null`,
      ),
    ).toBe(0)

    const [sample] = await fresh.db.select().from(goodsCredentials).limit(1)
    const opened = JSON.parse(app.deps.vault.open(sample.sealed, `goods:${sample.goodsId}:credentials`))
    expect(opened).toEqual({ account: expect.any(String), password: expect.any(String), notes: expect.any(String) })
    expect(() => app.deps.vault.open(sample.sealed, `goods:${sample.goodsId + 1}:credentials`)).toThrow()

    const goodsBefore = await count('select count(*) as n from goods')
    expect(await seedCatalogue(fresh.db, options)).toEqual({ seeded: false, games: 0, goods: 0 })
    expect(await count('select count(*) as n from goods')).toBe(goodsBefore)
    expect(await count('select count(*) as n from games')).toBe(GAMES.length)
  })
})

describe('seedDemoTrades', () => {
  let fresh: Database

  beforeAll(async () => {
    fresh = await createTestDatabase()
    await seedDemoUsers(fresh.db, app.deps, { randomStaffPasswords: false })
    await seedCatalogue(fresh.db, { dataDir: app.deps.config.dataDir, vault: app.deps.vault })
  })

  afterAll(async () => {
    await fresh.close()
  })

  test('the demo buyer buys seven of the demo seller’s listings through the gateway and rents two: a deal for each desk', async () => {
    const deps = {
      db: fresh.db,
      payments: app.deps.payments,
      vault: app.deps.vault,
      log: app.log,
      dataDir: app.deps.config.dataDir,
    }
    // The history the catalogue seeds is the platform's own stock; the seller's sales are the trades'.
    const count = async (query: string) => Number((await fresh.pool.query(query)).rows[0].n)
    expect(await count(`select count(*) as n from goods where status = 'sold' and seller_id is not null`)).toBe(0)
    // Nor does the seller list anything the minimum commission would take whole.
    expect(await count(`select count(*) as n from goods where seller_id is not null and price <= 5000`)).toBe(0)
    expect(
      await count(`select count(*) as n from goods where seller_id is not null and status = 'on_sale'`),
    ).toBeGreaterThan(100)

    expect(await seedDemoTrades(deps, 'http://127.0.0.1:1')).toBe(9)
    const made = await fresh.db
      .select({
        status: orders.status,
        paidAmount: orders.paidAmount,
        goodsStatus: goods.status,
        seller: goods.sellerId,
        payout: payouts.status,
        refusal: payouts.reason,
      })
      .from(orders)
      .innerJoin(goods, eq(goods.id, orders.goodsId))
      .leftJoin(payouts, eq(payouts.orderId, orders.id))
      .where(eq(orders.kind, 'sale'))
      .orderBy(orders.id)
    const [seller] = await fresh.db.select().from(users).where(eq(users.username, 'seller'))
    expect(made).toMatchObject([
      { status: 'completed', goodsStatus: 'sold', seller: seller.id, payout: 'failed', refusal: expect.any(String) },
      { status: 'completed', goodsStatus: 'sold', seller: seller.id, payout: null },
      { status: 'handed_over', goodsStatus: 'in_trade', seller: seller.id, payout: null },
      { status: 'paid', goodsStatus: 'in_trade', seller: seller.id, payout: null },
      { status: 'disputed', goodsStatus: 'in_trade', seller: seller.id, payout: null },
      { status: 'completed', goodsStatus: 'sold', seller: seller.id, payout: null },
      { status: 'completed', goodsStatus: 'sold', seller: seller.id, payout: null },
    ])
    expect(made.every((o) => o.paidAmount > 0)).toBe(true)
    // 租号: one returned and confirmed (its listing on sale again), one complained of (still rented).
    const rented = await fresh.db
      .select({ status: rentals.status, goodsStatus: goods.status, owner: rentals.ownerId })
      .from(rentals)
      .innerJoin(goods, eq(goods.id, rentals.goodsId))
      .orderBy(rentals.id)
    expect(rented).toEqual([
      { status: 'settled', goodsStatus: 'on_sale', owner: seller.id },
      { status: 'disputed', goodsStatus: 'rented', owner: seller.id },
    ])
    expect((await verifyLedger(fresh.db)).problems).toEqual([])
    // 我的收藏 and 浏览记录 have something in them: three listings on sale, kept and looked at.
    const kept = `(select goods_id from favourites f join users u on u.id = f.user_id where u.username = 'buyer')`
    expect(await count(`select count(*) as n from goods where status = 'on_sale' and id in ${kept}`)).toBe(3)
    expect(await count(`select count(*) as n from browses where goods_id in ${kept}`)).toBe(3)
    // One of them the demo seller's: lowering its price is the walk of 降价提醒.
    expect(await count(`select count(*) as n from goods where seller_id = ${seller.id} and id in ${kept}`)).toBe(1)
    // Once: a database with orders gets no more.
    expect(await seedDemoTrades(deps, 'http://127.0.0.1:1')).toBe(0)
    expect(await count('select count(*) as n from orders')).toBe(9)
    // 包赔: one claim waiting for the desk, one paid from the fund the platform capitalised.
    expect(await count(`select count(*) as n from claims where status = 'submitted'`)).toBe(1)
    expect(await count(`select count(*) as n from claims where status = 'paid'`)).toBe(1)
    expect(await count('select count(*) as n from fund_contributions')).toBe(1)
    // The seller's card has a rating: the two deals that went well were reviewed (5★ and 4★).
    const card = await sellerCard(fresh.db, seller.id)
    expect(card.rating).toEqual({ count: 2, average: 4.5, fiveStarBps: 5000 })
    expect(await count(`select count(*) as n from aftersale_cases where status = 'awaiting_seller'`)).toBe(1)
    expect(await count('select count(*) as n from favourites')).toBe(3)
  })
})
