import Taro from '@tarojs/taro'
import { act, fireEvent, waitFor } from '@testing-library/react'
import type { Banner, Notice } from '@/contract/content'
import type { Problem, ProblemRequest } from '@/contract/feedback'
import type { EscrowTicket, EscrowTicketRequest } from '@/contract/escrowTickets'
import type { MerchantApplication, MerchantApplicationRequest } from '@/contract/merchants'
import type { Message } from '@/contract/messages'
import type { BlacklistRecord, ServiceContact, StaffCheck } from '@/contract/trust'
import type { Order } from '@/contract/orders'
import { getState, saveToken, setState } from '@/store'
import { clearGameCache } from '@/utils/games'
import { byLabel, clickButton, findOnPage, scrollNear, typeInto, visiblePage } from './utils/dom'
import { badgeApi, callsTo, captchaApi, mockApi, queryOf } from './utils/mockApi'
import { renderApp } from './utils/renderApp'
import { claim, gameRow } from './utils/fixtures'

// ---- fixtures -------------------------------------------------------------------------------------------

const contact = (id: number, over: Partial<ServiceContact> = {}): ServiceContact => ({
  id,
  kind: 'buyer',
  name: '小安',
  qq: '2851234567',
  weixin: 'haoanxin_an',
  phone: '',
  qrImage: '/uploads/qr-1.png',
  workHours: '10:00–02:00',
  gameIds: [],
  ...over,
})

const contacts = [
  contact(1),
  contact(2, { kind: 'consign', name: '小心', qq: '2851234568', weixin: '' }),
  contact(3, { kind: 'guarantee', name: '小保', qq: '2851234569', weixin: 'haoanxin_bao' }),
]

const notice = (id: number, over: Partial<Notice> = {}): Notice => ({
  id,
  type: 'xwgg',
  title: `公告 ${id}`,
  coverImage: '',
  summary: `公告 ${id} 的摘要`,
  sort: 0,
  createdAt: '2026-11-01T02:00:00Z',
  content: `<p>公告 ${id} 正文</p>`,
  ...over,
})

const banner = (id: number, over: Partial<Banner> = {}): Banner => ({
  id,
  kind: 'banner',
  image: `/uploads/banner-${id}.jpg`,
  title: `横幅 ${id}`,
  link: '',
  content: '',
  sort: id,
  ...over,
})

const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  type: 'order_paid',
  title: `消息 ${id}`,
  content: `消息 ${id} 的内容`,
  relatedType: 'order',
  relatedId: 31,
  readAt: null,
  createdAt: '2026-11-22T07:30:12Z',
  ...over,
})

/** GET /need/message/list answering these messages, the unread counted among them. */
const inbox =
  (...rows: Message[]) =>
  () => ({ code: 200, rows, total: rows.length, data: { unread: rows.filter((row) => row.readAt === null).length } })

/** A message already read, about what `over` relates it to. */
const read = (id: number, over: Partial<Message>) => message(id, { readAt: '2026-11-21T00:00:00Z', ...over })

const problem = (id: number, over: Partial<Problem> = {}): Problem => ({
  id,
  type: 'suggestion',
  title: `反馈 ${id}`,
  content: `反馈 ${id} 的内容`,
  images: [],
  phone: '',
  qq: '',
  status: 'open',
  reply: '',
  repliedAt: null,
  createdAt: '2026-11-22T07:30:12Z',
  ...over,
})

const profile = { userId: 5, userName: 'buyer', nickName: '买家', roles: ['user'] }

const signedInApi = {
  ...badgeApi,
  'GET /system/user/profile': () => ({ code: 200, data: profile }),
}

// ---- helpers --------------------------------------------------------------------------------------------

const page = visiblePage
const find = findOnPage
const pathname = () => window.location.pathname + window.location.search
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const tapLabel = async (label: string) => fireEvent.click(await find(`[aria-label="${label}"]`))

/** Picks the chip (role radio) that reads `label`. */
async function choose(label: string) {
  let chip: Element | undefined
  await waitFor(() => {
    chip = [...page().querySelectorAll('[role=radio]')].find((el) => el.textContent === label)
    expect(chip).toBeDefined()
  })
  fireEvent.click(chip as Element)
}

/** Types a value into a trust tool and presses 查询. */
async function lookUp(tool: string, value: string) {
  await typeInto(tool, value)
  const button = (await find(`[aria-label="${tool}"]`)).closest('.trust-tool')?.querySelector('taro-button-core')
  fireEvent.click(button as Element)
}

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null, unreadMessages: 0 })
  clearGameCache()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

