import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { and, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../../server/db'
import { auditLog, games, orders, payments, users } from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { seedCatalogue } from '../../server/seed/catalogue'
import { seedDemoTrades } from '../../server/seed/trades'
import { seedDemoUsers } from '../../server/seed/users'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

/**
 * What the staff console reads (工作台, 打款, the order desk, the games of its filters, the template beside a
 * listing under review) on the demo's own data: the catalogue and the seven demo trades — one confirmed, one
 * handed over, one waiting for the desk, one whose payout the gateway refused, one in an after-sale case, one
 * claimed, one compensated — and the two demo rentals, one settled and one complained of. And how /admin is served.
 */
let database: Database
let app: ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let finance: Person
let service: Person
let reviewer: Person
let editor: Person

/** A stand-in for `vite build admin`: index.html and a hashed asset (with its .br). */
function fakeConsoleBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-admin-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), script)
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(script))
  return dir
}
const adminDir = fakeConsoleBuild()

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database, { adminDir })
  call = createCaller(app)
  const { vault, payments: gateways, config } = app.deps
  await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
  await seedCatalogue(database.db, { dataDir: config.dataDir, vault })
  await seedDemoTrades(
    { db: database.db, payments: gateways, vault, log: app.log, dataDir: config.dataDir },
    'http://127.0.0.1:1',
  )
  ;[finance, service, reviewer, editor] = await Promise.all(
    (['finance', 'service', 'reviewer', 'editor'] as const).map((role) => createPerson(database, ['user', role])),
  )
})

afterAll(async () => {
  await app.close()
  await database.close()
  fs.rmSync(adminDir, { recursive: true, force: true })
})

const count = async (query: string) => Number((await database.pool.query(query)).rows[0].n)

describe('GET /api/admin/dashboard', () => {
  test('counts what waits for a person, and 30 China days of orders, GMV and new listings', async () => {
    const applicant = await createPerson(database)
    const [game] = await database.db.select({ id: games.id }).from(games).limit(1)
    const application = {
      name: '星河工作室',
      phone: '13900001111',
      business: '主营成品号回收，每月约 200 个',
      gameIds: [game.id],
    }
    expect((await call('POST', '/api/merchant/apply', { token: applicant.token, body: application })).status).toBe(200)
    const { status, body } = await call('GET', '/api/admin/dashboard', { token: editor.token })
    expect(status).toBe(200)
    expect(body.data.counts).toEqual({
      pendingReview: await count(`select count(*) as n from goods where status = 'pending_review'`),
      toHandOver: 1,
      // The demo's refused sale, and its settled rental's refused rent.
      failedPayouts: 2,
      unansweredFeedback: await count(`select count(*) as n from problems where status = 'open'`),
      pendingMerchants: 1,
      pendingAppraisals: 0,
      openAftersale: 1,
      rentalComplaints: 1,
    })
    expect(body.data.counts.pendingReview).toBeGreaterThan(0)
    const days = body.data.days as { day: string; orders: number; gmv: number; listings: number }[]
    expect(days).toHaveLength(30)
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
    expect(days.at(-1)!.day).toBe(today)
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort())
    // The demo trades and rentals were all made and paid just now (a rental's deposit went back since: paid in all the same).
    const [paid] = await database.db
      .select({ total: sql<number>`sum(${payments.amount})::int` })
      .from(payments)
      .where(inArray(payments.status, ['paid', 'refunded']))
    expect(days.at(-1)).toMatchObject({ orders: 9, gmv: paid.total })
    expect(days.slice(0, -1).every((d) => d.orders === 0 && d.gmv === 0)).toBe(true)
    // Every listing made since midnight (China) 29 days ago, by the day it was made.
    const listed = await count(
      `select count(*) as n from goods
       where created_at >= ((now() at time zone 'Asia/Shanghai')::date - 29)::timestamp at time zone 'Asia/Shanghai'`,
    )
    expect(listed).toBeGreaterThan(0)
    expect(days.reduce((sum, d) => sum + d.listings, 0)).toBe(listed)
  })
})

