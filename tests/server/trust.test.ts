import { eq } from 'drizzle-orm'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { auditLog, blacklistRecords, games, serviceContacts, users } from '../../server/db/schema'
import { blacklistValues } from '../../server/modules/trust/service'
import { LOOKUPS_PER_MINUTE } from '../../server/modules/trust/routes'
import { maskSubject, normalizePhone, normalizeSubject } from '../../server/modules/trust/subjects'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let wzry: number
let yuanshen: number
/** Every response body of this file, for the check that no plain subject ever leaves. */
const bodies: string[] = []

const SUBJECTS = {
  qq: '987654321',
  account: 'wzry_8848',
  phone: '13912345678',
  weixin: 'hx_trade_2024',
  idNumber: '320106198805123716',
}

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  const caller = createCaller(app)
  call = async (...args) => {
    const response = await caller(...args)
    bodies.push(response.text)
    return response
  }
  const rows = await database.db
    .insert(games)
    .values([
      { name: '王者荣耀', initial: 'W', type: 'mobile' },
      { name: '原神', initial: 'Y', type: 'mobile' },
    ])
    .returning({ id: games.id })
  ;[wzry, yuanshen] = rows.map((row) => row.id)
  await database.db.insert(serviceContacts).values([
    { kind: 'buyer', name: '小安', qq: '2851234567', weixin: 'haoanxin_kf01', phone: '13800138000' },
    { kind: 'recycle', name: '小回', qq: '2851234601', weixin: 'haoanxin_hs01', gameIds: [wzry] },
  ])
  const key = app.deps.lookupKey
  await database.db.insert(blacklistRecords).values([
    blacklistValues(key, {
      subjectKind: 'qq',
      subject: SUBJECTS.qq,
      reason: 'retrieval',
      evidence: '出售后申诉找回。',
    }),
    blacklistValues(key, {
      subjectKind: 'game_account',
      subject: SUBJECTS.account,
      gameId: wzry,
      reason: 'retrieval',
      evidence: '成交后被原号主找回。',
    }),
    blacklistValues(key, { subjectKind: 'phone', subject: SUBJECTS.phone, reason: 'fraud', evidence: '冒充客服。' }),
  ])
})

afterAll(async () => {
  // The walk over everything this file saw: no plain blacklisted subject, in any response or row.
  const rows = JSON.stringify(await database.db.select().from(blacklistRecords))
  for (const subject of Object.values(SUBJECTS)) {
    for (const body of bodies) expect(body.includes(subject)).toBe(false)
    expect(rows.includes(subject)).toBe(false)
  }
  await app?.close()
  await database?.close()
})

const staff = (value: string, ip?: string) => call('GET', '/api/V2/H5/checkAccount', { query: { value }, ip })
const blacklist = (content: string, gameId?: number, ip?: string) =>
  call('GET', '/api/black/blackList', { query: gameId === undefined ? { content } : { content, gameId }, ip })

describe('subjects', () => {
  test('normalizing: spaces, +86 and separators, case', () => {
    expect(normalizePhone(' +86 138-0013-8000 ')).toBe('13800138000')
    expect(normalizePhone('0086 13800138000')).toBe('13800138000')
    expect(normalizePhone('(138) 0013.8000')).toBe('13800138000')
    expect(normalizePhone('8613800138000')).toBe('13800138000')
    expect(normalizePhone('12345678')).toBeNull()
    expect(normalizeSubject('qq', ' 285 123\u30004567 ')).toBe('2851234567')
    expect(normalizeSubject('qq', '0123456')).toBeNull()
    expect(normalizeSubject('weixin', 'HaoAnXin_KF01')).toBe('haoanxin_kf01')
    expect(normalizeSubject('id_number', '32010619880512371x')).toBe('32010619880512371X')
    expect(normalizeSubject('game_account', ' WZRY_8848 ')).toBe('wzry_8848')
  })

  test('masking keeps a little of each end', () => {
    expect(maskSubject('qq', '987654321')).toBe('98*****21')
    expect(maskSubject('phone', '13912345678')).toBe('139****5678')
    expect(maskSubject('id_number', '320106198805123716')).toBe('320***********3716')
    expect(maskSubject('game_account', 'wzry_8848')).toBe('wz*****48')
    expect(maskSubject('game_account', 'abc')).toBe('a*c')
    expect(maskSubject('game_account', 'ab')).toBe('a*')
    expect(maskSubject('game_account', 'a')).toBe('*')
  })
})