// ---- home -----------------------------------------------------------------------------------------------

describe('home content', () => {
  const homeApi = {
    'GET /web/game/list': () => ({ code: 200, data: [] }),
    'GET /web/stats': () => ({ code: 200, data: { onSale: 1, soldYesterday: 0, soldTotal: 0 } }),
    'POST /web/good/allList': () => ({ code: 200, rows: [], total: 0 }),
    'GET /web/recentlydeal': () => ({ code: 200, rows: [], total: 0 }),
    'GET /account/zhubo/list': (_: unknown, url: string) => ({
      code: 200,
      rows: url.includes('type=2')
        ? [banner(1, { link: '/index/articleDetail?id=8' }), banner(2)]
        : [banner(3, { kind: 'anchor', title: '主播阿明', content: '抖音 · 20万粉丝' })],
      total: 2,
    }),
    'GET /web/notice/list': (_: unknown, url: string) => {
      const type = new URLSearchParams(url.split('?')[1]).get('noticeType')
      return { code: 200, rows: [notice(type === 'cjwt' ? 11 : 12, { title: `${type} 的第一条` })], total: 1 }
    },
    'GET /web/social/list': () => ({
      code: 200,
      rows: [
        { id: 1, platform: 'douyin', name: '号安心官方', fans: 123_456, account: 'haoanxin', avatar: '', link: '' },
      ],
      total: 1,
    }),
    'GET /V2/H5/gonggaoDetails': () => ({ code: 200, data: [notice(20, { type: 'jyxz', title: '交易须知' })] }),
  }

  it('shows the banners, the notice columns, anchors, social accounts and 交易须知, and opens a notice', async () => {
    const api = mockApi({ ...homeApi, 'GET /web/notice/8': () => ({ code: 200, data: notice(8) }) })
    renderApp('/index/home')
    await find('[aria-label="横幅 1"]')
    expect(page().querySelectorAll('.home__carousel-dot')).toHaveLength(2)
    await waitFor(() => expect(text('.home__notices')).toContain('cjwt 的第一条'))
    expect(queryOf(callsTo(api, 'GET /web/notice/list')[0])).toEqual({
      noticeType: 'cjwt',
      pageNum: '1',
      pageSize: '5',
    })
    await clickButton('新闻公告')
    await waitFor(() => expect(text('.home__notices')).toContain('xwgg 的第一条'))
    await waitFor(() => expect(text('.home__anchor-name')).toBe('主播阿明'))
    expect(text('.home__social')).toContain('12.3万 粉丝')
    await waitFor(() => expect(page().querySelector('.home__trade-notice .rich-content')).not.toBeNull())

    await tapLabel('横幅 1')
    await waitFor(() => expect(pathname()).toBe('/index/articleDetail?id=8'))
    await find('.notice-article__title')
    expect(text('.notice-article__title')).toBe('公告 8')
  })

  it('黑号查询: a hit lists the masked records, a miss says there is none', async () => {
    const record: BlacklistRecord = {
      id: 4,
      subjectKind: 'qq',
      maskedSubject: '98****321',
      gameId: 1,
      gameName: '王者荣耀',
      reason: 'retrieval',
      evidence: '售出后通过申诉找回账号',
      createdAt: '2026-10-01T02:00:00Z',
    }
    const api = mockApi({
      ...homeApi,
      'GET /black/blackList': (_: unknown, url: string) =>
        url.includes('987654321') ? { code: 200, rows: [record], total: 1 } : { code: 200, rows: [], total: 0 },
    })
    renderApp('/index/home')
    // The tools' code loads only when the reader scrolls near them.
    await find('#home-tools .home__tools-placeholder')
    expect(page().querySelector('.trust-tools')).toBeNull()
    await scrollNear('home-tools')
    await clickButton('黑号查询')
    await lookUp('黑号查询', ' 987654321 ')
    await waitFor(() => expect(text('.trust-verdict')).toContain('发现 1 条黑号记录'))
    expect(text('.trust-verdict')).toContain('QQ 98****321 · 王者荣耀')
    expect(text('.trust-verdict')).toContain('恶意找回')
    expect(queryOf(callsTo(api, 'GET /black/blackList')[0])).toEqual({ content: '987654321' })

    await lookUp('黑号查询', '12345678')
    await waitFor(() => expect(text('.trust-verdict')).toContain('未查到黑号记录'))
    expect(text('.trust-verdict')).toContain('12345678')
  })

  it('the tab bar shows the unread count of a signed-in user', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...homeApi,
      ...signedInApi,
      'GET /need/message/list': () => ({ code: 200, rows: [], total: 5, data: { unread: 3 } }),
    })
    renderApp('/index/home')
    await waitFor(() => expect(text('.tab-bar__badge')).toBe('3'))
  })

  it('a background 401 of the badge forgets the session without the sign-in prompt', async () => {
    saveToken('tok-expired')
    mockApi({ ...homeApi, ...badgeApi, 'GET /need/message/list': () => ({ code: 401, msg: '请先登录' }) })
    renderApp('/index/home')
    await find('.tab-bar')
    await waitFor(() => expect(getState().token).toBe(''))
    expect(document.querySelector('[role=alertdialog]')).toBeNull()
    expect(page().querySelector('.tab-bar__badge')).toBeNull()
  })
})

