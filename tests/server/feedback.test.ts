import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { messages, problems } from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson, type Person } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let alice: Person
let bob: Person
let operator: Person
let images: string[]

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  ;[alice, bob] = [await createPerson(database), await createPerson(database)]
  operator = await createPerson(database, ['user', 'admin'])
  images = []
  for (let i = 0; i < 7; i++) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i * 30, g: 90, b: 160 } } })
      .png()
      .toBuffer()
    images.push((await storeImage(app.deps.config.dataDir, png)).url)
  }
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const feedback = {
  type: 'problem',
  title: '订单页面打不开',
  content: '付款后点订单详情一直转圈，换了浏览器也一样。',
  images: [] as string[],
}
const submit = (person: Person | null, body: object) =>
  call('POST', '/api/account/problem', { token: person?.token, body })
const mine = (person: Person, query: Record<string, number> = {}) =>
  call('GET', '/api/account/problem/list', { token: person.token, query })

describe('POST /account/problem and GET /account/problem/list', () => {
  test('a submission with uploaded images shows in its author’s list, newest first, open and unanswered', async () => {
    const first = await submit(alice, { ...feedback, images: images.slice(0, 2), phone: '13800001111', qq: '10001' })
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ id: expect.any(Number) })
    const second = await submit(alice, {
      type: 'suggestion',
      title: '  希望支持夜间模式  ',
      content: '晚上看商品太亮了。',
      images: [],
    })

    const { body } = await mine(alice)
    expect(body).toMatchObject({ code: 200, total: 2 })
    expect(body.rows!.map((row) => row.id)).toEqual([second.body.data.id, first.body.data.id])
    expect(body.rows![0].title).toBe('希望支持夜间模式')
    expect(body.rows![1]).toEqual({
      id: first.body.data.id,
      type: 'problem',
      title: feedback.title,
      content: feedback.content,
      images: images.slice(0, 2),
      phone: '138****1111',
      qq: '10001',
      status: 'open',
      reply: '',
      repliedAt: null,
      createdAt: expect.stringMatching(/Z$/),
    })
    const paged = await mine(alice, { pageNum: 2, pageSize: 1 })
    expect(paged.body.rows!.map((row) => row.id)).toEqual([first.body.data.id])
  })

  test("others' submissions are never listed", async () => {
    await submit(bob, { ...feedback, title: 'Bob 的反馈' })
    const { body } = await mine(alice, { pageSize: 50 })
    expect(body.rows!.some((row) => row.title === 'Bob 的反馈')).toBe(false)
    expect((await mine(bob)).body.rows!.map((row) => row.title)).toEqual(['Bob 的反馈'])
  })

  test('商务合作 and 中介担保 are no feedback types (a merchant application and an escrow ticket)', async () => {
    const merchant = await submit(alice, {
      type: 'merchant',
      title: '工作室合作',
      content: '我们是王者荣耀工作室，每月约 200 个账号，希望批量寄售。',
      images: [],
      phone: '13800002222',
    })
    expect(merchant.status).toBe(400)
    const escrow = await submit(alice, {
      type: 'escrow',
      title: '王者账号中介担保',
      content: '和对方在群里谈好了价格，请平台担保。',
      images: [images[2]],
    })
    expect(escrow.body.msg).toBe('反馈类型只能是：suggestion、problem、complaint')
  })

  test('signed out is 401', async () => {
    expect(await submit(null, feedback)).toMatchObject({ status: 401, body: { msg: '请先登录' } })
    expect(await call('GET', '/api/account/problem/list')).toMatchObject({ status: 401 })
  })

  test('bad input is 400 in Chinese, and nothing is stored', async () => {
    const count = async () => (await database.db.select().from(problems)).length
    const before = await count()
    const cases: [object, string | RegExp][] = [
      [{ ...feedback, type: 'praise' }, /^反馈类型只能是：suggestion、problem、complaint$/],
      [{ ...feedback, title: '好' }, '标题至少 2 个字符'],
      [{ ...feedback, title: '    ' }, '标题不能为空'],
      [{ ...feedback, title: '长'.repeat(51) }, '标题最多 50 个字符'],
      [{ ...feedback, content: '太短了' }, '内容至少 5 个字符'],
      [{ ...feedback, content: '      ' }, '内容不能为空'],
      [{ ...feedback, content: '长'.repeat(1001) }, '内容最多 1000 个字符'],
      [{ ...feedback, images: images.slice(0, 7) }, '图片最多 6 项'],
      [{ ...feedback, images: [images[0], images[0]] }, '图片不能有重复项'],
      [{ ...feedback, images: ['https://evil.example/a.png'] }, '图片必须是上传成功后返回的地址，请重新上传'],
      [{ ...feedback, images: [`/uploads/${'0'.repeat(40)}.png`] }, '图片必须是上传成功后返回的地址，请重新上传'],
      [{ ...feedback, images: ['/uploads/../keys/vault.json'] }, '图片必须是上传成功后返回的地址，请重新上传'],
      [{ ...feedback, phone: '12345678901' }, '请输入正确的 11 位手机号'],
      [{ ...feedback, qq: '1234' }, 'QQ 号为 5–12 位数字'],
      [{ ...feedback, qq: 'qq12345' }, 'QQ 号为 5–12 位数字'],
      [{ ...feedback, userId: bob.id }, '不支持的字段：userId'],
      [{ type: 'problem', title: '标题', content: '内容内容内容' }, '图片不能为空'],
    ]
    for (const [body, msg] of cases) {
      const reply = await submit(alice, body)
      expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status: 400, msg: expect.stringMatching(msg) })
    }
    expect(await count()).toBe(before)
    expect(await mine(alice, { pageSize: 0 })).toMatchObject({ status: 400, body: { msg: '每页条数不能小于 1' } })
  })
})

