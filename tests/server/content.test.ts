import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import {
  banners,
  blacklistRecords,
  games,
  messages,
  notices,
  problems,
  qqGroups,
  serviceContacts,
  socialAccounts,
  users,
} from '../../server/db/schema'
import { seedContent } from '../../server/seed/content'
import { BLACKLIST, CONTACTS, NOTICES } from '../../server/seed/contentData'
import { seedDemoUsers } from '../../server/seed/users'
import { sanitizeHtml } from '../../server/lib/html'
import { storeImage, uploadsDir } from '../../server/lib/images'
import { NOTICE_TYPES } from '../../src/contract/constants'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
const gameIds: Record<string, number> = {}

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  const rows = await database.db
    .insert(games)
    .values([
      { name: '王者荣耀', initial: 'W', type: 'mobile', sort: 0 },
      { name: '原神', initial: 'Y', type: 'mobile', sort: 10 },
      { name: '英雄联盟', initial: 'Y', type: 'pc', sort: 20 },
    ])
    .returning({ id: games.id, name: games.name })
  for (const row of rows) gameIds[row.name] = row.id
  await seedDemoUsers(database.db, app.deps, { randomStaffPasswords: false })
  expect(await seedContent(database.db, { dataDir: app.deps.config.dataDir, lookupKey: app.deps.lookupKey })).toEqual({
    seeded: true,
  })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const uploadExists = (url: string) =>
  /^\/uploads\/[0-9a-f]{40}\.(jpg|png)$/.test(url) &&
  fs.existsSync(path.join(uploadsDir(app.deps.config.dataDir), url.slice('/uploads/'.length)))