// ---- contactkefu and the customer-service sheet ----------------------------------------------------------

describe('contactkefu', () => {
  const kefuApi = {
    'GET /V2/H5/allQQlist': () => ({ code: 200, data: contacts }),
    'GET /V2/H5/qqGroup': () => ({
      code: 200,
      data: [
        { id: 1, name: '号安心交流群', number: '712345678', gameId: null, gameName: '', full: false },
        { id: 2, name: '王者荣耀 1 群', number: '712345679', gameId: 1, gameName: '王者荣耀', full: true },
      ],
    }),
    'GET /V2/H5/checkAccount': (_: unknown, url: string): { code: number; data: StaffCheck } =>
      url.includes('2851234567')
        ? { code: 200, data: { official: true, contact: { name: '小安', kind: 'buyer', channel: 'qq' } } }
        : url.includes('KF00012')
          ? {
              code: 200,
              data: { official: true, contact: { name: '交易群客服 KF00012', kind: null, channel: 'staffNo' } },
            }
          : { code: 200, data: { official: false } },
  }

  it('groups the contacts by kind with hours, QR codes and copy buttons, and lists the QQ groups', async () => {
    const clipboard = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as never)
    mockApi(kefuApi)
    renderApp('/index/other/contactkefu')
    await find('.contact-card')
    await waitFor(() => expect(text('.kefu')).toContain('群号 712345678 · 综合交流'))
    const sections = [...page().querySelectorAll('.kefu__section')].map((el) => el.textContent)
    expect(sections).toEqual(['客服验证', '买家客服', '卖家 / 代售客服', '包赔 / 中介担保客服', '官方QQ群'])
    expect(page().querySelectorAll('.contact-card__qr-image')).toHaveLength(3)
    expect(text('.contact-card')).toContain('买家客服 · 10:00–02:00')
    await tapLabel('复制小安的微信')
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith({ data: 'haoanxin_an' }))
    // a full group offers no number to copy
    expect(page().querySelector('[aria-label="复制王者荣耀 1 群群号"]')).toBeNull()
  })

  it('客服验证: a staff QQ is confirmed with the contact’s name, anything else is a warning', async () => {
    const api = mockApi(kefuApi)
    renderApp('/index/other/contactkefu')
    await lookUp('客服验证', '2851234567')
    await waitFor(() => expect(text('.trust-verdict')).toContain('官方客服，可以放心联系'))
    expect(text('.trust-verdict')).toContain('QQ 2851234567 是号安心买家客服「小安」')
    expect(page().querySelector('.trust-verdict--safe')).not.toBeNull()

    // The number on what staff write in a 交易群.
    await lookUp('客服验证', 'KF00012')
    await waitFor(() =>
      expect(text('.trust-verdict')).toContain('客服工号 KF00012 是号安心官方客服「交易群客服 KF00012」'),
    )

    await lookUp('客服验证', '12345678')
    await waitFor(() => expect(text('.trust-verdict')).toContain('非官方客服'))
    expect(page().querySelector('.trust-verdict--danger')).not.toBeNull()
    expect(callsTo(api, 'GET /V2/H5/checkAccount').map(queryOf)).toEqual([
      { value: '2851234567' },
      { value: 'KF00012' },
      { value: '12345678' },
    ])
  })

  it('says what the server says when lookups come too fast', async () => {
    mockApi({ ...kefuApi, 'GET /V2/H5/checkAccount': () => ({ code: 429, msg: '查询太频繁，请 60 秒后再试' }) })
    renderApp('/index/other/contactkefu')
    await lookUp('客服验证', '2851234567')
    await waitFor(() => expect(text('.trust-tool__failed')).toBe('查询太频繁，请 60 秒后再试'))
  })

  it('the floating 客服 button opens the contacts sheet', async () => {
    mockApi({ ...kefuApi, 'GET /V2/H5/gonggaoDetails': () => ({ code: 200, data: [notice(9, { type: 'appxz' })] }) })
    renderApp('/index/appDownload')
    await tapLabel('联系客服')
    await find('.sheet .contact-card')
    const groups = [...page().querySelectorAll('.service-sheet__group-title')].map((el) => el.textContent)
    expect(groups).toEqual(['买家客服', '卖家 / 代售客服', '包赔 / 中介担保客服'])
    expect(page().querySelector('.sheet .contact-card__qr')).toBeNull()
    await clickButton('客服验证 · 官方QQ群 · 全部客服')
    await waitFor(() => expect(pathname()).toBe('/index/other/contactkefu'))
  })
})