describe('the console’s list GET /admin/problems', () => {
  test('everyone’s feedback, the longest waiting first, by status and type; the phone masked', async () => {
    const service = await createPerson(database, ['user', 'service'])
    const { body } = await submit(alice, { ...feedback, title: '收不到验证码', phone: '13912345678' })
    const open = await call('GET', '/api/admin/problems', { token: service.token, query: { status: 'open' } })
    expect(open.status).toBe(200)
    const ids = open.body.rows!.map((row) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const mine = open.body.rows!.find((row) => row.id === body.data.id)
    expect(mine).toMatchObject({ userId: alice.id, userName: expect.any(String), phone: '139****5678', status: 'open' })
    expect(JSON.stringify(open.body)).not.toContain('13912345678')
    const one = await call('GET', `/api/admin/problems/${body.data.id}`, { token: service.token })
    expect(one.body.data).toMatchObject({ id: body.data.id, phone: '139****5678', title: '收不到验证码' })
    expect(await call('GET', '/api/admin/problems/999999', { token: service.token })).toMatchObject({
      status: 404,
      body: { msg: '反馈不存在' },
    })
    const byType = await call('GET', '/api/admin/problems', { token: service.token, query: { type: 'complaint' } })
    expect(byType.body.rows!.every((row) => row.type === 'complaint')).toBe(true)
    expect((await call('GET', '/api/admin/problems', { token: alice.token })).status).toBe(403)
  })
})

describe('operator reply POST /admin/problems/{id}/reply', () => {
  let problemId: number
  beforeAll(async () => {
    const { body } = await submit(bob, { ...feedback, title: '提现什么时候到账', phone: '13700003333' })
    problemId = body.data.id
  })
  const reply = (person: Person | null, id: number, body: object = { reply: '已为你加急处理，预计今天到账。' }) =>
    call('POST', `/api/admin/problems/${id}/reply`, { token: person?.token, body })

  test('signed out is 401, a user 403 (even the author)', async () => {
    expect(await reply(null, problemId)).toMatchObject({ status: 401 })
    expect(await reply(bob, problemId)).toMatchObject({ status: 403, body: { msg: '没有权限' } })
    expect(await reply(bob, problemId, {})).toMatchObject({ status: 403 })
  })

  test('replies once: the status moves to replied and the author gets a 系统消息 without a link', async () => {
    const { status, body } = await reply(operator, problemId)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      id: problemId,
      status: 'replied',
      reply: '已为你加急处理，预计今天到账。',
      repliedAt: expect.stringMatching(/Z$/),
      phone: '137****3333',
    })
    expect(await auditActions(database, 'problem', problemId)).toEqual(['problem.reply'])
    const listed = (await mine(bob)).body.rows!.find((row) => row.id === problemId)
    expect(listed).toMatchObject({ status: 'replied', reply: '已为你加急处理，预计今天到账。' })

    const inbox = await database.db.select().from(messages).where(eq(messages.userId, bob.id))
    expect(inbox).toEqual([
      expect.objectContaining({
        type: 'system',
        title: '客服回复了你的反馈',
        content: '你提交的「提现什么时候到账」有了回复：已为你加急处理，预计今天到账。',
        relatedType: null,
        relatedId: null,
        readAt: null,
      }),
    ])
    const messageList = await call('GET', '/api/need/message/list', { token: bob.token })
    expect(messageList.body.data.unread).toBe(1)

    expect(await reply(operator, problemId)).toMatchObject({ status: 409, body: { msg: '该反馈已回复或已关闭' } })
    expect(await database.db.select().from(messages).where(eq(messages.userId, bob.id))).toHaveLength(1)
  })

  test('a missing problem is 404; bad input is 400 in Chinese', async () => {
    expect(await reply(operator, 999999)).toMatchObject({ status: 404, body: { msg: '反馈不存在' } })
    expect(await reply(operator, problemId, { reply: '' })).toMatchObject({
      status: 400,
      body: { msg: '回复内容不能为空' },
    })
    expect(await reply(operator, problemId, { reply: '   ' })).toMatchObject({
      status: 400,
      body: { msg: '回复内容不能为空' },
    })
    expect(
      await call('POST', '/api/admin/problems/x/reply', { token: operator.token, body: { reply: 'a' } }),
    ).toMatchObject({ status: 400, body: { msg: '反馈编号必须是整数' } })
  })
})