describe('客服验证 GET /V2/H5/checkAccount', () => {
  test('a staff QQ, WeChat id or phone is official, with the contact and what matched', async () => {
    expect((await staff('2851234567')).body.data).toEqual({
      official: true,
      contact: { name: '小安', kind: 'buyer', channel: 'qq' },
    })
    expect((await staff('HAOANXIN_KF01')).body.data).toEqual({
      official: true,
      contact: { name: '小安', kind: 'buyer', channel: 'weixin' },
    })
    expect((await staff('+86 138-0013-8000')).body.data).toEqual({
      official: true,
      contact: { name: '小安', kind: 'buyer', channel: 'phone' },
    })
    expect((await staff('haoanxin_hs01')).body.data.contact).toEqual({
      name: '小回',
      kind: 'recycle',
      channel: 'weixin',
    })
  })

  test('a staff member’s number (what they write in a 交易群 carries it) is official while they are staff', async () => {
    const agent = await createPerson(database, ['user', 'service'])
    const customer = await createPerson(database)
    const no = `KF${String(agent.id).padStart(5, '0')}`
    expect((await staff(no)).body.data).toEqual({
      official: true,
      contact: { name: `交易群客服 ${no}`, kind: null, channel: 'staffNo' },
    })
    expect((await staff(` ${no.toLowerCase()} `)).body.data.official).toBe(true)
    expect((await staff(`KF${String(customer.id).padStart(5, '0')}`)).body.data).toEqual({ official: false })
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, agent.id))
    expect((await staff(no)).body.data).toEqual({ official: false })
  })

  test('a normalized spelling matches: " 285 123 4567 "', async () => {
    expect((await staff(' 285 123 4567 ')).body.data).toMatchObject({ official: true, contact: { channel: 'qq' } })
  })

  test('anything else is not official, with nothing more: no partial match, no list', async () => {
    for (const value of ['12345678', '285123456', '28512345678', 'haoanxin', 'haoanxin_kf0', '1380013800']) {
      const { status, body } = await staff(value)
      expect({ value, status, data: body.data }).toEqual({ value, status: 200, data: { official: false } })
    }
  })

  test('a disabled contact is no longer official', async () => {
    const [gone] = await database.db
      .insert(serviceContacts)
      .values({ kind: 'seller', name: '离职客服', qq: '2851230000', enabled: false })
      .returning({ id: serviceContacts.id })
    expect((await staff('2851230000')).body.data).toEqual({ official: false })
    await database.db.update(serviceContacts).set({ enabled: true }).where(eq(serviceContacts.id, gone.id))
    expect((await staff('2851230000')).body.data.official).toBe(true)
  })

  test('empty, blank or over-long values are 400 in Chinese', async () => {
    expect(await call('GET', '/api/V2/H5/checkAccount')).toMatchObject({
      status: 400,
      body: { msg: 'QQ/微信号/手机号/客服工号不能为空' },
    })
    expect(await staff('')).toMatchObject({ status: 400, body: { msg: 'QQ/微信号/手机号/客服工号不能为空' } })
    expect(await staff('   ')).toMatchObject({ status: 400, body: { msg: '请输入要查询的内容' } })
    expect(await staff('1'.repeat(65))).toMatchObject({
      status: 400,
      body: { msg: 'QQ/微信号/手机号/客服工号最多 64 个字符' },
    })
  })
})