// ---- notices --------------------------------------------------------------------------------------------

describe('notice pages', () => {
  it('gonggao lists a tab’s notices and opens one in newsDetail', async () => {
    const api = mockApi({
      'GET /web/notice/list': (_: unknown, url: string) => {
        const type = new URLSearchParams(url.split('?')[1]).get('noticeType')
        return { code: 200, rows: [notice(type === 'zhgg' ? 41 : 40)], total: 1 }
      },
      'GET /web/notice/41': () => ({ code: 200, data: notice(41) }),
    })
    renderApp('/index/other/gonggao')
    await find('[aria-label="公告 40"]')
    await clickButton('找回案例')
    await tapLabel('公告 41')
    await waitFor(() => expect(pathname()).toBe('/index/other/newsDetail?id=41'))
    await waitFor(() => expect(text('.notice-article__title')).toBe('公告 41'))
    expect(callsTo(api, 'GET /web/notice/list').map((o) => queryOf(o).noticeType)).toEqual(['xwgg', 'zhgg'])
  })

  it('renders the notice HTML through the sanitizing parser', async () => {
    mockApi({
      'GET /web/notice/7': () => ({
        code: 200,
        data: notice(7, { content: '<p onclick="x()">正文<script>steal()</script></p><img src="/uploads/a.png">' }),
      }),
    })
    renderApp('/index/articleDetail?id=7')
    const rich = await find('.rich-content')
    await waitFor(() => expect(rich.querySelector('p.rt-p')?.textContent).toBe('正文'))
    expect(rich.querySelector('p')?.getAttribute('onclick')).toBeNull()
    expect(rich.querySelector('script')).toBeNull()
    expect(rich.textContent).not.toContain('steal')
    const image = rich.querySelector('img.rt-img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('/uploads/a.png')
    expect(image.style.maxWidth).toBe('100%')
  })

  it('a missing notice and a failed load are said, with a way on', async () => {
    let fail = true
    mockApi({
      'GET /web/notice/404': () => ({ code: 404, msg: '公告不存在' }),
      'GET /V2/H5/gonggaoDetails': () =>
        fail ? Promise.reject(new Error('request:fail')) : { code: 200, data: [notice(3, { title: '隐私政策' })] },
    })
    renderApp('/index/other/helpdetail?id=404')
    await waitFor(() => expect(text('.empty-state')).toContain('内容不存在或已下线'))

    renderApp('/yinsi')
    await waitFor(() => expect(text('.empty-state')).toContain('内容加载失败'))
    fail = false
    await clickButton('重试')
    await waitFor(() => expect(text('.notice-article__title')).toBe('隐私政策'))
  })

  it('articleDetail without an id calls nothing and offers the notices', async () => {
    const api = mockApi({})
    renderApp('/index/articleDetail')
    await waitFor(() => expect(text('.empty-state')).toContain('内容不存在或已下线'))
    expect(api).not.toHaveBeenCalled()
  })
})

// ---- xiaoxi ---------------------------------------------------------------------------------------------

describe('xiaoxi', () => {
  const order = { id: 31, no: 'HA1', status: 'paid', goods: { id: 7, title: '王者荣耀 V8' } } as unknown as Order

  it('sends a signed-out visitor to sign in and back', async () => {
    mockApi(captchaApi)
    renderApp('/index/other/xiaoxi')
    await waitFor(() => expect(pathname()).toBe(`/login?redirect=${encodeURIComponent('/pages/xiaoxi/index')}`))
  })

  it('marks a message read on tap and opens its order; the unread count drops', async () => {
    saveToken('tok-buyer')
    const api = mockApi({
      ...signedInApi,
      'GET /need/message/list': inbox(message(2), read(1, { relatedType: 'goods', relatedId: 7 })),
      'GET /need/message/changeRead/2': () => ({ code: 200, data: message(2, { readAt: '2026-11-23T00:00:00Z' }) }),
      'GET /need/myOrder/31': () => ({ code: 200, data: order }),
    })
    renderApp('/index/other/xiaoxi')
    await find('[aria-label="未读 消息 2"]')
    expect(text('.messages__summary')).toBe('1 条未读消息')
    expect(page().querySelectorAll('.message--unread')).toHaveLength(1)
    expect(getState().unreadMessages).toBe(1)

    await tapLabel('未读 消息 2')
    await waitFor(() => expect(pathname()).toBe('/index/orderDetail?id=31'))
    expect(callsTo(api, 'GET /need/message/changeRead/2')).toHaveLength(1)
    expect(getState().unreadMessages).toBe(0)
  })

  it('opens the goods of a message already read without marking it again', async () => {
    saveToken('tok-buyer')
    const api = mockApi({
      ...signedInApi,
      'GET /need/message/list': inbox(read(1, { relatedType: 'goods', relatedId: 7 })),
      'GET /web/good/7': () => ({ code: 404, msg: '商品不存在' }),
      'GET /web/recommend/7': () => ({ code: 200, data: [] }),
    })
    renderApp('/index/other/xiaoxi')
    await tapLabel('消息 1')
    await waitFor(() => expect(pathname()).toBe('/index/goodDetail?id=7'))
    expect(callsTo(api, 'GET /need/message/changeRead/1')).toHaveLength(0)
  })

  it('a 搜索订阅 message opens the list of its saved search', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...signedInApi,
      'GET /need/message/list': inbox(read(1, { type: 'new_listings', relatedType: 'search', relatedId: 5 })),
      'GET /need/savedSearches/5': () => ({ code: 404, msg: '订阅不存在' }),
    })
    renderApp('/index/other/xiaoxi')
    await waitFor(() => expect(page().querySelector('.message__link')?.textContent).toBe('查看新上架 ›'))
    await tapLabel('消息 1')
    await waitFor(() => expect(pathname()).toBe('/index/goodList?savedSearch=5'))
    await waitFor(() => expect(page().textContent).toContain('该搜索订阅已删除'))
  })

  it('a 包赔 message opens its claim', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...signedInApi,
      'GET /need/message/list': inbox(read(1, { title: '包赔需要补充材料', relatedType: 'claim', relatedId: 3 })),
      'GET /need/claims/3': () => ({ code: 200, data: claim({ status: 'needs_info', infoRequest: '请补充找回短信' }) }),
    })
    renderApp('/index/other/xiaoxi')
    await waitFor(() => expect(page().querySelector('.message__link')?.textContent).toBe('查看包赔 ›'))
    await tapLabel('包赔需要补充材料')
    await waitFor(() => expect(pathname()).toBe('/index/other/claim?id=3'))
    await waitFor(() => expect(page().textContent).toContain('客服需要补充：请补充找回短信'))
  })

  // A seller's messages open their listing, a merchant's their quote: the order's and the request's pages are
  // the buyer's and the seller's. Both lists load just that row (the pages' own tests show it).
  it.each([
    ['商品审核未通过', 'listing', '查看我的代售', '/index/other/Mybrowsing?id=12', 'GET /need/myConsignment'],
    ['报价未中标', 'quote', '查看我的报价', '/index/other/myQuotes?id=12', 'GET /merchant/quotes'],
  ] as const)(
    'a %s message (%s) opens its row in the reader’s own list',
    async (title, relatedType, link, to, list) => {
      saveToken('tok-buyer')
      mockApi({
        ...signedInApi,
        'GET /need/message/list': inbox(read(1, { title, relatedType, relatedId: 12 })),
        [list]: () => ({ code: 200, rows: [], total: 0 }),
      })
      renderApp('/index/other/xiaoxi')
      await waitFor(() => expect(page().querySelector('.message__link')?.textContent).toBe(`${link} ›`))
      await tapLabel(title)
      await waitFor(() => expect(pathname()).toBe(to))
    },
  )

  it('shows an empty state with a next step', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...signedInApi,
      'GET /need/message/list': inbox(),
    })
    renderApp('/index/other/xiaoxi')
    await waitFor(() => expect(text('.empty-state')).toContain('暂时没有消息'))
  })
})

