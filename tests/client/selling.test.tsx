import Taro from '@tarojs/taro'
import { act, fireEvent, waitFor } from '@testing-library/react'
import type { FeePreview, MyListing } from '@/contract/consignment'
import { saveToken, setState } from '@/store'
import { clearGameCache } from '@/utils/games'
import { byLabel, clickButton, findOnPage, typeInto, typePrompt, visiblePage } from './utils/dom'
import { badgeApi, callsTo, mockApi, queryOf } from './utils/mockApi'
import { TEMPLATE_FIELDS } from '../server/helpers/catalogue'
import { gameRow, goodsCard } from './utils/fixtures'
import { renderApp } from './utils/renderApp'

// Whole-app renders on a loaded 2-core machine (jest takes testTimeout only from the root config).
jest.setTimeout(30_000)

const listing = (over: Partial<MyListing> = {}): MyListing => ({
  ...goodsCard({ id: 41, title: '王者 全英雄 典藏皮肤', price: 88_800, regionNames: ['iOS', 'QQ'] }),
  auditReason: '',
  delistReason: '',
  hasCredentials: true,
  createdAt: '2026-11-20T01:00:00Z',
  orderId: null,
  orderNo: null,
  settlement: null,
  claim: null,
  actions: ['editPrice', 'delist', 'credentials'],
  ...over,
})