describe('黑号查询 GET /black/blackList', () => {
  test('a blacklisted QQ: its records, masked', async () => {
    const { status, body } = await blacklist(SUBJECTS.qq)
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 200, total: 1 })
    expect(body.rows).toEqual([
      {
        id: expect.any(Number),
        subjectKind: 'qq',
        maskedSubject: '98*****21',
        gameId: null,
        gameName: '',
        reason: 'retrieval',
        evidence: '出售后申诉找回。',
        createdAt: expect.stringMatching(/Z$/),
      },
    ])
  })

  test('normalized spellings hit: spaces, case, +86', async () => {
    expect((await blacklist(' 9876 54321 ')).body.rows).toHaveLength(1)
    expect((await blacklist('WZRY_8848')).body.rows![0]).toMatchObject({
      subjectKind: 'game_account',
      maskedSubject: 'wz*****48',
      gameId: wzry,
      gameName: '王者荣耀',
    })
    expect((await blacklist('+86 139 1234 5678')).body.rows![0]).toMatchObject({
      subjectKind: 'phone',
      maskedSubject: '139****5678',
      reason: 'fraud',
    })
  })

  test("with a game: that game's records and those of no game; another game's are not shown", async () => {
    expect((await blacklist(SUBJECTS.account, wzry)).body.rows).toHaveLength(1)
    expect((await blacklist(SUBJECTS.account, yuanshen)).body.rows).toEqual([])
    expect((await blacklist(SUBJECTS.qq, yuanshen)).body.rows).toHaveLength(1)
  })

  test('no record: an empty list, and never a neighbour of the value', async () => {
    for (const content of ['12345678', '98765432', '9876543210', 'wzry_884', 'wzry', '1391234567']) {
      const { status, body } = await blacklist(content)
      expect({ content, status, rows: body.rows, total: body.total }).toEqual({
        content,
        status: 200,
        rows: [],
        total: 0,
      })
    }
  })

  test('bad input is 400 in Chinese', async () => {
    expect(await call('GET', '/api/black/blackList')).toMatchObject({ status: 400, body: { msg: '查询内容不能为空' } })
    expect(await blacklist('  ')).toMatchObject({ status: 400, body: { msg: '请输入要查询的内容' } })
    expect(await blacklist('x'.repeat(65))).toMatchObject({ status: 400, body: { msg: '查询内容最多 64 个字符' } })
    expect(await call('GET', '/api/black/blackList', { query: { content: 'a', gameId: 'wz' } })).toMatchObject({
      status: 400,
      body: { msg: '游戏必须是整数' },
    })
  })
})

describe('rate limits', () => {
  test(`each tool answers ${LOOKUPS_PER_MINUTE} lookups a minute per address, then 429 with retryAfter`, async () => {
    const ip = '10.66.0.1'
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await staff(`1000${i}000`, ip)).status).toBe(200)
    const refused = await staff('2851234567', ip)
    expect(refused.status).toBe(429)
    expect(refused.body.msg).toMatch(/^查询过于频繁，请 \d+ 秒后再试$/)
    expect(refused.body.data.retryAfter).toBeGreaterThan(0)
    expect(refused.body.data.retryAfter).toBeLessThanOrEqual(60)

    // Another address, and the other tool at the same address, are counted on their own.
    expect((await staff('2851234567', '10.66.0.2')).status).toBe(200)
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await blacklist(`acct${i}`, undefined, ip)).status).toBe(200)
    expect((await blacklist(SUBJECTS.qq, undefined, ip)).status).toBe(429)
  })
})