// ---- feedback -------------------------------------------------------------------------------------------

describe('feedback', () => {
  it('checks the form in Chinese, uploads the pictures and sends them with it, then lists it', async () => {
    saveToken('tok-buyer')
    let uploads = 0
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:1', 'blob:2'] } as never)
    const upload = jest.spyOn(Taro, 'uploadFile').mockImplementation((() => {
      uploads += 1
      return Promise.resolve({
        statusCode: 200,
        data: JSON.stringify({
          code: 200,
          msg: 'ok',
          data: { url: `/uploads/fb-${uploads}.png`, width: 10, height: 10 },
        }),
      })
    }) as never)
    const api = mockApi({
      ...signedInApi,
      'POST /account/problem': () => ({ code: 200, data: { id: 9 } }),
      'GET /account/problem/list': () => ({ code: 200, rows: [problem(9)], total: 1 }),
    })
    renderApp('/index/other/suggest')
    await find('.feedback-form')
    const submit = () => page().querySelector('.submit-bar__button') as HTMLElement

    await typeInto('标题', '慢')
    await waitFor(() => expect(text('.field__error')).toBe('标题至少 2 个字'))
    await typeInto('详细内容', '太慢')
    await waitFor(() => expect(text('.feedback-form')).toContain('内容至少 5 个字'))
    await typeInto('手机号', '123')
    await waitFor(() => expect(text('.feedback-form')).toContain('请输入正确的 11 位手机号'))
    expect(submit().hasAttribute('disabled')).toBe(true)
    fireEvent.click(submit())
    expect(callsTo(api, 'POST /account/problem')).toHaveLength(0)

    await choose('投诉举报')
    await typeInto('标题', '页面加载慢')
    await typeInto('详细内容', '商品详情页图片加载很慢，希望优化')
    await typeInto('手机号', '13800138000')
    await typeInto('QQ', '10001')
    const add = await find('[aria-label="添加图片"]')
    await act(async () => {
      fireEvent.click(add)
    })
    await waitFor(() => expect(page().querySelectorAll('.image-uploader__image')).toHaveLength(2))
    expect(upload).toHaveBeenCalledTimes(2)
    expect(upload.mock.calls[0][0]).toMatchObject({ url: '/api/upload/image', filePath: 'blob:1', name: 'file' })
    await waitFor(() => expect(page().querySelector('.field__error')).toBeNull())

    await clickButton('提交反馈')
    await waitFor(() => expect(pathname()).toBe('/index/other/ProblemList'))
    expect(callsTo(api, 'POST /account/problem')[0].data).toEqual({
      type: 'complaint',
      title: '页面加载慢',
      content: '商品详情页图片加载很慢，希望优化',
      images: ['/uploads/fb-1.png', '/uploads/fb-2.png'],
      phone: '13800138000',
      qq: '10001',
    } satisfies ProblemRequest)
    await find('.problem')
  })

  it('a removed picture is not sent; at most six are offered', async () => {
    saveToken('tok-buyer')
    let uploads = 0
    const choose = jest
      .spyOn(Taro, 'chooseImage')
      .mockResolvedValue({ tempFilePaths: ['a', 'b', 'c', 'd', 'e', 'f'] } as never)
    jest.spyOn(Taro, 'uploadFile').mockImplementation((() => {
      uploads += 1
      return Promise.resolve({
        statusCode: 200,
        data: { code: 200, msg: 'ok', data: { url: `/uploads/${uploads}.png` } },
      })
    }) as never)
    mockApi(signedInApi)
    renderApp('/index/other/fankui')
    const add = await find('[aria-label="添加图片"]')
    await act(async () => {
      fireEvent.click(add)
    })
    await waitFor(() => expect(page().querySelectorAll('.image-uploader__image')).toHaveLength(6))
    expect(choose.mock.calls[0][0]).toMatchObject({ count: 6 })
    expect(page().querySelector('[aria-label="添加图片"]')).toBeNull()
    await tapLabel('删除图片 2')
    await waitFor(() => expect(page().querySelectorAll('.image-uploader__image')).toHaveLength(5))
    expect(text('.image-uploader__count')).toBe('5/6')
  })

  it('ProblemList shows each submission’s status and the staff reply', async () => {
    saveToken('tok-buyer')
    mockApi({
      ...signedInApi,
      'GET /account/problem/list': () => ({
        code: 200,
        rows: [
          problem(2, {
            status: 'replied',
            reply: '已为您优化图片加载，感谢反馈',
            repliedAt: '2026-11-23T02:00:00Z',
            images: ['/uploads/p.png'],
          }),
          problem(1, { type: 'complaint' }),
        ],
        total: 2,
      }),
    })
    renderApp('/index/other/ProblemList')
    await find('.problem__reply')
    const [replied, open] = [...page().querySelectorAll('.problem')].map((el) => el.textContent)
    expect(replied).toContain('已回复')
    expect(replied).toContain('已为您优化图片加载，感谢反馈')
    expect(replied).toContain('改进建议')
    expect(open).toContain('待处理')
    expect(open).toContain('投诉举报')
  })
})