describe('GET /api/admin/payouts', () => {
  test('by status: the refused one with the gateway’s reason and a retry; sorted on the server', async () => {
    const failed = await call('GET', '/api/admin/payouts', { token: finance.token, query: { status: 'failed' } })
    expect(failed.status).toBe(200)
    // The demo's settled rental's refused rent (the newest), and its refused sale.
    expect(failed.body.total).toBe(2)
    const refused = (reason: string) =>
      expect.objectContaining({
        status: 'failed',
        reason,
        sellerName: expect.any(String),
        orderNo: expect.stringMatching(/^HA/),
        actions: ['retry'],
      })
    expect(failed.body.rows).toEqual([refused('收款账户不存在'), refused('收款人姓名与支付宝账号不一致')])
    const [rent, sale] = failed.body.rows!
    const byOrder = await call('GET', '/api/admin/payouts', { token: finance.token, query: { orderNo: sale.orderNo } })
    expect(byOrder.body.rows!.map((r) => r.id)).toEqual([sale.id])

    const retried = await call('POST', `/api/admin/payouts/${sale.id}/retry`, { token: finance.token })
    expect(retried.body.data).toMatchObject({ status: 'paid', attempt: 2, reason: '', actions: [] })
    const left = await call('GET', '/api/admin/payouts', { token: finance.token, query: { status: 'failed' } })
    expect(left.body).toMatchObject({ rows: [{ id: rent.id }], total: 1 })

    const sorted = await call('GET', '/api/admin/payouts', { token: finance.token, query: { sort: 'amount.asc' } })
    const amounts = sorted.body.rows!.map((r) => r.amount)
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
  })

  test('refuses a sort it does not offer, in words', async () => {
    const { status, body } = await call('GET', '/api/admin/payouts', {
      token: finance.token,
      query: { sort: 'reason.asc' },
    })
    expect(status).toBe(400)
    expect(body.msg).toContain('排序')
  })
})

describe('the order desk', () => {
  test('GET /api/admin/orders/{id}: buyer and seller (phones masked), the timeline by whom, and the ledger', async () => {
    const [handedOver] = await database.db.select().from(orders).where(eq(orders.status, 'handed_over'))
    const { status, body, text } = await call('GET', `/api/admin/orders/${handedOver.id}`, { token: service.token })
    expect(status).toBe(200)
    const [buyer] = await database.db.select().from(users).where(eq(users.id, handedOver.buyerId))
    expect(body.data.buyer).toEqual({
      id: buyer.id,
      name: buyer.nickName,
      phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
    })
    expect(text).not.toContain(buyer.phone!)
    // The demo's order in hand-over sells a seller's listing: who sold it, phone masked too.
    const [seller] = await database.db.select().from(users).where(eq(users.id, handedOver.sellerId!))
    expect(body.data.seller).toEqual({
      id: seller.id,
      name: seller.nickName,
      phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
    })
    expect(text).not.toContain(seller.phone!)
    expect(body.data.timeline.map((step: { event: string; actor: string }) => [step.event, step.actor])).toEqual([
      ['create', 'buyer'],
      ['pay', 'gateway'],
      ['handOver', 'operator'],
    ])
    // The buyer by nickname, staff by the name they sign in with.
    expect(body.data.timeline[0].actorName).toBe(buyer.nickName)
    expect(body.data.timeline[1].actorName).toBe('')
    expect(body.data.timeline[2].actorName).toBe('operator')
    expect(body.data.ledger).toEqual([
      expect.objectContaining({ kind: 'hold', amount: handedOver.paidAmount, creditAccount: 'escrow' }),
    ])
  })

  test('GET /api/admin/orders sorts by amount or time on the server', async () => {
    const ascending = await call('GET', '/api/admin/orders', {
      token: service.token,
      query: { sort: 'totalAmount.asc' },
    })
    const amounts = ascending.body.rows!.map((r) => r.totalAmount)
    // The seven demo trades and the two demo rentals' orders; each kind apart.
    expect(amounts).toHaveLength(9)
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
    for (const [kind, n] of [
      ['sale', 7],
      ['rental', 2],
    ] as const) {
      const only = await call('GET', '/api/admin/orders', { token: service.token, query: { kind } })
      expect(only.body.rows!.map((r) => r.kind)).toEqual(Array(n).fill(kind))
    }
    const oldest = await call('GET', '/api/admin/orders', { token: service.token, query: { sort: 'createdAt.asc' } })
    expect(oldest.body.rows!.map((r) => r.id)).toEqual([...oldest.body.rows!.map((r) => r.id)].sort((a, b) => a - b))
  })
})