describe('operator blacklist POST /admin/blacklist', () => {
  let operator: Person
  let user: Person
  beforeAll(async () => {
    operator = await createPerson(database, ['user', 'admin'])
    user = await createPerson(database)
  })
  const report = {
    subjectKind: 'weixin',
    subject: ' HX_Trade_2024 ',
    reason: 'fraud',
    evidence: '私下交易收款后拉黑买家。',
    source: '用户举报',
  }

  test('signed out is 401 and a user 403', async () => {
    expect(await call('POST', '/api/admin/blacklist', { body: report })).toMatchObject({ status: 401 })
    expect(await call('POST', '/api/admin/blacklist', { body: report, token: user.token })).toMatchObject({
      status: 403,
    })
  })

  test('stores the hash and the masked form only; a lookup then finds it', async () => {
    const before = await blacklist(SUBJECTS.weixin)
    expect(before.body.rows).toEqual([])
    const { status, body } = await call('POST', '/api/admin/blacklist', { body: report, token: operator.token })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ subjectKind: 'weixin', maskedSubject: 'hx*********24', reason: 'fraud' })
    const [row] = await database.db.select().from(blacklistRecords).where(eq(blacklistRecords.id, body.data.id))
    expect(row).toMatchObject({ subjectHash: expect.stringMatching(/^[0-9a-f]{64}$/), createdBy: operator.id })
    expect(await auditActions(database, 'blacklist', row.id)).toEqual(['blacklist.add'])
    expect((await blacklist(SUBJECTS.weixin)).body.rows!.map((r) => r.id)).toEqual([body.data.id])

    const withGame = await call('POST', '/api/admin/blacklist', {
      body: { ...report, subjectKind: 'id_number', subject: SUBJECTS.idNumber, gameId: yuanshen },
      token: operator.token,
    })
    expect(withGame.body.data).toMatchObject({ maskedSubject: '320***********3716', gameName: '原神' })
  })

  test('the console lists records by kind or by the exact subject, and removes one with a reason, audited', async () => {
    const service = await createPerson(database, ['user', 'service'])
    const added = await call('POST', '/api/admin/blacklist', {
      body: { ...report, subjectKind: 'qq', subject: '20240601' },
      token: service.token,
    })
    const id = added.body.data.id
    const bySubject = await call('GET', '/api/admin/blacklist', {
      token: service.token,
      query: { subject: ' 20240601 ' },
    })
    expect(bySubject.body.rows).toEqual([
      expect.objectContaining({ id, subjectKind: 'qq', source: '用户举报', createdByName: expect.any(String) }),
    ])
    expect(JSON.stringify(bySubject.body)).not.toContain('20240601')
    const byKind = await call('GET', '/api/admin/blacklist', { token: service.token, query: { subjectKind: 'weixin' } })
    expect(byKind.body.rows!.every((row) => row.subjectKind === 'weixin')).toBe(true)
    expect(byKind.body.total).toBeGreaterThan(0)
    const nobody = await call('GET', '/api/admin/blacklist', { token: service.token, query: { subject: '没有这个人' } })
    expect(nobody.body).toMatchObject({ rows: [], total: 0 })

    const remove = (body: object, recordId = id) =>
      call('POST', `/api/admin/blacklist/${recordId}/remove`, { token: service.token, body })
    expect(await remove({ reason: '  ' })).toMatchObject({ status: 400, body: { msg: '请填写移除原因' } })
    expect(await remove({ reason: '已核实为误报' })).toMatchObject({ status: 200 })
    expect(await remove({ reason: '已核实为误报' })).toMatchObject({ status: 404, body: { msg: '黑号记录不存在' } })
    expect((await blacklist('20240601')).body.rows).toEqual([])
    const [removal] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'blacklist.remove'))
    expect(removal).toMatchObject({
      actorId: service.id,
      subjectId: id,
      detail: { reason: '已核实为误报', before: { subjectKind: 'qq', maskedSubject: expect.stringContaining('*') } },
    })
    expect(JSON.stringify(removal.detail)).not.toContain('20240601')
    expect(await auditActions(database, 'blacklist', id)).toEqual(['blacklist.add', 'blacklist.remove'])
  })

  test('bad input is 400 in Chinese, and nothing is stored', async () => {
    const count = async () => (await database.db.select().from(blacklistRecords)).length
    const before = await count()
    const cases: [object, string][] = [
      [{ ...report, subjectKind: 'qq', subject: '12ab' }, 'QQ 号为 5–12 位数字'],
      [{ ...report, subjectKind: 'phone', subject: '1234' }, '请输入正确的 11 位手机号'],
      [{ ...report, subjectKind: 'weixin', subject: '1abc' }, '微信号为 6–20 位字母、数字、下划线或减号，以字母开头'],
      [{ ...report, subjectKind: 'id_number', subject: '320106198805123717' }, '身份证号不正确，请核对后重新输入'],
      [{ ...report, subjectKind: 'email' }, '对象类型只能是：game_account、qq、weixin、phone、id_number'],
      [{ ...report, reason: 'bored' }, '原因只能是：retrieval、fraud、chargeback、other'],
      [{ ...report, evidence: '  ' }, '情况说明不能为空'],
      [{ ...report, gameId: 999999 }, '所选游戏不存在'],
      [{ ...report, subject: undefined }, '对象不能为空'],
    ]
    for (const [body, msg] of cases) {
      const reply = await call('POST', '/api/admin/blacklist', { body, token: operator.token })
      expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status: 400, msg })
    }
    expect(await count()).toBe(before)
  })
})