const game = gameRow()
const profile = { userId: 9, userName: 'seller', nickName: '卖家', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const tapLabel = async (label: string) => fireEvent.click(await byLabel(label))
const cards = () => [...page().querySelectorAll('.my-listings__card[role=link]')]

beforeEach(() => {
  clearGameCache()
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-seller')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('Mybrowsing (我的代售)', () => {
  it('lists by tab, shows the reasons and the money, and only the buttons the server allows', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myConsignment': () => ({
        code: 200,
        rows: [
          listing(),
          listing({
            id: 42,
            status: 'rejected',
            auditReason: '截图与描述不符',
            actions: ['editPrice', 'edit', 'credentials', 'reason'],
          }),
          listing({
            id: 43,
            status: 'sold',
            actions: [],
            orderNo: 'HA2026112215301234',
            settlement: {
              status: 'paid',
              amount: 83_800,
              dueAt: '2026-11-29T00:00:00Z',
              paidAt: '2026-11-29T01:00:00Z',
              transferNo: '20261129000123',
              actions: [],
            },
          }),
          listing({
            id: 44,
            status: 'sold',
            actions: [],
            settlement: { status: 'held', amount: 45_000, dueAt: '2026-11-29T00:00:00Z', actions: [] },
          }),
        ],
        total: 4,
      }),
    })
    renderApp('/index/other/Mybrowsing')
    await waitFor(() => expect(cards()).toHaveLength(4))
    expect(queryOf(callsTo(api, 'GET /need/myConsignment')[0])).toEqual({ pageNum: '1', pageSize: '10' })
    const [onSale, rejected, sold, held] = cards().map((card) => card.textContent ?? '')
    expect(held).toContain('暂缓打款 ¥450.00')
    expect(held).toContain('买家申请了包赔，处理完成前暂缓打款')
    expect(onSale).toContain('在售')
    expect(onSale).toContain('改价')
    expect(onSale).toContain('下架')
    expect(onSale).not.toContain('上架')
    expect(rejected).toContain('未通过：截图与描述不符')
    expect(rejected).toContain('编辑重提')
    expect(rejected).toContain('查看失败原因')
    expect(sold).toContain('已打款 ¥838.00')
    expect(sold).toContain('转账单号 20261129000123')
    expect(sold).not.toContain('改价')

    await clickButton('审核失败')
    await waitFor(() => expect(callsTo(api, 'GET /need/myConsignment')).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /need/myConsignment')[1])).toMatchObject({ status: 'rejected' })
  })

  it('a refused payout takes another Alipay account, checked before it is sent, and says what became of the money', async () => {
    const refused = listing({
      id: 45,
      status: 'sold',
      actions: [],
      settlement: {
        status: 'failed',
        amount: 45_000,
        dueAt: '2026-11-29T00:00:00Z',
        reason: '收款账户已冻结',
        actions: ['payee'],
      },
    })
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [refused], total: 1 }),
      'PUT /need/myConsignment/45/payee': () => ({
        code: 200,
        data: {
          ...refused,
          settlement: {
            status: 'paid',
            amount: 45_000,
            dueAt: '2026-11-29T00:00:00Z',
            paidAt: '2026-11-30T01:00:00Z',
            transferNo: '20261130000456',
            actions: [],
          },
        },
      }),
    })
    renderApp('/index/other/Mybrowsing')
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(text('.my-listings__card')).toContain('收款账户已冻结，请修改收款账户后重新打款')

    await clickButton('修改收款账户')
    expect(text('.prompt-dialog')).toContain('收款人为你实名认证的姓名')
    await typePrompt('alipay-account')
    await clickButton('修改并打款')
    expect(text('.prompt-dialog')).toContain('收款支付宝账号须为手机号或邮箱')
    expect(callsTo(api, 'PUT /need/myConsignment/45/payee')).toHaveLength(0)
    await typePrompt(' seller@example.com ')
    await clickButton('修改并打款')
    await waitFor(() => expect(callsTo(api, 'PUT /need/myConsignment/45/payee')).toHaveLength(1))
    expect(callsTo(api, 'PUT /need/myConsignment/45/payee')[0].data).toEqual({ alipayAccount: 'seller@example.com' })
    await waitFor(() => expect(text('.my-listings__card')).toContain('已打款 ¥450.00'))
    expect(Taro.showToast).toHaveBeenCalledWith({ title: '已重新打款', icon: 'none' })
    expect(text('.my-listings__actions')).not.toContain('修改收款账户')
  })

  it('delists with a reason and reprices in yuan; the card shows the server’s answer', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [listing()], total: 1 }),
      'POST /goods/info/downGoods': () => ({
        code: 200,
        data: listing({
          status: 'delisted',
          delistReason: '暂时自己玩',
          actions: ['editPrice', 'relist', 'edit', 'credentials'],
        }),
      }),
      'POST /need/goods/editPrice': (body) => ({
        code: 200,
        data: listing({ price: (body as { price: number }).price }),
      }),
    })
    renderApp('/index/other/Mybrowsing')
    await waitFor(() => expect(cards()).toHaveLength(1))

    await clickButton('改价')
    await typePrompt('0.5')
    await clickButton('确认改价')
    expect(text('.prompt-dialog')).toContain('请输入 1–1,000,000 元之间的价格')
    await typePrompt('666.50')
    await clickButton('确认改价')
    await waitFor(() => expect(callsTo(api, 'POST /need/goods/editPrice')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/goods/editPrice')[0].data).toEqual({ id: 41, price: 66_650 })
    await waitFor(() => expect(text('.my-listings__card')).toContain('666.50'))

    await clickButton('下架')
    await typePrompt('暂时自己玩')
    await clickButton('确认下架')
    await waitFor(() => expect(text('.my-listings__card')).toContain('下架原因：暂时自己玩'))
    expect(callsTo(api, 'POST /goods/info/downGoods')[0].data).toEqual({ id: 41, reason: '暂时自己玩' })
    expect(text('.my-listings__card')).toContain('上架')
  })

  it('opened from a message, shows that listing alone with the 包赔 paid on it, and all of them on request', async () => {
    const sold = listing({
      id: 43,
      status: 'sold',
      actions: [],
      orderId: 12,
      orderNo: 'HA2026112215301234',
      claim: {
        kind: 'recovered',
        amount: 30_000,
        paidAt: '2026-11-28T02:00:00Z',
        recoveredAmount: 30_000,
        withheldAmount: 20_000,
      },
    })
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myConsignment': (_body, url) =>
        url.includes('id=43')
          ? { code: 200, rows: [sold], total: 1 }
          : { code: 200, rows: [listing(), sold], total: 2 },
    })
    renderApp('/index/other/Mybrowsing?id=43')
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(queryOf(callsTo(api, 'GET /need/myConsignment')[0])).toMatchObject({ id: '43' })
    expect(text('.focus-bar')).toContain('消息中的商品')
    expect(page().querySelector('.tabs')).toBeNull()
    const card = cards()[0].textContent
    expect(card).toContain('已包赔 ¥300.00（账号被找回）')
    expect(card).toContain('平台已向买家赔付，从该笔货款中扣回 ¥200.00，另向你追回 ¥100.00')
    expect(card).toContain('交易群')

    await clickButton('全部代售 ›')
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /need/myConsignment')[1])).toEqual({ pageNum: '1', pageSize: '10' })
    expect(page().querySelector('.tabs')).not.toBeNull()
  })

  it('has a next step when there is nothing to show', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [], total: 0 }),
    })
    renderApp('/index/other/Mybrowsing')
    await waitFor(() => expect(text('.empty-state')).toContain('还没有相关商品'))
  })
})