// ---- requests: escrow (security) and merchant cooperation (shanghu) --------------------------------------

describe('requests', () => {
  const games = [
    gameRow({ sort: 1, onSaleCount: 3 }),
    gameRow({ id: 2, name: '原神', initial: 'Y', hot: false, sort: 2, onSaleCount: 1 }),
  ]

  it('security: the escrow staff, then a ticket opened with the price in fen and the other party; my tickets', async () => {
    saveToken('tok-buyer')
    const mine = {
      id: 4,
      code: 'K7QW2M9X',
      gameId: 1,
      gameName: '王者荣耀',
      description: '群里谈好的号',
      agreedPrice: 50_000,
      feeAmount: 2_500,
      status: 'awaiting_listing',
      role: 'buyer',
      counterparty: { contact: '139****0002', name: '卖家' },
      listing: null,
      orderId: null,
      rejectReason: '',
      closedReason: '',
      createdAt: '2026-11-26T02:00:00Z',
      completedAt: null,
      actions: ['close'],
    } satisfies EscrowTicket
    const api = mockApi({
      ...signedInApi,
      'GET /V2/H5/gonggaoDetails': () => ({
        code: 200,
        data: [notice(30, { type: 'zjdb', title: '中介担保服务说明' })],
      }),
      'GET /V2/H5/account': () => ({ code: 200, data: [contacts[2]] }),
      'GET /web/game/list': () => ({ code: 200, data: games }),
      'GET /need/escrow-tickets': () => ({ code: 200, data: [mine] }),
      'POST /need/escrow-ticket': () => ({ code: 200, data: { id: 5, code: 'ABCD2345' } }),
      'GET /need/escrow-ticket/5': () => ({
        code: 200,
        data: { ...mine, id: 5, code: 'ABCD2345', gameId: 2, gameName: '原神', agreedPrice: 128_850, role: 'seller' },
      }),
    })
    renderApp('/index/security')
    await waitFor(() => expect(text('.contact-card__name')).toBe('小保'))
    expect(queryOf(callsTo(api, 'GET /V2/H5/account')[0])).toEqual({ kind: 'guarantee' })
    await waitFor(() => expect(text('.security__ticket')).toContain('王者荣耀 · ¥500.00'))
    expect(text('.security__ticket-status')).toBe('待卖方录入账号 ›')

    const picker = await find('taro-picker-core')
    act(() => {
      picker.dispatchEvent(new CustomEvent('change', { detail: { value: 1 }, bubbles: true }))
    })
    await waitFor(() => expect(text('.security__picker')).toBe('原神'))
    fireEvent.click([...page().querySelectorAll('[role=radio]')].find((el) => el.textContent === '我是卖方')!)
    await typeInto('成交价格', '1288.5')
    await typeInto('对方QQ', '123')
    await typeInto('交易说明', '群里谈好的原神号，含五星角色')
    await waitFor(() => expect(text('.security__request')).toContain('QQ 号为 5–12 位数字'))
    expect(page().querySelector('.security__request .submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    await typeInto('对方QQ', '12345678')
    await clickButton('发起担保')
    await waitFor(() => expect(callsTo(api, 'POST /need/escrow-ticket')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/escrow-ticket')[0].data).toEqual({
      gameId: 2,
      description: '群里谈好的原神号，含五星角色',
      agreedPrice: 128_850,
      counterparty: { qq: '12345678' },
      role: 'seller',
    } satisfies EscrowTicketRequest)
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/index/other/escrowTicket?id=5'),
    )
  })

  it('shanghu: signed out, a way to sign in; signed in, the merchant application with its games, then its state', async () => {
    const notices = { 'GET /V2/H5/gonggaoDetails': () => ({ code: 200, data: [notice(31, { type: 'shhz' })] }) }
    mockApi(notices)
    renderApp('/index/other/shanghu')
    await find('.sign-in-prompt')
    expect(page().querySelector('.shanghu .field')).toBeNull()

    saveToken('tok-buyer')
    const sent: MerchantApplication = {
      id: 7,
      name: '星河工作室',
      phone: '139****1111',
      qq: '',
      business: '主营王者荣耀成品号，每月约 200 个，希望批量回收',
      games: [{ id: 2, name: '原神' }],
      status: 'pending',
      reason: '',
      decidedAt: null,
      createdAt: '2026-11-20T02:00:00Z',
    }
    const api = mockApi({
      ...notices,
      ...signedInApi,
      'GET /web/game/list': () => ({ code: 200, data: games }),
      'GET /merchant/application': () => ({ code: 200, data: { merchant: false, application: null } }),
      'POST /merchant/apply': () => ({ code: 200, data: sent }),
    })
    renderApp('/index/other/shanghu')
    await typeInto('称呼 / 公司名', ' 星河工作室 ')
    await typeInto('手机号', '13900001111')
    await typeInto('合作内容', '主营王者荣耀成品号，每月约 200 个，希望批量回收')
    // No game yet: the button stays off.
    expect(page().querySelector('.submit-bar__button[disabled]')).not.toBeNull()
    await find('[role=checkbox]')
    const chip = (name: string) =>
      [...page().querySelectorAll('[role=checkbox]')].find((el) => el.textContent === name)!
    // A second tap takes a game off again.
    for (const name of ['王者荣耀', '原神', '王者荣耀']) fireEvent.click(chip(name))
    await clickButton('提交入驻申请')
    await find('.submitted-card')
    expect(callsTo(api, 'POST /merchant/apply')[0].data).toEqual({
      name: '星河工作室',
      phone: '13900001111',
      business: '主营王者荣耀成品号，每月约 200 个，希望批量回收',
      gameIds: [2],
    } satisfies MerchantApplicationRequest)
    expect(text('.submitted-card')).toContain('申请审核中')
    expect(text('.shanghu__summary')).toContain('139****1111')
  })

  it('shanghu: a rejected application shows why and offers to apply again with its answers; a merchant is told so', async () => {
    saveToken('tok-buyer')
    const rejected: MerchantApplication = {
      id: 8,
      name: '星河工作室',
      phone: '139****1111',
      qq: '12345678',
      business: '主营王者荣耀成品号，每月约 200 个',
      games: [{ id: 1, name: '王者荣耀' }],
      status: 'rejected',
      reason: '请补充营业执照或过往交易记录',
      decidedAt: '2026-11-21T02:00:00Z',
      createdAt: '2026-11-20T02:00:00Z',
    }
    let standing = { merchant: false, application: rejected }
    mockApi({
      ...signedInApi,
      'GET /V2/H5/gonggaoDetails': () => ({ code: 200, data: [notice(31, { type: 'shhz' })] }),
      'GET /web/game/list': () => ({ code: 200, data: games }),
      'GET /merchant/application': () => ({ code: 200, data: standing }),
    })
    renderApp('/index/other/shanghu')
    await waitFor(() => expect(text('.submitted-card')).toContain('原因：请补充营业执照或过往交易记录'))
    fireEvent.click(await find('.submitted-card__link'))
    await find('.shanghu__form')
    expect((await byLabel('称呼 / 公司名')).getAttribute('value')).toBe('星河工作室')
    await waitFor(() =>
      expect([...page().querySelectorAll('[role=checkbox][aria-checked=true]')].map((el) => el.textContent)).toEqual([
        '王者荣耀',
      ]),
    )

    standing = { merchant: true, application: { ...rejected, status: 'approved', reason: '' } }
    renderApp('/index/other/shanghu')
    await waitFor(() => expect(text('.submitted-card')).toContain('你已是认证号商'))
  })
})