test('GET /api/admin/games lists every game, the disabled ones too', async () => {
  const [game] = await database.db.select().from(games).limit(1)
  await database.db.update(games).set({ enabled: false }).where(eq(games.id, game.id))
  const { body } = await call('GET', '/api/admin/games', { token: reviewer.token })
  expect(body.data).toContainEqual(expect.objectContaining({ id: game.id, enabled: false }))
  expect(body.data).toHaveLength(await count('select count(*) as n from games'))
  const buyers = await call('GET', '/api/web/game/list')
  expect(buyers.body.data.map((g: { id: number }) => g.id)).not.toContain(game.id)
  await database.db.update(games).set({ enabled: true }).where(eq(games.id, game.id))
})

describe('目录: games and their region trees', () => {
  test('an editor changes a game’s place in the lists; the change is audited with what it was', async () => {
    const [game] = await database.db.select().from(games).where(eq(games.enabled, true)).limit(1)
    const put = (body: object, person = editor) =>
      call('PUT', `/api/admin/games/${game.id}`, { token: person.token, body })
    expect((await put({ hot: true }, reviewer)).status).toBe(403)
    expect(await put({})).toMatchObject({ status: 400 })
    const changed = await put({ enabled: false, sort: 7, hot: game.hot })
    expect(changed.body.data).toMatchObject({ id: game.id, enabled: false, sort: 7 })
    const buyers = await call('GET', '/api/web/game/list')
    expect(buyers.body.data.map((g: { id: number }) => g.id)).not.toContain(game.id)
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.update'), eq(auditLog.subjectId, game.id)))
    expect(row.detail).toEqual({ enabled: { from: true, to: false }, sort: { from: game.sort, to: 7 } })
    await put({ enabled: true, sort: game.sort })
    expect(await call('PUT', '/api/admin/games/999999', { token: editor.token, body: { hot: true } })).toMatchObject({
      status: 404,
    })
  })

  test('a game’s icon is one the server stored; buyers see the new one', async () => {
    const [game] = await database.db.select().from(games).where(eq(games.enabled, true)).limit(1)
    const put = (icon: string) => call('PUT', `/api/admin/games/${game.id}`, { token: editor.token, body: { icon } })
    expect(await put('https://elsewhere.example/icon.png')).toMatchObject({
      status: 400,
      body: { msg: '图片必须是上传得到的地址，请重新上传', data: { errors: [{ field: 'icon' }] } },
    })
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#12b76a' } })
      .png()
      .toBuffer()
    const { url } = await storeImage(app.deps.config.dataDir, png)
    expect((await put(url)).body.data).toMatchObject({ id: game.id, icon: url })
    const buyers = await call('GET', '/api/web/game/list')
    expect(buyers.body.data).toContainEqual(expect.objectContaining({ id: game.id, icon: url }))
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.update'), eq(auditLog.subjectId, game.id)))
    expect(rows.at(-1)!.detail).toEqual({ icon: { from: game.icon, to: url } })
  })

  test('templates: each save is a new version (two at once, two versions); the sell form and filters follow', async () => {
    const [game] = await database.db.select().from(games).where(eq(games.enabled, true)).limit(1)
    const url = `/api/admin/games/${game.id}/templates`
    const before = await call('GET', url, { token: editor.token })
    const [latest] = before.body.data
    expect(latest).toMatchObject({ version: 1, goodsCount: expect.any(Number) })
    expect(latest.goodsCount).toBeGreaterThan(0)

    const quality = {
      key: 'skinQuality',
      label: '皮肤品质',
      type: 'radio',
      options: [
        { id: 'epic', label: '史诗' },
        { id: 'legend', label: '传说' },
      ],
      unit: '',
      required: false,
      searchable: true,
      showOnSellForm: true,
      sort: 99,
    }
    const save = (fields: object[]) => call('POST', url, { token: editor.token, body: { fields } })
    const refusals: [object[], string, string][] = [
      [[...latest.fields, { ...quality, key: latest.fields[0].key }], 'key', '重复'],
      [[...latest.fields, { ...quality, options: [] }], 'options', '至少要有一个选项'],
      [[...latest.fields, { ...quality, type: 'number' }], 'options', '不能有选项'],
      [[...latest.fields, { ...quality, required: true, showOnSellForm: false }], 'required', '必须在发布表单中填写'],
      [[...latest.fields, { ...quality, type: 'text', options: [] }], 'searchable', '只有数字、单选、多选字段可以筛选'],
    ]
    for (const [fields, part, words] of refusals) {
      const reply = await save(fields)
      expect(reply).toMatchObject({
        status: 400,
        body: {
          msg: expect.stringContaining(words),
          data: { errors: [{ field: `fields.${fields.length - 1}.${part}` }] },
        },
      })
    }
    expect((await call('GET', url, { token: editor.token })).body.data).toHaveLength(1)

    const [first, second] = await Promise.all([save([...latest.fields, quality]), save(latest.fields)])
    expect([first.body.data.version, second.body.data.version].sort()).toEqual([2, 3])
    expect(first.body.data.goodsCount).toBe(0)
    const shown = await call('GET', '/api/web/gameTempAttr', { query: { gameId: game.id } })
    expect(shown.body.data.version).toBe(3)
    const actions = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'template.create'), eq(auditLog.subjectId, game.id)))
    expect(actions.map((row) => row.detail.version).sort()).toEqual([2, 3])
    expect((await call('POST', url, { token: reviewer.token, body: { fields: latest.fields } })).status).toBe(403)
  })

  test('the region tree, reordered among siblings only; the buyers’ cascade follows', async () => {
    const [game] = await database.db.select().from(games).limit(1)
    const tree = await call('GET', `/api/admin/games/${game.id}/regions`, { token: editor.token })
    const nodes = tree.body.data as { id: number; parentId: number | null; kind: string }[]
    const roots = nodes.filter((node) => node.parentId === null).map((node) => node.id)
    expect(roots.length).toBeGreaterThan(1)
    const reversed = [...roots].reverse()
    const order = (body: object) =>
      call('PUT', `/api/admin/games/${game.id}/regions/order`, { token: editor.token, body })
    const moved = await order({ parentId: null, ids: reversed })
    expect(moved.status).toBe(200)
    expect(
      moved.body.data.filter((n: { parentId: number | null }) => n.parentId === null).map((n: { id: number }) => n.id),
    ).toEqual(reversed)
    const rootKind = nodes.find((node) => node.parentId === null)!.kind
    const cascade = await call('GET', '/api/web/keylist', { query: { gameId: game.id, systemKey: rootKind } })
    expect(cascade.body.data.map((n: { id: number }) => n.id)).toEqual(reversed)
    // Not all the siblings, or a node of another parent: refused, nothing moves.
    const refusal = '区服顺序须包含同一上级下的全部区服，且只能在同级之间调整'
    expect(await order({ parentId: null, ids: reversed.slice(1) })).toMatchObject({
      status: 400,
      body: { msg: refusal },
    })
    const child = nodes.find((node) => node.parentId !== null)!
    expect(await order({ parentId: null, ids: [...reversed.slice(1), child.id] })).toMatchObject({ status: 400 })
    expect(await auditActions(database, 'game', game.id)).toContain('region.reorder')
  })
})