describe('fillInformation (填写信息)', () => {
  it('sends the sign-in and the bindings once both are given, then returns to 我的代售', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'PUT /need/consignment/41/credentials': () => ({ code: 200, data: listing() }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [listing()], total: 1 }),
    })
    renderApp('/index/fillInformation?id=41')
    await waitFor(() => expect(text('.fill-information')).toContain('加密保存'))
    expect(page().querySelector('.submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    await typeInto('游戏账号', 'wz_seller_01')
    await typeInto('游戏密码', 'S3cret-pass!')
    const chip = [...page().querySelectorAll('[role=radio]')].find((el) => el.textContent === '不能换绑')
    act(() => void (chip as HTMLElement).click())
    await clickButton('保存账号信息')
    await waitFor(() => expect(callsTo(api, 'PUT /need/consignment/41/credentials')).toHaveLength(1))
    expect(callsTo(api, 'PUT /need/consignment/41/credentials')[0].data).toEqual({
      account: 'wz_seller_01',
      password: 'S3cret-pass!',
      notes: '',
      binding: { phone: true, email: false, idCard: true, rebindable: false },
    })
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/Mybrowsing'))
  })
})

describe('sell (我要卖)', () => {
  it('explains the ways to sell and opens the listing form for the chosen game; 竞价回收 has its own way in', async () => {
    const api = mockApi({
      ...badgeApi,
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/game/list': () => ({ code: 200, data: [game] }),
      'GET /V2/H5/gonggaoDetails': (_body, url) => ({
        code: 200,
        data: [
          {
            id: url.includes('gfds') ? 1 : 2,
            type: url.includes('gfds') ? 'gfds' : 'zhhs',
            title: url.includes('gfds') ? '官网代售说明' : '账号回收说明',
            coverImage: '',
            summary: '',
            sort: 0,
            createdAt: '2026-11-01T00:00:00Z',
            content: '<p>说明正文</p>',
          },
        ],
      }),
      'GET /V2/H5/account': () => ({
        code: 200,
        data: [
          {
            id: 8,
            kind: 'recycle',
            name: '回收小王',
            qq: '800012345',
            weixin: '',
            phone: '',
            qrImage: '',
            workHours: '10:00–02:00',
            gameIds: [],
          },
        ],
      }),
    })
    renderApp('/index/sell')
    await tapLabel('官方代售：怎么卖')
    await waitFor(() => expect(text('.sheet')).toContain('官网代售说明'))
    expect(text('.sheet')).toContain('账号回收说明')
    await tapLabel('关闭')
    await tapLabel('王者荣耀')
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/index/BasicInformation?gameId=1'),
    )

    // 竞价回收: its landing with the recycling staff, then the same form for the chosen game.
    renderApp('/index/sell')
    await tapLabel('竞价回收：号商报价')
    await waitFor(() => expect(window.location.pathname).toBe('/index/sale'))
    await clickButton('回收客服 ›')
    await waitFor(() => expect(text('.sheet')).toContain('回收小王'))
    expect(queryOf(callsTo(api, 'GET /V2/H5/account')[0])).toEqual({ kind: 'recycle' })
    await tapLabel('关闭')
    // 我要卖 stays below in the stack: the game is picked on the page on top.
    fireEvent.click(await findOnPage('[aria-label="王者荣耀"]'))
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/index/jingjiahuishou?gameId=1'),
    )
  })
})