describe('seedContent', () => {
  test('a published notice of every type, in Chinese, stored sanitized', async () => {
    const rows = await database.db.select().from(notices)
    for (const type of Object.keys(NOTICE_TYPES)) {
      expect({ type, found: rows.some((row) => row.type === type && row.status === 'published') }).toEqual({
        type,
        found: true,
      })
    }
    for (const type of ['cjwt', 'xwgg', 'djzhal', 'lassws']) {
      expect(rows.filter((row) => row.type === type).length).toBeGreaterThanOrEqual(3)
    }
    for (const row of rows) {
      expect(row.content).toBe(sanitizeHtml(row.content))
      expect(row.title).toMatch(/[一-龥]/)
      expect(row.summary).toMatch(/[一-龥]/)
      expect([...row.summary].length).toBeLessThanOrEqual(80)
      expect(row.content).not.toMatch(/lorem|ipsum|\{\{/i)
    }
    const fees = rows.find((row) => row.type === 'zjdb')
    expect(fees?.content).toContain('<table>')
    const pictures = rows.flatMap((row) => [...row.content.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]))
    expect(pictures.length).toBeGreaterThanOrEqual(3)
    for (const url of pictures) expect(uploadExists(url)).toBe(true)
  })

  test('banners linking to notices, anchors, social accounts, all with local pictures', async () => {
    const rows = await database.db.select().from(banners)
    const carousel = rows.filter((row) => row.kind === 'banner')
    expect(carousel.length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((row) => row.kind === 'anchor').length).toBeGreaterThanOrEqual(4)
    for (const row of rows) expect(uploadExists(row.image)).toBe(true)
    for (const row of carousel) {
      const id = Number(/^\/index\/articleDetail\?id=(\d+)$/.exec(row.link)?.[1])
      const [notice] = await database.db.select().from(notices).where(eq(notices.id, id))
      expect(notice).toBeDefined()
    }
    const socials = await database.db.select().from(socialAccounts)
    expect(new Set(socials.map((row) => row.platform))).toEqual(new Set(['douyin', 'kuaishou']))
    for (const row of socials) expect(uploadExists(row.avatar)).toBe(true)
  })

  test('contacts of every kind with QR codes and 10:00–02:00; 小安 with its fixed numbers', async () => {
    const rows = await database.db.select().from(serviceContacts)
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set(['buyer', 'seller', 'consign', 'guarantee', 'recycle']),
    )
    for (const row of rows) {
      expect(row.workHours).toBe('10:00–02:00')
      expect(row.qrImage).toMatch(/\.png$/)
      expect(uploadExists(row.qrImage)).toBe(true)
    }
    expect(rows.find((row) => row.name === '小安')).toMatchObject({
      kind: 'buyer',
      qq: '2851234567',
      weixin: 'haoanxin_kf01',
      phone: '13800138000',
      enabled: true,
    })
    // Contacts limited to games name only games that exist.
    const recycle = rows.filter((row) => row.kind === 'recycle')
    expect(recycle.flatMap((row) => row.gameIds).sort()).toEqual(Object.values(gameIds).sort())
  })

  test('QQ groups for every game and general ones; blacklist samples stored as hashes only', async () => {
    const groups = await database.db.select().from(qqGroups)
    for (const id of Object.values(gameIds)) expect(groups.some((group) => group.gameId === id)).toBe(true)
    expect(groups.filter((group) => group.gameId === null).length).toBeGreaterThanOrEqual(1)

    const records = await database.db.select().from(blacklistRecords)
    expect(records).toHaveLength(BLACKLIST.length)
    const stored = JSON.stringify(records)
    for (const sample of BLACKLIST) expect(stored).not.toContain(sample.subject)
    expect(records.find((row) => row.maskedSubject === '98*****21')).toMatchObject({
      subjectKind: 'qq',
      reason: 'retrieval',
    })
    expect(
      records.find((row) => row.subjectKind === 'game_account' && row.gameId === gameIds['王者荣耀']),
    ).toBeDefined()
  })

  test('the demo buyer has messages (one unread at least) and an answered feedback; the seller a message and an open one', async () => {
    const [buyer] = await database.db.select().from(users).where(eq(users.username, 'buyer'))
    const [seller] = await database.db.select().from(users).where(eq(users.username, 'seller'))
    const inbox = await database.db.select().from(messages).where(eq(messages.userId, buyer.id))
    expect(inbox.length).toBeGreaterThanOrEqual(2)
    expect(inbox.some((message) => message.readAt === null)).toBe(true)
    expect(await database.db.select().from(messages).where(eq(messages.userId, seller.id))).not.toHaveLength(0)
    const [answered] = await database.db.select().from(problems).where(eq(problems.userId, buyer.id))
    expect(answered).toMatchObject({ status: 'replied', reply: expect.stringMatching(/[一-龥]/) })
    // The console's 反馈 desk has one to answer.
    const [open] = await database.db.select().from(problems).where(eq(problems.userId, seller.id))
    expect(open).toMatchObject({ status: 'open', reply: '' })
  })

  test('the fixed demo values the client e2e tests rely on answer as they expect', async () => {
    const staff = async (value: string) =>
      (await call('GET', '/api/V2/H5/checkAccount', { query: { value } })).body.data
    for (const value of ['2851234567', 'haoanxin_kf01', '13800138000']) {
      expect(await staff(value)).toMatchObject({ official: true, contact: { name: '小安', kind: 'buyer' } })
    }
    expect(await staff('12345678')).toEqual({ official: false })

    const blacklist = async (content: string, gameId?: number) =>
      (await call('GET', '/api/black/blackList', { query: gameId ? { content, gameId } : { content } })).body.rows
    expect(await blacklist('987654321')).toEqual([
      expect.objectContaining({ subjectKind: 'qq', maskedSubject: '98*****21', reason: 'retrieval' }),
    ])
    expect(await blacklist('wzry_8848', gameIds['王者荣耀'])).toEqual([
      expect.objectContaining({ subjectKind: 'game_account', gameName: '王者荣耀' }),
    ])
    expect(await blacklist('12345678')).toEqual([])
  })

  test('runs once: a second run changes nothing', async () => {
    const counts = async () =>
      (
        await database.pool.query(
          `select (select count(*) from notices) + (select count(*) from banners) * 1000 +
                  (select count(*) from service_contacts) * 100000 + (select count(*) from messages) * 10000000 as n`,
        )
      ).rows[0].n
    const before = await counts()
    expect(await seedContent(database.db, { dataDir: app.deps.config.dataDir, lookupKey: app.deps.lookupKey })).toEqual(
      {
        seeded: false,
      },
    )
    expect(await counts()).toBe(before)
  })
})