test('GET /api/admin/goods/{id} sets the listing against its template, required fields marked', async () => {
  const queue = await call('GET', '/api/admin/goods', { token: reviewer.token, query: { status: 'pending_review' } })
  const { body } = await call('GET', `/api/admin/goods/${queue.body.rows![0].id}`, { token: reviewer.token })
  const rows = body.data.templateRows as { label: string; value: string; required: boolean }[]
  expect(rows.length).toBeGreaterThan(0)
  expect(rows.some((row) => row.required)).toBe(true)
  expect(rows.filter((row) => row.value !== '').length).toBeGreaterThan(0)
})

describe('PUT /api/admin/goods/{id}: a reviewer corrects what a listing says', () => {
  const detail = async (id: number) =>
    (await call('GET', `/api/admin/goods/${id}`, { token: reviewer.token })).body.data
  const revise = (id: number, body: object) => call('PUT', `/api/admin/goods/${id}`, { token: reviewer.token, body })
  const pending = async () => {
    const queue = await call('GET', '/api/admin/goods', { token: reviewer.token, query: { status: 'pending_review' } })
    const withImages = []
    for (const row of queue.body.rows!) {
      const listing = await detail(row.id)
      if (listing.images.length >= 2) withImages.push(listing)
    }
    return withImages
  }

  test('title, description, pictures dropped, an attribute: saved, audited from → to with the reason, the seller told', async () => {
    const [listing] = await pending()
    const numberField = (listing.templateFields as { key: string; type: string; showOnSellForm: boolean }[]).find(
      (field) => field.type === 'number' && field.showOnSellForm,
    )!
    const attributes = { ...listing.attributes, [numberField.key]: 7 }
    const body = {
      title: ' 客服修正：标题去掉了联系方式 ',
      description: '描述里的 QQ 号已删除',
      images: [listing.images[1]],
      attributes,
      reason: '标题和图片含联系方式',
    }
    const { status, body: reply } = await revise(listing.id, body)
    expect(status).toBe(200)
    expect(reply.data).toMatchObject({
      title: '客服修正：标题去掉了联系方式',
      description: '描述里的 QQ 号已删除',
      images: [listing.images[1]],
      attributes: expect.objectContaining({ [numberField.key]: 7 }),
      status: 'pending_review',
      actions: expect.arrayContaining(['approve', 'reject', 'revise']),
    })
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'goods.update'), eq(auditLog.subjectId, listing.id)))
    expect(row.detail).toEqual({
      reason: '标题和图片含联系方式',
      changes: {
        title: { from: listing.title, to: '客服修正：标题去掉了联系方式' },
        description: { from: listing.description, to: '描述里的 QQ 号已删除' },
        images: { from: listing.images, to: [listing.images[1]] },
        ...(listing.attributes[numberField.key] === 7
          ? {}
          : { attributes: { from: listing.attributes, to: expect.objectContaining({ [numberField.key]: 7 }) } }),
      },
    })
    const told = await database.pool.query(
      `select content from messages
        where user_id = $1 and title = '客服修改了你的商品' and related_type = 'listing' and related_id = $2`,
      [listing.sellerId, listing.id],
    )
    expect(told.rows[0].content).toContain('标题和图片含联系方式')
    expect(await revise(listing.id, body)).toMatchObject({ status: 400, body: { msg: '没有修改任何内容' } })
  })

  test('a picture not its own, an attribute off the template, a blank reason: refused at the field, nothing written', async () => {
    const [, listing] = await pending()
    const base = {
      title: listing.title,
      description: listing.description,
      images: listing.images,
      attributes: listing.attributes,
      reason: '修正属性',
    }
    const refusals: [object, string][] = [
      [{ images: [...listing.images.slice(1), '/uploads/' + 'a'.repeat(40) + '.jpg'] }, 'images'],
      [{ attributes: { ...listing.attributes, noSuchField: 1 } }, 'attributes.noSuchField'],
      [{ title: '短', reason: '改标题' }, 'title'],
      [{ title: `${listing.title}！`, reason: '   ' }, 'reason'],
    ]
    for (const [change, field] of refusals) {
      const { status, body } = await revise(listing.id, { ...base, ...change })
      expect([field, status]).toEqual([field, 400])
      expect(body.data.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect(await detail(listing.id)).toMatchObject({ title: listing.title, images: listing.images })
    expect(await auditActions(database, 'goods', listing.id)).not.toContain('goods.update')
  })

  test('a listing an order holds or sold is not corrected (409); an editor may not (403)', async () => {
    const [held] = await database.db.select().from(orders).where(eq(orders.status, 'paid')).limit(1)
    const listing = await detail(held.goodsId)
    expect(listing.actions).not.toContain('revise')
    const body = {
      title: `${listing.title}改`,
      description: '',
      images: [],
      attributes: listing.attributes,
      reason: '修正',
    }
    expect(await revise(held.goodsId, body)).toMatchObject({
      status: 409,
      body: { msg: '交易中或已售出的商品不能修改' },
    })
    const asEditor = await call('PUT', `/api/admin/goods/${held.goodsId}`, { token: editor.token, body })
    expect(asEditor.status).toBe(403)
  })
})

describe('/admin: the console’s build', () => {
  test('every console address answers index.html (the console routes); hashed assets are kept for good', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/12?status=paid']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root">')
    }
    const asset = await app.inject({
      method: 'GET',
      url: '/admin/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-encoding']).toBe('br')
    expect((await app.inject({ method: 'GET', url: '/admin/assets/gone-123.js' })).statusCode).toBe(404)
  })

  test('before the build: a 503 that says how to build it', async () => {
    const unbuilt = createTestApp(database, { adminDir: path.join(adminDir, 'missing') })
    const response = await unbuilt.inject({ method: 'GET', url: '/admin/orders' })
    expect(response.statusCode).toBe(503)
    expect(response.body).toContain('npm run build:admin')
    await unbuilt.close()
  })
})