describe('BasicInformation (基本信息)', () => {
  /** A draft left at step 1 done, as the form keeps it in storage. */
  const keepDraft = (price: string) =>
    Taro.setStorageSync('sellDraft:1', {
      region: [
        { id: 11, gameId: 1, parentId: null, kind: 'system', name: '安卓', sort: 0 },
        { id: 111, gameId: 1, parentId: 11, kind: 'carrier', name: '微信', sort: 0 },
      ],
      attributes: { rank: '2', skins: '120' },
      qq: '12345678',
      price,
      cover: ['/uploads/a.jpg'],
      account: 'wz01',
      alipayAccount: '13800138000',
      payeeName: '张三',
    })
  /** What the form loads for a verified seller of game 1, and the fee the server previews. */
  const listingForm = (fee: FeePreview) => ({
    'GET /system/user/profile': () => ({ code: 200, data: { ...profile, realNameStatus: 'verified' } }),
    'GET /web/game/list': () => ({ code: 200, data: [game] }),
    'GET /web/gameTempAttr': () => ({
      code: 200,
      data: { gameId: 1, version: 3, fields: TEMPLATE_FIELDS.slice(0, 2) },
    }),
    'POST /need/consignment/fee': () => ({ code: 200, data: fee }),
  })

  /** 基本信息 at step 2 with the draft above (¥888), listing as a verified seller. */
  async function sellFormAtStep2() {
    keepDraft('888')
    const api = mockApi({
      ...listingForm({ price: 88_800, commission: 5_000, net: 83_800, rateBps: 500, min: 5_000 }),
      'POST /need/consignment': () => ({ code: 200, data: { id: 5, status: 'pending_review' } }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [], total: 0 }),
    })
    renderApp('/index/BasicInformation?gameId=1')
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))
    await clickButton('下一步')
    return api
  }

  it('restores the draft, previews the fee, suggests the title and lists the account; the password never reaches storage', async () => {
    const api = await sellFormAtStep2()
    await waitFor(() => expect(text('.basic-information__fee')).toContain('成交后到手 ¥838.00'))
    expect(page().querySelector('.submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    await typeInto('游戏密码', 'S3cret-pass!')
    expect(JSON.stringify(Taro.getStorageSync('sellDraft:1'))).not.toContain('S3cret')
    await clickButton('提交审核')
    await waitFor(() => expect(callsTo(api, 'POST /need/consignment')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/consignment')[0].data).toEqual({
      gameId: 1,
      regionIds: [11, 111],
      title: '安卓微信 铂金 120个',
      description: '段位：铂金\n皮肤数：120个',
      price: 88_800,
      coverImage: '/uploads/a.jpg',
      images: [],
      attributes: { rank: '2', skins: 120 },
      accountSource: 'self_registered',
      guaranteeMaterials: true,
      contact: { qq: '12345678' },
      credentials: { account: 'wz01', password: 'S3cret-pass!' },
      payout: { alipayAccount: '13800138000', name: '张三' },
      rent: null,
    })
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/Mybrowsing'))
    expect(Taro.getStorageSync('sellDraft:1')).toBeFalsy()
  })

  it('出售并出租: the rent terms are checked as typed and sent in fen and hours with the rules', async () => {
    const api = await sellFormAtStep2()
    await typeInto('游戏密码', 'S3cret-pass!')
    const chip = (role: string, label: string) =>
      [...page().querySelectorAll(`[role=${role}]`)].find((el) => el.textContent === label) as Element
    fireEvent.click(chip('radio', '出售并出租'))
    await typeInto('时租', '5')
    await typeInto('日租', '200')
    await waitFor(() => expect(text('.basic-information')).toContain('日租不能高于 24 小时的时租'))
    expect(page().querySelector('.submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    await typeInto('日租', '60')
    await typeInto('押金', '200')
    await typeInto('最短租期', '2')
    fireEvent.click(chip('checkbox', '禁止排位'))
    await clickButton('提交审核')
    await waitFor(() => expect(callsTo(api, 'POST /need/consignment')).toHaveLength(1))
    expect((callsTo(api, 'POST /need/consignment')[0].data as { rent: unknown }).rent).toEqual({
      hourly: 500,
      daily: 6_000,
      deposit: 20_000,
      minHours: 2,
      maxHours: 72,
      rules: ['no_ranked', 'logout_on_time'],
    })
  })

  /**
   * 竞价回收's form at step 2 with a reserve of ¥500 typed before (its draft is its own), under the operators'
   * shortest window.
   */
  async function recycleFormAtStep2(minWindowMinutes = 60) {
    keepDraft('888')
    Taro.setStorageSync('recycleDraft:1', { ...Taro.getStorageSync('sellDraft:1'), price: '500' })
    const api = mockApi({
      ...listingForm({ price: 50_000, commission: 5_000, net: 45_000, rateBps: 500, min: 5_000 }),
      'POST /account/backlist': () => ({ code: 200, data: { id: 9 } }),
      'GET /account/backlist/allList': () => ({ code: 200, rows: [], total: 0 }),
      'GET /account/backlist/terms': () => ({
        code: 200,
        data: { minWindowMinutes, maxWindowMinutes: 4320, defaultWindowMinutes: 1440, choosingHours: 24 },
      }),
    })
    renderApp('/index/jingjiahuishou?gameId=1')
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))
    await clickButton('下一步')
    return api
  }

  it('竞价回收: the same form with a reserve and a bidding window publishes a recycling request', async () => {
    const api = await recycleFormAtStep2()
    await byLabel('底价')
    fireEvent.click([...page().querySelectorAll('[role=radio]')].find((el) => el.textContent === '6 小时')!)
    await typeInto('游戏密码', 'S3cret-pass!')
    await clickButton('发布竞价回收')
    await waitFor(() => expect(callsTo(api, 'POST /account/backlist')).toHaveLength(1))
    const sent = callsTo(api, 'POST /account/backlist')[0].data as Record<string, unknown>
    expect(sent).toMatchObject({
      mode: 'recycle',
      publishMode: 'recycle',
      reservePrice: 50_000,
      windowMinutes: 360,
      gameId: 1,
    })
    expect(sent).not.toHaveProperty('price')
    expect(sent.credentials).toEqual({ account: 'wz01', password: 'S3cret-pass!' })
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/myJingjiahuishou'))
    expect(Taro.getStorageSync('recycleDraft:1')).toBeFalsy()
    // The sale listing's draft is its own.
    expect(Taro.getStorageSync('sellDraft:1')).toMatchObject({ price: '888' })
  })

  it('竞价回收 in 官方代售+竞价回收 mode asks for the sale price as well and sends both', async () => {
    // Operators who lowered the shortest window to 5 minutes: it is offered beside the usual ones.
    const api = await recycleFormAtStep2(5)
    const windows = page().querySelector('[role=radiogroup][aria-label="报价时长"]')!
    expect([...windows.querySelectorAll('[role=radio]')].map((chip) => chip.textContent)).toEqual([
      '5 分钟',
      '1 小时',
      '6 小时',
      '24 小时',
      '72 小时',
    ])
    fireEvent.click([...page().querySelectorAll('[role=radio]')].find((el) => el.textContent === '官方代售+竞价回收')!)
    await typeInto('游戏密码', 'S3cret-pass!')
    // The sale price is now asked for: nothing is sent without it.
    expect(page().querySelector('.submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    await typeInto('代售价', '900')
    await clickButton('发布竞价回收')
    await waitFor(() => expect(callsTo(api, 'POST /account/backlist')).toHaveLength(1))
    expect(callsTo(api, 'POST /account/backlist')[0].data).toMatchObject({
      mode: 'recycle',
      publishMode: 'both',
      price: 90_000,
      reservePrice: 50_000,
      windowMinutes: 1440,
    })
  })

  it('refuses a price the minimum commission would take whole, before anything is sent', async () => {
    keepDraft('40')
    const api = mockApi({
      ...listingForm({ price: 4_000, commission: 4_000, net: 0, rateBps: 500, min: 5_000 }),
    })
    renderApp('/index/BasicInformation?gameId=1')
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))
    await clickButton('下一步')
    await waitFor(() =>
      expect(text('.basic-information')).toContain('售价须高于最低佣金 ¥50.00，否则扣除佣金后到手为 ¥0'),
    )
    await typeInto('游戏密码', 'S3cret-pass!')
    expect(page().querySelector('.submit-bar__button')?.hasAttribute('disabled')).toBe(true)
    expect(callsTo(api, 'POST /need/consignment')).toHaveLength(0)
  })

  it('编辑重提 fills the form with the listing as it is and resubmits it, keeping the credentials on file', async () => {
    const api = mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: { ...profile, realNameStatus: 'verified' } }),
      'GET /web/game/list': () => ({ code: 200, data: [game] }),
      'GET /web/gameTempAttr': () => ({
        code: 200,
        data: { gameId: 1, version: 3, fields: TEMPLATE_FIELDS.slice(0, 2) },
      }),
      'GET /need/consignment/42': () => ({
        code: 200,
        data: {
          id: 42,
          gameId: 1,
          status: 'rejected',
          regions: [
            { id: 11, gameId: 1, parentId: null, kind: 'system', name: '安卓', sort: 0 },
            { id: 111, gameId: 1, parentId: 11, kind: 'carrier', name: '微信', sort: 0 },
          ],
          title: '安卓微信 铂金 满英雄',
          description: '自用',
          price: 88_800,
          coverImage: '/uploads/a.jpg',
          images: [],
          attributes: { rank: '2', skins: 120 },
          accountSource: 'other_registered',
          guaranteeMaterials: false,
          contact: { qq: '12345678' },
          hasCredentials: true,
          payout: { alipayAccount: '138****8000', name: '张*' },
        },
      }),
      'POST /need/consignment/fee': () => ({
        code: 200,
        data: { price: 88_800, commission: 5_000, net: 83_800, rateBps: 500, min: 5_000 },
      }),
      'PUT /need/consignment/42': () => ({ code: 200, data: listing({ id: 42, status: 'pending_review' }) }),
      'GET /need/myConsignment': () => ({ code: 200, rows: [], total: 0 }),
    })
    renderApp('/index/BasicInformation?gameId=1&id=42')
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))
    await clickButton('下一步')
    await waitFor(() => expect(text('.basic-information')).toContain('当前收款账户 138****8000（张*）'))
    await typeInto('收款支付宝账号', '13800138000')
    await typeInto('收款人姓名', '张三')
    await clickButton('提交审核')
    await waitFor(() => expect(callsTo(api, 'PUT /need/consignment/42')).toHaveLength(1))
    expect(callsTo(api, 'PUT /need/consignment/42')[0].data).toMatchObject({
      regionIds: [11, 111],
      title: '安卓微信 铂金 满英雄',
      description: '自用',
      price: 88_800,
      attributes: { rank: '2', skins: 120 },
      accountSource: 'other_registered',
      guaranteeMaterials: false,
      payout: { alipayAccount: '13800138000', name: '张三' },
    })
    expect(callsTo(api, 'PUT /need/consignment/42')[0].data).not.toHaveProperty('credentials')
  })
})