describe('notices', () => {
  test('by type: every published notice of the type, with its content', async () => {
    const { status, body } = await call('GET', '/api/V2/H5/gonggaoDetails', { query: { noticeType: 'cjwt' } })
    expect(status).toBe(200)
    const expected = NOTICES.filter((spec) => spec.type === 'cjwt')
    expect(body.data).toHaveLength(expected.length)
    expect(body.data.map((n: { sort: number }) => n.sort)).toEqual(expected.map((spec) => spec.sort).sort())
    for (const notice of body.data) {
      expect(notice).toEqual({
        id: expect.any(Number),
        type: 'cjwt',
        title: expect.any(String),
        coverImage: '',
        summary: expect.any(String),
        sort: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        content: expect.stringContaining('<p>'),
      })
    }
  })

  test('an unknown or missing notice type is 400 in Chinese', async () => {
    const unknown = await call('GET', '/api/V2/H5/gonggaoDetails', { query: { noticeType: 'nope' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.msg).toMatch(/^公告类型只能是：jyxz、bpjs/)
    const missing = await call('GET', '/api/V2/H5/gonggaoDetails')
    expect(missing).toMatchObject({ status: 400, body: { msg: '公告类型不能为空' } })
    const listed = await call('GET', '/api/web/notice/list', { query: { noticeType: 'JYXZ' } })
    expect(listed.status).toBe(400)
  })

  test('the list is paged, newest first within a type, without content', async () => {
    const first = await call('GET', '/api/web/notice/list', { query: { noticeType: 'xwgg', pageNum: 1, pageSize: 2 } })
    const news = NOTICES.filter((spec) => spec.type === 'xwgg').sort((a, b) => a.daysAgo - b.daysAgo)
    expect(first.body).toMatchObject({ code: 200, total: news.length })
    expect(first.body.rows!.map((row) => row.title)).toEqual(news.slice(0, 2).map((spec) => spec.title))
    for (const row of first.body.rows!) expect(row).not.toHaveProperty('content')
    const second = await call('GET', '/api/web/notice/list', { query: { noticeType: 'xwgg', pageNum: 2, pageSize: 2 } })
    expect(second.body.rows!.map((row) => row.title)).toEqual(news.slice(2, 4).map((spec) => spec.title))

    const all = await call('GET', '/api/web/notice/list')
    expect(all.body.total).toBe(NOTICES.length)
    expect(all.body.rows).toHaveLength(10)
    const bad = await call('GET', '/api/web/notice/list', { query: { pageSize: 500 } })
    expect(bad).toMatchObject({ status: 400, body: { msg: '每页条数不能大于 200' } })
  })

  test('detail by id on both paths; a missing or hidden notice is 404 公告不存在', async () => {
    const [notice] = await database.db.select().from(notices).where(eq(notices.type, 'zjdb'))
    const web = await call('GET', `/api/web/notice/${notice.id}`)
    const system = await call('GET', `/api/system/notice/${notice.id}`)
    expect(web.body.data).toMatchObject({ id: notice.id, type: 'zjdb', content: notice.content })
    expect(system.body).toEqual(web.body)

    expect(await call('GET', '/api/web/notice/999999')).toMatchObject({ status: 404, body: { msg: '公告不存在' } })
    const [hidden] = await database.db
      .insert(notices)
      .values({ type: 'xwgg', title: '草稿', content: '<p>未发布</p>', status: 'hidden' })
      .returning({ id: notices.id })
    expect(await call('GET', `/api/system/notice/${hidden.id}`)).toMatchObject({ status: 404 })
    const listed = await call('GET', '/api/web/notice/list', { query: { noticeType: 'xwgg', pageSize: 50 } })
    expect(listed.body.rows!.some((row) => row.id === hidden.id)).toBe(false)
    expect(await call('GET', '/api/web/notice/abc')).toMatchObject({
      status: 400,
      body: { msg: '公告编号必须是整数' },
    })
  })
})

describe('banners, social accounts, contacts, QQ groups', () => {
  test('zhubo type 1 = anchors, type 2 = banners; anything else is 400', async () => {
    const anchors = await call('GET', '/api/account/zhubo/list', { query: { type: 1 } })
    expect(anchors.body.rows!.length).toBeGreaterThanOrEqual(4)
    expect(anchors.body.rows!.every((row) => row.kind === 'anchor' && row.content)).toBe(true)
    const carousel = await call('GET', '/api/account/zhubo/list', { query: { type: 2 } })
    expect(carousel.body.total).toBeGreaterThanOrEqual(3)
    expect(carousel.body.rows!.every((row) => row.kind === 'banner')).toBe(true)
    expect(Object.keys(carousel.body.rows![0]).sort()).toEqual(
      ['content', 'id', 'image', 'kind', 'link', 'sort', 'title'].sort(),
    )
    expect(await call('GET', '/api/account/zhubo/list', { query: { type: 3 } })).toMatchObject({
      status: 400,
      body: { msg: '类型只能是：1、2' },
    })
    expect(await call('GET', '/api/account/zhubo/list')).toMatchObject({ status: 400, body: { msg: '类型不能为空' } })
  })

  test('social accounts', async () => {
    const { body } = await call('GET', '/api/web/social/list')
    expect(body.rows!.map((row) => row.platform).sort()).toEqual(['douyin', 'kuaishou'])
    expect(body.rows![0]).toEqual({
      id: expect.any(Number),
      platform: expect.any(String),
      name: expect.any(String),
      fans: expect.any(Number),
      account: expect.any(String),
      avatar: expect.stringMatching(/^\/uploads\//),
      link: expect.stringMatching(/^https:\/\//),
    })
  })

  test('allQQlist lists every enabled contact; a disabled one is left out', async () => {
    const [off] = await database.db
      .insert(serviceContacts)
      .values({ kind: 'buyer', name: '停用客服', qq: '2851239999' })
      .returning({ id: serviceContacts.id })
    await database.db.update(serviceContacts).set({ enabled: false }).where(eq(serviceContacts.id, off.id))
    const { body } = await call('GET', '/api/V2/H5/allQQlist')
    expect(body.data).toHaveLength(CONTACTS.length)
    expect(body.data.some((contact: { id: number }) => contact.id === off.id)).toBe(false)
    expect(body.data.find((contact: { name: string }) => contact.name === '小安')).toEqual({
      id: expect.any(Number),
      kind: 'buyer',
      name: '小安',
      qq: '2851234567',
      weixin: 'haoanxin_kf01',
      phone: '13800138000',
      qrImage: expect.stringMatching(/^\/uploads\/.*\.png$/),
      workHours: '10:00–02:00',
      gameIds: [],
    })
  })

  test('contacts by kind and game: a game-limited contact shows only for its games', async () => {
    const mobile = await call('GET', '/api/V2/H5/account', { query: { kind: 'recycle', gameId: gameIds['王者荣耀'] } })
    expect(mobile.body.data.map((c: { name: string }) => c.name)).toEqual(['小回（手游）'])
    const pc = await call('GET', '/api/V2/H5/account', { query: { kind: 'recycle', gameId: gameIds['英雄联盟'] } })
    expect(pc.body.data.map((c: { name: string }) => c.name)).toEqual(['小收（端游）'])
    const buyers = await call('GET', '/api/V2/H5/account', { query: { kind: 'buyer', gameId: gameIds['原神'] } })
    expect(buyers.body.data.map((c: { name: string }) => c.name)).toEqual(['小安', '小欣'])
    expect(await call('GET', '/api/V2/H5/account', { query: { kind: 'boss' } })).toMatchObject({
      status: 400,
      body: { msg: '客服类型只能是：buyer、seller、consign、guarantee、recycle' },
    })
    expect(await call('GET', '/api/V2/H5/account', { query: { gameId: 'x' } })).toMatchObject({
      status: 400,
      body: { msg: '游戏必须是整数' },
    })
  })

  test("QQ groups: a game's own and the general ones", async () => {
    const all = await call('GET', '/api/V2/H5/qqGroup')
    const forGame = await call('GET', '/api/V2/H5/qqGroup', { query: { gameId: gameIds['原神'] } })
    const gameIdsIn = (rows: { gameId: number | null }[]) => [...new Set(rows.map((row) => row.gameId))]
    expect(gameIdsIn(forGame.body.data).sort()).toEqual([gameIds['原神'], null].sort())
    expect(forGame.body.data.find((group: { gameId: number }) => group.gameId === gameIds['原神'])).toMatchObject({
      gameName: '原神',
      name: expect.stringContaining('原神'),
      number: expect.stringMatching(/^\d{6,11}$/),
      full: expect.any(Boolean),
    })
    expect(forGame.body.data[0]).toMatchObject({ gameId: null, gameName: '' })
    expect(gameIdsIn(all.body.data)).toHaveLength(Object.keys(gameIds).length + 1)
    expect(await call('GET', '/api/V2/H5/qqGroup', { query: { gameId: 0 } })).toMatchObject({
      status: 400,
      body: { msg: '游戏不能小于 1' },
    })
  })
})

describe('operator notices', () => {
  let operator: Person
  let user: Person
  beforeAll(async () => {
    operator = await createPerson(database, ['user', 'admin'])
    user = await createPerson(database)
  })

  const draft = {
    type: 'xwgg',
    title: ' 新功能上线 ',
    content:
      '<h2>说明</h2><p onclick="steal()">正文<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a>' +
      '<img src="https://cdn.example/a.png" onerror="x()">',
  }

  test('signed out is 401, a user 403, before the body is even read', async () => {
    expect(await call('POST', '/api/admin/notices', { body: draft })).toMatchObject({ status: 401 })
    expect(await call('POST', '/api/admin/notices', { body: draft, token: user.token })).toMatchObject({
      status: 403,
      body: { msg: '没有权限' },
    })
    expect(await call('POST', '/api/admin/notices', { body: {}, token: user.token })).toMatchObject({ status: 403 })
    expect(await call('PUT', '/api/admin/notices/1', { body: { title: 'x' } })).toMatchObject({ status: 401 })
  })

  test('create sanitizes the HTML; the notice is public at once; update changes only what is given', async () => {
    const created = await call('POST', '/api/admin/notices', { body: draft, token: operator.token })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      type: 'xwgg',
      title: '新功能上线',
      status: 'published',
      content: '<h2>说明</h2><p>正文</p>链接<img src="https://cdn.example/a.png" />',
      summary: '说明 正文 链接',
    })
    const [row] = await database.db.select().from(notices).where(eq(notices.id, created.body.data.id))
    expect(row.content).not.toMatch(/script|onclick|onerror|javascript/)
    const shown = await call('GET', `/api/web/notice/${row.id}`)
    expect(shown.body.data.content).toBe(row.content)

    const updated = await call('PUT', `/api/admin/notices/${row.id}`, {
      body: { status: 'hidden', content: '<p>改过<iframe src="https://x.example"></iframe></p>' },
      token: operator.token,
    })
    expect(updated.body.data).toMatchObject({ title: '新功能上线', content: '<p>改过</p>', status: 'hidden' })
    expect(await auditActions(database, 'notice', row.id)).toEqual(['notice.create', 'notice.update'])
    expect(await call('GET', `/api/web/notice/${row.id}`)).toMatchObject({ status: 404 })
    expect(await call('PUT', '/api/admin/notices/999999', { body: { sort: 1 }, token: operator.token })).toMatchObject({
      status: 404,
      body: { msg: '公告不存在' },
    })
  })

  test('the console: every notice by type, status or title; one with its body; a preview that stores nothing', async () => {
    const editor = await createPerson(database, ['user', 'editor'])
    const hidden = await call('POST', '/api/admin/notices', {
      body: { ...draft, title: '仅编辑可见的周末排班', status: 'hidden' },
      token: editor.token,
    })
    const id = hidden.body.data.id
    const found = await call('GET', '/api/admin/notices', {
      token: editor.token,
      query: { status: 'hidden', title: '周末排班', type: 'xwgg' },
    })
    expect(found.body.rows).toEqual([
      expect.objectContaining({ id, status: 'hidden', title: '仅编辑可见的周末排班', updatedAt: expect.any(String) }),
    ])
    expect(found.body.rows![0]).not.toHaveProperty('content')
    // A title search takes its words literally: % and _ match only themselves.
    const literal = await call('GET', '/api/admin/notices', { token: editor.token, query: { title: '%' } })
    expect(literal.body.total).toBe(0)
    const one = await call('GET', `/api/admin/notices/${id}`, { token: editor.token })
    expect(one.body.data).toMatchObject({
      id,
      status: 'hidden',
      content: '<h2>说明</h2><p>正文</p>链接<img src="https://cdn.example/a.png" />',
    })

    const before = await database.db.execute(sql`select count(*)::int as n from notices`)
    const preview = await call('POST', '/api/admin/notices/preview', {
      token: editor.token,
      body: { content: draft.content },
    })
    expect(preview.body.data).toEqual({
      html: '<h2>说明</h2><p>正文</p>链接<img src="https://cdn.example/a.png" />',
      summary: '说明 正文 链接',
    })
    const empty = await call('POST', '/api/admin/notices/preview', {
      token: editor.token,
      body: { content: '<script>alert(1)</script>' },
    })
    expect(empty).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^公告内容不能为空/) } })
    const after = await database.db.execute(sql`select count(*)::int as n from notices`)
    expect(after.rows[0].n).toBe(before.rows[0].n)
    expect(await call('GET', `/api/admin/notices/999999`, { token: editor.token })).toMatchObject({ status: 404 })
    expect((await call('GET', '/api/admin/notices', { token: user.token })).status).toBe(403)
  })

  test('a cover must be one of our uploads', async () => {
    const outside = await call('POST', '/api/admin/notices', {
      body: { ...draft, coverImage: 'https://evil.example/a.png' },
      token: operator.token,
    })
    expect(outside).toMatchObject({ status: 400, body: { msg: '封面图必须是上传得到的图片地址' } })
    const missing = await call('POST', '/api/admin/notices', {
      body: { ...draft, coverImage: `/uploads/${'a'.repeat(40)}.jpg` },
      token: operator.token,
    })
    expect(missing.status).toBe(400)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const stored = await storeImage(app.deps.config.dataDir, png)
    const ok = await call('POST', '/api/admin/notices', {
      body: { ...draft, coverImage: stored.url },
      token: operator.token,
    })
    expect(ok.body.data.coverImage).toBe(stored.url)
  })

  test('bad input is 400 in Chinese', async () => {
    const cases: [object, string | RegExp][] = [
      [{ ...draft, type: 'nope' }, /^公告类型只能是/],
      [{ ...draft, title: '' }, '标题不能为空'],
      [{ ...draft, title: '   ' }, '标题不能为空'],
      [{ ...draft, content: '<script>alert(1)</script>' }, /^公告内容不能为空/],
      [{ ...draft, sort: 1.5 }, '排序必须是整数'],
      [{ ...draft, status: 'deleted' }, '状态只能是：published、hidden'],
      [{ ...draft, author: 'x' }, '不支持的字段：author'],
      [{ title: 'x' }, '公告类型不能为空'],
    ]
    for (const [body, msg] of cases) {
      const { status, body: reply } = await call('POST', '/api/admin/notices', { body, token: operator.token })
      expect({ status, msg: reply.msg }).toEqual({ status: 400, msg: expect.stringMatching(msg) })
    }
    const count = await database.db.execute(sql`select count(*)::int as n from notices where title = 'x'`)
    expect(count.rows[0].n).toBe(0)
  })
})
