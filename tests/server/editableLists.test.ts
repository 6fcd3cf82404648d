/**
 * The lists editors keep at the console (banners and anchors, social accounts, service contacts, QQ groups):
 * what an editor adds, changes or deletes is what buyers see, each change audited with what it was; bad
 * input is refused by field with a Chinese reason and changes nothing.
 */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { App } from '../../server/app'
import type { Database } from '../../server/db'
import { auditLog, banners, games } from '../../server/db/schema'
import { storeImage } from '../../server/lib/images'
import { createTestApp } from './helpers/app'
import { auditActions, createTestDatabase } from './helpers/database'
import { createCaller, createPerson } from './helpers/http'

let database: Database
let app: App & ReturnType<typeof createTestApp>
let call: ReturnType<typeof createCaller>
let editor: string
let picture: string
let gameId: number

beforeAll(async () => {
  database = await createTestDatabase()
  app = createTestApp(database)
  await app.ready()
  call = createCaller(app)
  editor = (await createPerson(database, ['user', 'editor'])).token
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ff5a1f' } })
    .png()
    .toBuffer()
  picture = (await storeImage(app.deps.config.dataDir, png)).url
  ;[{ id: gameId }] = await database.db
    .insert(games)
    .values({ name: '王者荣耀', initial: 'W', type: 'mobile', sort: 0 })
    .returning({ id: games.id })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const as = (token: string) => ({ token })
const auditDetail = async (action: string, id: number) =>
  (await database.db.select().from(auditLog).where(eq(auditLog.action, action))).find((row) => row.subjectId === id)
    ?.detail

const banner = {
  kind: 'banner',
  image: '',
  title: '新春特惠',
  link: '/index/articleDetail?id=3',
  content: '',
  sort: 1,
  enabled: true,
}

describe('banners and anchors', () => {
  test('an editor adds a banner; buyers see it; hidden, it is gone for them but not for the editor', async () => {
    const added = await call('POST', '/api/admin/banners', { ...as(editor), body: { ...banner, image: picture } })
    expect(added).toMatchObject({ status: 200, body: { data: { title: '新春特惠', enabled: true } } })
    const { id } = added.body.data
    expect(await auditActions(database, 'banner', id)).toEqual(['banner.create'])

    const shown = async () => (await call('GET', '/api/account/zhubo/list', { query: { type: '2' } })).body.rows
    expect(await shown()).toEqual([expect.objectContaining({ id, image: picture, link: banner.link })])

    const hidden = await call('PUT', `/api/admin/banners/${id}`, {
      ...as(editor),
      body: { enabled: false, title: ' 元宵 ' },
    })
    expect(hidden.body.data).toMatchObject({ enabled: false, title: '元宵' })
    expect(await shown()).toEqual([])
    expect((await call('GET', '/api/admin/banners', as(editor))).body.rows).toEqual([
      expect.objectContaining({ id, enabled: false }),
    ])
    expect(await auditDetail('banner.update', id)).toEqual({
      enabled: { from: true, to: false },
      title: { from: '新春特惠', to: '元宵' },
    })

    expect(await call('DELETE', `/api/admin/banners/${id}`, as(editor))).toMatchObject({ status: 200 })
    expect(await auditDetail('banner.delete', id)).toMatchObject({ before: { title: '元宵', image: picture } })
    expect((await call('GET', '/api/admin/banners', as(editor))).body.rows).toEqual([])
    expect(await call('DELETE', `/api/admin/banners/${id}`, as(editor))).toMatchObject({
      status: 404,
      body: { msg: '轮播图与主播中没有这一项' },
    })
  })

  test.each([
    [{ image: '/uploads/not-ours.png' }, 'image', '图片必须是上传得到的地址，请重新上传'],
    [{ image: 'https://example.com/a.png' }, 'image', '图片必须是上传得到的地址，请重新上传'],
    [
      { link: 'https://evil.example/' },
      'link',
      '跳转页面必须是站内页面地址，如 /index/articleDetail?id=3；不跳转请留空',
    ],
    [{ link: '/index/nowhere' }, 'link', '跳转页面必须是站内页面地址，如 /index/articleDetail?id=3；不跳转请留空'],
    [{ title: '   ' }, 'title', '标题不能为空'],
  ])('a banner with %j is refused (%s) and nothing is written', async (change, field, msg) => {
    const before = await database.db.select().from(banners)
    const reply = await call('POST', '/api/admin/banners', {
      ...as(editor),
      body: { ...banner, image: picture, ...change },
    })
    expect(reply).toMatchObject({ status: 400, body: { msg, data: { errors: [{ field, message: msg }] } } })
    expect(await database.db.select().from(banners)).toEqual(before)
  })

  test('a field the list does not have, or a missing one, is refused by the schema', async () => {
    const extra = await call('POST', '/api/admin/banners', { ...as(editor), body: { ...banner, image: picture, x: 1 } })
    expect(extra.status).toBe(400)
    const { title: _title, ...untitled } = banner
    expect(
      await call('POST', '/api/admin/banners', { ...as(editor), body: { ...untitled, image: picture } }),
    ).toMatchObject({ status: 400, body: { msg: expect.stringContaining('标题') } })
  })
})

describe('service contacts', () => {
  const contact = {
    kind: 'buyer',
    name: '小安',
    qq: ' 285 123 4567 ',
    weixin: 'HaoAnXin_KF09',
    phone: '+86 138-0013-8999',
    qrImage: '',
    workHours: '10:00–02:00',
    gameIds: [] as number[],
    sort: 0,
    enabled: true,
  }

  test('are stored normalized, so 客服验证 finds them however the editor typed them', async () => {
    const added = await call('POST', '/api/admin/service-contacts', {
      ...as(editor),
      body: { ...contact, gameIds: [gameId] },
    })
    expect(added.body.data).toMatchObject({ qq: '2851234567', weixin: 'haoanxin_kf09', phone: '13800138999' })
    const check = async (value: string) =>
      (await call('GET', '/api/V2/H5/checkAccount', { query: { value } })).body.data
    expect(await check('13800138999')).toMatchObject({ official: true, contact: { name: '小安', channel: 'phone' } })

    await call('PUT', `/api/admin/service-contacts/${added.body.data.id}`, { ...as(editor), body: { enabled: false } })
    expect(await check('13800138999')).toEqual({ official: false })
  })

  test.each([
    [{ qq: '12ab' }, 'qq', 'QQ 号为 5–12 位数字'],
    [{ weixin: '9abc' }, 'weixin', '微信号为 6–20 位字母、数字、下划线或减号，以字母开头'],
    [{ phone: '12345' }, 'phone', '请输入正确的 11 位手机号'],
    [{ qq: '', weixin: '', phone: '' }, 'qq', '请至少填写 QQ、微信号、手机号中的一项'],
    [{ gameIds: [999999] }, 'gameIds', '所选游戏不存在，请刷新后重新选择'],
  ])('with %j are refused (%s)', async (change, field, msg) => {
    const reply = await call('POST', '/api/admin/service-contacts', { ...as(editor), body: { ...contact, ...change } })
    expect(reply).toMatchObject({ status: 400, body: { msg, data: { errors: [{ field }] } } })
  })

  test('a change that would leave no way to reach the contact is refused', async () => {
    const added = await call('POST', '/api/admin/service-contacts', {
      ...as(editor),
      body: { ...contact, qq: '', phone: '', weixin: 'only_weixin' },
    })
    const reply = await call('PUT', `/api/admin/service-contacts/${added.body.data.id}`, {
      ...as(editor),
      body: { weixin: '' },
    })
    expect(reply).toMatchObject({ status: 400, body: { msg: '请至少填写 QQ、微信号、手机号中的一项' } })
  })
})

describe('QQ groups and social accounts', () => {
  test('a group is added for a game and shows in its list; an unknown game is refused', async () => {
    const group = { name: '号安心 · 王者交易群', number: '731260999', gameId, full: false, sort: 0 }
    expect((await call('POST', '/api/admin/qq-groups', { ...as(editor), body: group })).status).toBe(200)
    const listed = await call('GET', '/api/V2/H5/qqGroup', { query: { gameId } })
    expect(listed.body.data).toEqual([expect.objectContaining({ number: '731260999', gameName: '王者荣耀' })])
    expect(
      await call('POST', '/api/admin/qq-groups', { ...as(editor), body: { ...group, gameId: 999999 } }),
    ).toMatchObject({ status: 400, body: { msg: '所选游戏不存在，请刷新后重新选择' } })
    expect(
      (await call('POST', '/api/admin/qq-groups', { ...as(editor), body: { ...group, number: '0123' } })).status,
    ).toBe(400)
  })

  test('a social account links only to an https page', async () => {
    const account = {
      platform: 'douyin',
      name: '号安心官方',
      fans: 12000,
      account: 'haoanxin',
      avatar: picture,
      link: 'javascript:alert(1)',
      sort: 0,
      enabled: true,
    }
    expect(await call('POST', '/api/admin/social-accounts', { ...as(editor), body: account })).toMatchObject({
      status: 400,
      body: { msg: '主页链接必须以 https:// 开头；没有请留空' },
    })
    const added = await call('POST', '/api/admin/social-accounts', {
      ...as(editor),
      body: { ...account, link: 'https://www.douyin.com/user/haoanxin' },
    })
    expect(added.status).toBe(200)
    expect((await call('GET', '/api/web/social/list')).body.rows).toEqual([
      expect.objectContaining({ name: '号安心官方', fans: 12000 }),
    ])
  })
})
