import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import { openGateway } from '@/components/PayChannels/gateway'
import { formatCountdown } from '@/components/Countdown'
import { RETURN_POLL_MS } from '@/pages/orderDetail'
import type { GoodsDetail } from '@/contract/catalogue'
import type { Order, OrderRequest, QuoteRequest } from '@/contract/orders'
import type { PayRequest } from '@/contract/payments'
import type { MyReview, SellerCard } from '@/contract/reviews'
import { saveToken, setState } from '@/store'
import { formatPrice } from '@/contract/money'
import { answerDialog, clickButton, findOnPage, typeInto, visiblePage } from './utils/dom'
import { badgeApi, callsTo, mockApi, queryOf } from './utils/mockApi'
import { claim, goodsCard, order, quoteOf } from './utils/fixtures'
import { renderApp } from './utils/renderApp'

// The browser leaving for the gateway is not something jsdom can do; the address it is given is checked.
jest.mock('@/components/PayChannels/gateway', () => ({
  ...jest.requireActual('@/components/PayChannels/gateway'),
  openGateway: jest.fn(() => true),
}))

// Whole-app renders on a loaded 2-core machine (jest takes testTimeout only from the root config).
jest.setTimeout(30_000)

// ---- fixtures -------------------------------------------------------------------------------------------

const goods: GoodsDetail = {
  ...goodsCard({ views: 12, favourites: 3 }),
  description: '',
  images: [],
  attributes: {},
  attributeRows: [],
  templateVersion: 1,
  createdAt: '2026-10-30T02:00:00Z',
  soldAt: null,
  collected: false,
}

const profile = { userId: 5, userName: 'buyer', nickName: '买家', roles: ['user'] }

const buyerApi = {
  ...badgeApi,
  'GET /system/user/profile': () => ({ code: 200, data: profile }),
  'GET /web/good/7': () => ({ code: 200, data: goods }),
  'POST /order/quote': (body: unknown) => ({ code: 200, data: quoteOf(body as QuoteRequest) }),
}

// ---- helpers --------------------------------------------------------------------------------------------

const page = visiblePage
const find = findOnPage
const pathname = () => window.location.pathname + window.location.search
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''

const tapLabel = async (label: string) => fireEvent.click(await find(`[aria-label="${label}"]`))

const tapText = clickButton

/** Waits until the page at `path` has rendered `selector`: the page is there, not only its URL. */
async function arriveAt(path: string, selector: string) {
  await waitFor(() => expect(pathname()).toBe(path))
  await find(selector)
}

/** The labels of the buttons in the order's action bar. */
const actionLabels = () => [...page().querySelectorAll('.order-actions__button')].map((el) => el.textContent)

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-buyer')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({} as never)
  jest.mocked(openGateway).mockClear()
})
afterEach(() => jest.restoreAllMocks())

// ---- sureOrder ------------------------------------------------------------------------------------------

describe('sureOrder', () => {
  it('chooses no paid guarantee for the buyer: every option priced side by side, the fee explained', async () => {
    const api = mockApi(buyerApi)
    renderApp('/index/sureOrder?goodsId=7')
    // Before a choice: the account without a guarantee, each option with what it adds.
    await waitFor(() => expect(text('.amount-list')).toContain(formatPrice(300_801)))
    expect(callsTo(api, 'POST /order/quote')[0].data).toEqual({ goodsId: 7, guaranteeType: 'none', payMode: 'full' })
    expect(page().querySelectorAll('.sure-order__option[aria-checked="true"]')).toHaveLength(1) // 全款支付 only
    expect([...page().querySelectorAll('.sure-order__option-price')].map((p) => p.textContent)).toEqual([
      `+${formatPrice(30_123)}`,
      `+${formatPrice(45_321)}`,
      '不加价',
    ])
    expect(text('.sure-order__nudge')).toContain('请比较下列保障与价格后选择一项')
    expect(text('.sure-order__fee-note')).toContain('资金由平台托管至你确认收货')
    await tapLabel('我已阅读并同意购买须知')
    const toast = jest.spyOn(Taro, 'showToast')
    await tapText('提交订单')
    expect(toast).toHaveBeenCalledWith({ title: '请先选择包赔服务', icon: 'none' })
    expect(callsTo(api, 'POST /order')).toHaveLength(0)

    await tapLabel('找回包赔')
    await waitFor(() => expect(text('.amount-list')).toContain(formatPrice(330_924)))
    expect(callsTo(api, 'POST /order/quote')[1].data).toEqual({
      goodsId: 7,
      guaranteeType: 'retrieval',
      payMode: 'full',
    })
    expect(page().querySelector('.sure-order__nudge')).toBeNull()
    expect(text('.amount-list')).toContain(formatPrice(30_123))
    expect(text('.order-goods__title')).toBe(goods.title)
    expect(text('.sure-order__options')).toContain('按商品价的 12.34%，最低 ¥56.00 收取')
    expect(text('.sure-order__options')).toContain('按商品价的 17% 收取')
    expect(text('.sure-order__tip')).toBe('请在下单后 25 分钟内完成支付，超时订单自动取消。')

    await tapLabel('人脸包赔')
    await waitFor(() => expect(text('.amount-list')).toContain(formatPrice(346_122)))
    expect(callsTo(api, 'POST /order/quote')[2].data).toEqual({ goodsId: 7, guaranteeType: 'face', payMode: 'full' })
    expect(text('.amount-list')).toContain(formatPrice(45_321))

    await tapLabel('定金支付')
    await waitFor(() => expect(text('.amount-list')).toContain('定金（现在支付）'))
    expect(page().textContent).toContain('先付订单总额的 20.5%，最低 ¥70.00 锁定账号')
    expect(callsTo(api, 'POST /order/quote')[3].data).toEqual({ goodsId: 7, guaranteeType: 'face', payMode: 'deposit' })
    expect(text('.amount-list')).toContain(formatPrice(33_011))
    expect(text('.amount-list')).toContain(formatPrice(346_122 - 33_011))
    expect(page().querySelector('.sure-order__pay .price-tag')?.getAttribute('aria-label')).toBe(formatPrice(33_011))
  })

  it('submits with agree and an Idempotency-Key kept for a retry, then opens the order', async () => {
    let attempts = 0
    const api = mockApi({
      ...buyerApi,
      'POST /order': () => {
        attempts += 1
        if (attempts === 1) return Promise.reject(new Error('request:fail timeout'))
        return { code: 200, data: order() }
      },
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
    })
    renderApp('/index/sureOrder?goodsId=7')
    await tapLabel('找回包赔')
    await waitFor(() => expect(text('.amount-list')).toContain(formatPrice(330_924)))

    await tapText('提交订单')
    expect(callsTo(api, 'POST /order')).toHaveLength(0) // not before the 《购买须知》 tick
    await tapLabel('我已阅读并同意购买须知')
    await tapText('提交订单')
    await waitFor(() => expect(callsTo(api, 'POST /order')).toHaveLength(1))
    await tapText('提交订单')
    await arriveAt('/index/orderDetail?id=31', '.order-detail__status')

    const [first, second] = callsTo(api, 'POST /order')
    expect(first.data).toEqual({ goodsId: 7, guaranteeType: 'retrieval', payMode: 'full', agree: true } as OrderRequest)
    const key = (first.header as Record<string, string>)['Idempotency-Key']
    expect(key).toMatch(/^[\w-]{8,64}$/)
    expect((second.header as Record<string, string>)['Idempotency-Key']).toBe(key)
  })

  it('explains a 409 and links to the buyer’s own unpaid order', async () => {
    mockApi({
      ...buyerApi,
      'POST /order': () => ({ code: 409, msg: '你已有该商品的待支付订单', data: { orderId: 12 } }),
      'GET /need/myOrder/12': () => ({ code: 200, data: order({ id: 12 }) }),
    })
    renderApp('/index/sureOrder?goodsId=7&agreed=1')
    await tapLabel('不需要包赔')
    await waitFor(() => expect(text('.amount-list')).toContain(formatPrice(300_801)))
    // Through the purchase notice's 同意并下单 the notice is agreed to already.
    expect(page().querySelector('[aria-label="我已阅读并同意购买须知"]')?.getAttribute('aria-checked')).toBe('true')
    await tapText('提交订单')
    await waitFor(() => expect(text('.sure-order__conflict')).toContain('你已有该商品的待支付订单'))
    await tapText('查看订单')
    await arriveAt('/index/orderDetail?id=12', '.order-detail__status')
  })
})

// ---- orderDetail ----------------------------------------------------------------------------------------

describe('orderDetail', () => {
  it('shows the status with an mm:ss countdown and only the actions the server lists', async () => {
    const closeAt = new Date(Date.now() + 14 * 60_000 + 30_000).toISOString()
    mockApi({ ...buyerApi, 'GET /need/myOrder/31': () => ({ code: 200, data: order({ closeAt }) }) })
    renderApp('/index/orderDetail?id=31')
    await find('.order-detail__status-label')
    expect(text('.order-detail__status-label')).toBe('待支付')
    expect(text('.order-detail__clock')).toMatch(/^14:[23]\d$/)
    expect(text('.order-detail__info')).toContain('HA20261122153012345678')
    expect(text('.order-detail__info')).toContain('交易类型账号交易')
    expect(actionLabels()).toEqual(['取消订单', '去支付'])

    expect(formatCountdown(65_000)).toBe('01:05')
    expect(formatCountdown(0)).toBe('00:00')
    expect(formatCountdown(-5)).toBe('00:00')
  })

  it.each([
    ['recycling', '竞价回收'],
    ['escrow', '中介担保'],
  ] as const)('names a %s order as such (%s)', async (source, label) => {
    mockApi({ ...buyerApi, 'GET /need/myOrder/31': () => ({ code: 200, data: order({ source }) }) })
    renderApp('/index/orderDetail?id=31')
    await find('.order-detail__info')
    expect(text('.order-detail__info')).toContain(`交易类型${label}`)
  })

  it('pays through a channel sheet: Alipay goes to goZFB with the order and the kind', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order({ payMode: 'deposit', depositAmount: 33_011 }) }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P1', amount: 33_011, payUrl: 'http://gw/pay' } }),
    })
    renderApp('/index/orderDetail?id=31')
    await tapText('支付定金')
    await find('.sheet')
    expect(text('.sheet .price-tag')).toBe('¥330.11')
    await tapText('确认支付')
    await arriveAt('/index/goZFB?id=31&kind=deposit', '.go-zfb__title')
  })

  it('reveals the credentials only when asked, with copy buttons, and keeps them out of storage', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: order({ status: 'handed_over', paidAmount: 330_924, actions: ['credentials', 'confirm'] }),
      }),
      'GET /need/myOrder/31/credentials': () => ({
        code: 200,
        data: { account: 'wz_8848', password: 'S3cret!pw', notes: '密保问题：小学' },
      }),
    })
    const clipboard = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as never)
    renderApp('/index/orderDetail?id=31')
    await find('.order-actions')
    expect(actionLabels()).toEqual(['查看账号', '确认收货'])
    expect(callsTo(api, 'GET /need/myOrder/31/credentials')).toHaveLength(0)

    await tapText('查看账号')
    await find('.credentials-sheet')
    expect(text('.credentials-sheet')).toContain('wz_8848')
    expect(text('.credentials-sheet')).toContain('S3cret!pw')
    await tapLabel('复制密码')
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith({ data: 'S3cret!pw' }))
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('S3cret')
  })

  it('confirms receipt after the modal and shows the order the server returns', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: order({ status: 'handed_over', paidAmount: 330_924, actions: ['credentials', 'confirm'] }),
      }),
      'POST /need/myOrder/31/confirm': () => ({
        code: 200,
        data: order({ status: 'completed', paidAmount: 330_924, actions: ['credentials'] }),
      }),
    })
    renderApp('/index/orderDetail?id=31')
    await tapText('确认收货')
    expect(await answerDialog(true)).toContain('确认收货')
    await waitFor(() => expect(text('.order-detail__status-label')).toBe('交易成功'))
    expect(callsTo(api, 'POST /need/myOrder/31/confirm')).toHaveLength(1)
    expect(actionLabels()).toEqual(['查看账号'])
  })

  it('an expired session asks in the house dialog, which stays until answered; 确定 goes to sign in', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 401, msg: '登录状态已过期' }),
      'GET /captchaImage': () => ({ code: 200, data: { uuid: 'c', img: '' } }),
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).not.toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 600))
    // Still asking, still on the order: nothing took the page away under the question.
    expect(document.querySelector('[role=alertdialog]')?.textContent).toContain('登录超时，请重新登录')
    expect(window.location.pathname).toBe('/index/orderDetail')
    await answerDialog(true)
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
  })

  /** The payment a return names, pending or paid, in the order's detail. */
  const payment = (status: 'pending' | 'paid') => ({
    id: 1,
    outTradeNo: 'P20261122',
    channel: 'alipay' as const,
    kind: 'full' as const,
    amount: 330_924,
    status,
    paidAt: status === 'paid' ? '2026-11-22T07:31:00Z' : null,
    createdAt: '2026-11-22T07:30:30Z',
  })

  it('after the Alipay return, loads by trade number and looks again until the payment lands: 支付成功', async () => {
    let looks = 0
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/byTradeNo': () => {
        looks += 1
        return { code: 200, data: order({ payments: [payment('pending')] }) }
      },
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: order({
          status: 'paid',
          paidAmount: 330_924,
          paidAt: '2026-11-22T07:31:00Z',
          actions: [],
          payments: [payment('paid')],
        }),
      }),
    })
    renderApp('/index/orderDetail?outTradeNo=P20261122')
    await waitFor(() => expect(text('.order-detail__notice')).toContain('正在确认支付结果'))
    expect(queryOf(callsTo(api, 'GET /need/myOrder/byTradeNo')[0])).toEqual({ outTradeNo: 'P20261122' })
    await waitFor(() => expect(text('.order-detail__status-label')).toBe('交易中'))
    expect(looks).toBe(1)
    expect(page().querySelector('.order-detail__notice')).toBeNull()
    expect(text('.order-detail__paid')).toContain('支付成功')
    expect(text('.order-detail__paid')).toContain('客服正在为你移交账号')
  })

  it('left the cashier without paying: says so at once, with the countdown and 去支付, and looks no further', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/byTradeNo': () => ({ code: 200, data: order({ payments: [payment('pending')] }) }),
    })
    renderApp('/index/orderDetail?outTradeNo=P20261122&payment=quit')
    await waitFor(() => expect(text('.order-detail__notice')).toContain('已取消支付'))
    expect(text('.order-detail__clock')).toMatch(/^1[45]:\d\d$/)
    expect(actionLabels()).toEqual(['取消订单', '去支付'])
    await new Promise((resolve) => setTimeout(resolve, RETURN_POLL_MS + 200))
    expect(callsTo(api, 'GET /need/myOrder/byTradeNo')).toHaveLength(1)
    expect(callsTo(api, 'GET /need/myOrder/31')).toHaveLength(0)
  })

  it('counts down to every deadline: the automatic 确认收货, the protection window', async () => {
    const at = new Date(Date.now() + 2 * 86_400_000 + 5 * 3_600_000 + 60_000).toISOString()
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: order({
          status: 'handed_over',
          actions: ['credentials', 'confirm'],
          deadline: { kind: 'autoConfirm', at },
        }),
      }),
    })
    renderApp('/index/orderDetail?id=31')
    await find('.order-detail__clock')
    expect(text('.order-detail__countdown')).toBe('2天05小时 后自动确认收货')
    expect(formatCountdown(3 * 3_600_000 + 65_000)).toBe('03:01:05')
    expect(formatCountdown(86_400_000)).toBe('1天00小时')
  })
})

// ---- inside WeChat ---------------------------------------------------------------------------------------

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN'

/** WeChat's in-browser bridge, whose cashier says the payment went through. */
function bridgePaying() {
  const invoke = jest.fn((_name: string, _params: unknown, done: (answer: { err_msg: string }) => void) =>
    done({ err_msg: 'get_brand_wcpay_request:ok' }),
  )
  Object.assign(window, { WeixinJSBridge: { invoke } })
  return invoke
}

describe('评价', () => {
  const completed = (over: Partial<Order> = {}) =>
    order({ status: 'completed', paidAmount: 330_924, completedAt: '2026-11-24T08:00:00Z', actions: [], ...over })
  const myReview = (over: Partial<MyReview> = {}): MyReview => ({
    id: 4,
    orderId: 31,
    rating: 4,
    tags: ['交付迅速'],
    text: '交付很快，和描述一致',
    buyerName: '我',
    goodsTitle: goods.title,
    createdAt: '2026-11-25T08:00:00Z',
    editableUntil: '2026-12-02T08:00:00Z',
    editable: true,
    hidden: false,
    ...over,
  })
  let back: jest.SpyInstance
  beforeEach(() => {
    back = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' })
  })

  it('past its window the review is read only', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: completed({ reviewedAt: '2026-11-10T08:00:00Z', actions: [] }),
      }),
      'GET /need/myOrder/31/review': () => ({ code: 200, data: myReview({ editable: false }) }),
    })
    renderApp('/index/other/review?orderId=31')
    await waitFor(() => expect(text('.review__note')).toContain('已超过修改期限'))
    expect(page().querySelector('.stars--input')).toBeNull()
    expect(page().querySelector('.submit-bar')).toBeNull()
  })

  it('the order offers 评价 only when the server lists it; the form sends the stars, tags and words', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: completed({ actions: ['review'] }) }),
      'GET /need/myOrder/31/review': () => ({ code: 200, data: null }),
      'POST /need/myOrder/31/review': () => ({ code: 200, data: myReview() }),
    })
    renderApp('/index/orderDetail?id=31')
    await tapText('评价')
    await arriveAt('/index/other/review?orderId=31', '.stars--input')
    expect(page().querySelectorAll('.stars--input .stars__star--on')).toHaveLength(5)
    await tapLabel('4 星')
    expect(page().querySelectorAll('.stars--input .stars__star--on')).toHaveLength(4)
    expect(text('.stars__word')).toBe('满意')
    fireEvent.click([...page().querySelectorAll('[role=checkbox]')].find((el) => el.textContent === '交付迅速')!)
    await typeInto('评价内容', ' 交付很快，和描述一致 ')
    await tapText('提交评价')
    await waitFor(() => expect(callsTo(api, 'POST /need/myOrder/31/review')).toHaveLength(1))
    expect(callsTo(api, 'POST /need/myOrder/31/review')[0].data).toEqual({
      rating: 4,
      tags: ['交付迅速'],
      text: '交付很快，和描述一致',
    })
    // Back to the order it was written from (stubbed: a real back would carry into the next test's app).
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1))
  })

  it('a reviewed order shows the review on its page; within the window it is changed with PUT', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: completed({ reviewedAt: '2026-11-25T08:00:00Z', actions: ['review'] }),
      }),
      'GET /need/myOrder/31/review': () => ({ code: 200, data: myReview() }),
      'PUT /need/myOrder/31/review': () => ({ code: 200, data: myReview({ rating: 5 }) }),
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(text('.seller-card__text')).toBe('交付很快，和描述一致'))
    expect(text('.order-actions')).toContain('修改评价')
    await tapText('修改评价')
    await arriveAt('/index/other/review?orderId=31', '.stars--input')
    expect(page().querySelectorAll('.stars--input .stars__star--on')).toHaveLength(4)
    expect(text('.hint')).toContain('前修改')
    await tapLabel('5 星')
    await tapText('保存修改')
    await waitFor(() => expect(callsTo(api, 'PUT /need/myOrder/31/review')).toHaveLength(1))
    expect(callsTo(api, 'PUT /need/myOrder/31/review')[0].data).toEqual({
      rating: 5,
      tags: ['交付迅速'],
      text: '交付很快，和描述一致',
    })
    expect(callsTo(api, 'POST /need/myOrder/31/review')).toHaveLength(0)
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1))
  })

  it('an order with a claim shows where it stands — the amount once paid — and opens it', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: completed({ claimId: 3, actions: ['review'] }) }),
      'GET /need/claims/3': () => ({
        code: 200,
        data: claim({ orderId: 31, status: 'paid', amount: 27_500, transferNo: '2026112900001' }),
      }),
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(text('.order-detail__remedy')).toContain('账号被找回 · 已赔付 ¥275.00'))
    expect(actionLabels()).toEqual(['评价'])
    await tapLabel('查看包赔详情')
    await arriveAt('/index/other/claim?id=3', '.claim__status')
  })

  it('a claim waiting for the buyer says so on the order', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: completed({ claimId: 3 }) }),
      'GET /need/claims/3': () => ({ code: 200, data: claim({ orderId: 31, status: 'needs_info' }) }),
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(text('.order-detail__remedy')).toContain('账号被找回 · 待补充材料'))
    expect(text('.order-detail__remedy-note')).toBe('客服需要你补充材料，请尽快提交')
  })

  it('more than three actions: the first ones wait under 更多, which opens the chosen one', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 1, errMsg: 'showActionSheet:ok' })
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({
        code: 200,
        data: completed({ actions: ['credentials', 'aftersale', 'claim', 'review'] }),
      }),
    })
    renderApp('/index/orderDetail?id=31')
    await waitFor(() => expect(text('.order-actions')).toBe('更多申请包赔评价'))
    await tapText('更多')
    expect(sheet.mock.calls[0][0].itemList).toEqual(['查看账号', '申请售后'])
    await waitFor(() => expect(pathname()).toBe('/index/other/aftersale?orderId=31'))
    await find('.aftersale')
  })

  const sellerCardOf = (card: Partial<SellerCard>): SellerCard => ({
    id: 12,
    name: '金牌卖家',
    sales: 1,
    since: '2025-03-01T00:00:00Z',
    rating: { count: 0, average: null, fiveStarBps: null },
    latest: [],
    ...card,
  })

  it('the seller’s page: sales, the average, the share of five stars and the latest reviews', async () => {
    const card = sellerCardOf({
      sales: 37,
      rating: { count: 2, average: 4.5, fiveStarBps: 5000 },
      latest: [
        { ...myReview({ rating: 5, text: '很好' }), buyerName: '买*', goodsTitle: '和平精英 全套' },
        { ...myReview({ id: 5, rating: 4, text: '不错，加我 ***' }), buyerName: '小*', goodsTitle: '原神 满命' },
      ],
    })
    const onSale = [goodsCard({ id: 41, title: '和平精英 王牌' }), goodsCard({ id: 42, title: '原神 满命' })]
    mockApi({
      ...buyerApi,
      'GET /web/seller/12': () => ({ code: 200, data: card }),
      'GET /web/seller/12/goods': () => ({ code: 200, rows: onSale, total: 2 }),
    })
    renderApp('/index/other/seller?id=12')
    await waitFor(() => expect(text('.seller-card__name')).toBe('金牌卖家'))
    expect(text('.seller-card__meta')).toBe('成交 37 笔 · 2025-03-01 加入')
    expect(text('.seller-card__average')).toBe('4.5')
    expect(text('.seller-card__counts')).toBe('2 条评价 · 五星 50%')
    expect([...page().querySelectorAll('.seller-card__text')].map((el) => el.textContent)).toEqual([
      '很好',
      '不错，加我 ***',
    ])
    expect(text('.seller-card__review')).toContain('购买：和平精英 全套')
    // What they have on sale, under the card; a card opens the listing.
    await waitFor(() => expect(text('.seller__heading')).toBe('在售账号 · 2'))
    expect([...page().querySelectorAll('.goods-card__title')].map((el) => el.textContent)).toEqual([
      '可包赔和平精英 王牌',
      '可包赔原神 满命',
    ])
    fireEvent.click(page().querySelector('.goods-card')!)
    await waitFor(() => expect(pathname()).toBe('/index/goodDetail?id=41'))
  })

  it('a seller page that is not there offers 返回; one that failed to load offers 重试, and loads on it', async () => {
    const card = sellerCardOf({})
    let calls = 0
    mockApi({
      ...buyerApi,
      'GET /web/seller/3': () => ({ code: 404, msg: '卖家不存在' }),
      'GET /web/seller/12': () => (++calls === 1 ? { code: 502, msg: '' } : { code: 200, data: card }),
      'GET /web/seller/12/goods': () => ({ code: 200, rows: [], total: 0 }),
    })
    renderApp('/index/other/seller?id=3')
    await waitFor(() => expect(text('.empty-state')).toBe('卖家不存在返回'))

    renderApp('/index/other/seller?id=12')
    await waitFor(() => expect(text('.empty-state')).toBe('加载失败，请检查网络重试'))
    await tapText('重试')
    await waitFor(() => expect(text('.seller-card__name')).toBe('金牌卖家'))
  })

  it('the platform’s own page (自营) has its card and no list: its listings are the whole catalogue', async () => {
    const card = sellerCardOf({ id: null, name: '号安心自营', sales: 900, since: null })
    mockApi({ ...buyerApi, 'GET /web/good/5/seller': () => ({ code: 200, data: card }) })
    renderApp('/index/other/seller?goodsId=5')
    await waitFor(() => expect(text('.seller-card__name')).toBe('号安心自营'))
    expect(page().querySelector('.seller__goods')).toBeNull()
  })
})

describe('paying inside WeChat’s browser', () => {
  const browserUa = navigator.userAgent
  beforeEach(() => Object.defineProperty(navigator, 'userAgent', { value: WECHAT_UA, configurable: true }))
  afterEach(() => {
    Object.defineProperty(navigator, 'userAgent', { value: browserUa, configurable: true })
    delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge
  })

  it('offers WeChat Pay first; Alipay opens the open-in-browser guide, which can copy the link or switch', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      // The pay page it ends on asks WeChat who pays first.
      'GET /pay/wechat/authorize': () => ({ code: 200, data: { authorizeUrl: 'https://open.weixin.qq.com/x' } }),
    })
    const clipboard = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as never)
    renderApp('/index/orderDetail?id=31')
    await tapText('去支付')
    await find('.sheet')
    expect((await find('[role=radio][aria-label="微信支付"]')).getAttribute('aria-checked')).toBe('true')
    expect(text('[role=radio][aria-label="支付宝"]')).toContain('需在浏览器中打开')
    await tapLabel('支付宝')
    await tapText('确认支付')
    await find('.open-in-browser')
    expect(text('.open-in-browser')).toContain('微信内无法打开支付宝，请在浏览器中打开本页后付款')
    expect(text('.open-in-browser')).toContain('选择「在浏览器打开」')
    await tapText('复制本页链接')
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith({ data: window.location.href }))
    await tapText('改用微信支付')
    await arriveAt('/index/pay?id=31&kind=full&channel=wechat', '.pay')
  })

  it('the first payment asks WeChat who pays: the page goes to the authorisation and comes back to itself', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'GET /pay/wechat/authorize': () => ({ code: 200, data: { authorizeUrl: 'https://open.weixin.qq.com/x' } }),
    })
    renderApp('/index/pay?id=31&kind=full&channel=wechat')
    await waitFor(() => expect(openGateway).toHaveBeenCalledWith({ payUrl: 'https://open.weixin.qq.com/x' }))
    expect(queryOf(callsTo(api, 'GET /pay/wechat/authorize')[0])).toEqual({ redirect: window.location.href })
    expect(callsTo(api, 'POST /pay/31')).toHaveLength(0)
  })

  it('back with the code: binds it, starts again without it, and pays through WeixinJSBridge', async () => {
    const jsapi = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=wx2',
      signType: 'RSA' as const,
      paySign: 's',
    }
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'POST /pay/wechat/openid': () => ({ code: 200, msg: 'ok' }),
      'GET /pay/wechat/authorize': () => ({ code: 200, data: {} }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P9', amount: 330_924, jsapi } }),
      'GET /need/myOrder/byTradeNo': () => ({ code: 200, data: order({ status: 'paid', actions: [] }) }),
    })
    const invoke = bridgePaying()
    renderApp('/index/pay?id=31&kind=full&channel=wechat&code=C0DE&state=S7')
    await arriveAt('/index/orderDetail?id=31&outTradeNo=P9', '.order-detail__status')
    expect(callsTo(api, 'POST /pay/wechat/openid').map((c) => c.data)).toEqual([{ code: 'C0DE', state: 'S7' }])
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', jsapi, expect.any(Function))
    expect(callsTo(api, 'POST /pay/31')).toHaveLength(1)
    expect((callsTo(api, 'POST /pay/31')[0].data as PayRequest).scene).toBe('jsapi')
  })
})

// ---- inside Alipay ---------------------------------------------------------------------------------------

const ALIPAY_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.96.6000) Nebula WK AlipayClient/10.5.96.6000 Language/zh-Hans Region/CN NebulaX/1.0.0'

/** AlipayJSBridge, whose tradePay answers `resultCode`. */
function alipayBridge(resultCode: string) {
  const call = jest.fn((_name: string, _params: unknown, done: (answer: { resultCode: string }) => void) =>
    done({ resultCode }),
  )
  Object.assign(window, { AlipayJSBridge: { call } })
  return call
}

describe('paying inside Alipay’s browser', () => {
  const browserUa = navigator.userAgent
  beforeEach(() => Object.defineProperty(navigator, 'userAgent', { value: ALIPAY_UA, configurable: true }))
  afterEach(() => {
    Object.defineProperty(navigator, 'userAgent', { value: browserUa, configurable: true })
    delete (window as { AlipayJSBridge?: unknown }).AlipayJSBridge
  })

  it('offers Alipay first; WeChat Pay opens the open-in-browser guide', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      // The pay page it ends on asks Alipay who pays first.
      'GET /pay/alipay/authorize': () => ({ code: 200, data: { authorizeUrl: 'https://openauth.alipay.com/x' } }),
    })
    renderApp('/index/orderDetail?id=31')
    await tapText('去支付')
    expect((await find('[role=radio][aria-label="支付宝"]')).getAttribute('aria-checked')).toBe('true')
    await tapLabel('微信支付')
    await tapText('确认支付')
    await find('.open-in-browser')
    expect(text('.open-in-browser')).toContain('支付宝内无法打开微信支付')
    await tapText('改用支付宝')
    await arriveAt('/index/pay?id=31&kind=full&channel=alipay', '.pay')
  })

  it('the first payment asks Alipay who pays: the page goes to the authorisation and comes back to itself', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'GET /pay/alipay/authorize': () => ({ code: 200, data: { authorizeUrl: 'https://openauth.alipay.com/x' } }),
    })
    renderApp('/index/pay?id=31&kind=full&channel=alipay')
    await waitFor(() => expect(openGateway).toHaveBeenCalledWith({ payUrl: 'https://openauth.alipay.com/x' }))
    expect(queryOf(callsTo(api, 'GET /pay/alipay/authorize')[0])).toEqual({ redirect: window.location.href })
    expect(callsTo(api, 'POST /pay/31')).toHaveLength(0)
  })

  it('back with the auth_code: binds it, starts again without it, and tradePay pays the trade made for them', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'POST /pay/alipay/openid': () => ({ code: 200, msg: 'ok' }),
      'GET /pay/alipay/authorize': () => ({ code: 200, data: {} }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P6', amount: 330_924, tradeNo: '2026112522001' } }),
      'GET /need/myOrder/byTradeNo': () => ({ code: 200, data: order({ status: 'paid', actions: [] }) }),
    })
    const call = alipayBridge('9000')
    renderApp('/index/pay?id=31&kind=full&channel=alipay&app_id=2021&source=alipay_wallet&auth_code=A1&state=S1')
    await arriveAt('/index/orderDetail?id=31&outTradeNo=P6', '.order-detail__status')
    expect(callsTo(api, 'POST /pay/alipay/openid').map((c) => c.data)).toEqual([{ code: 'A1', state: 'S1' }])
    expect(callsTo(api, 'POST /pay/31')).toHaveLength(1)
    expect(callsTo(api, 'POST /pay/31')[0].data).toMatchObject({ channel: 'alipay', scene: 'jsapi' })
    expect(call).toHaveBeenCalledWith('tradePay', { tradeNO: '2026112522001' }, expect.any(Function))
  })

  it('a cancelled tradePay says so and stays on the pay page', async () => {
    mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'GET /pay/alipay/authorize': () => ({ code: 200, data: {} }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P5', amount: 330_924, tradeNo: '2026112522002' } }),
    })
    const toast = jest.spyOn(Taro, 'showToast')
    alipayBridge('6001')
    renderApp('/index/pay?id=31&kind=full&channel=alipay')
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: '已取消支付', icon: 'none' }))
    expect(pathname()).toBe('/index/pay?id=31&kind=full&channel=alipay')
    await find('.pay')
  })
})

describe('paying in the Alipay mini-program', () => {
  beforeEach(() => (process.env.TARO_ENV = 'alipay'))
  afterEach(() => {
    process.env.TARO_ENV = 'h5'
    delete (window as { AlipayJSBridge?: unknown }).AlipayJSBridge
  })

  it('gives the auth code, then asks for the trade number that my.tradePay pays', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'POST /pay/alipay/mini-session': () => ({ code: 200, msg: 'ok' }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P8', amount: 330_924, tradeNo: '2026112522001' } }),
    })
    // Alipay's Taro.login is my.getAuthCode({scopes: 'auth_base'}), its authCode given as `code`.
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'AUTH1', errMsg: 'login:ok' })
    // Under jest the H5 gateway module stands in for the mini one (tradePay takes the same trade number).
    const call = alipayBridge('6001')
    renderApp('/index/pay?id=31&kind=full&channel=alipay')
    await waitFor(() => expect(callsTo(api, 'POST /pay/31')).toHaveLength(1))
    expect(callsTo(api, 'POST /pay/alipay/mini-session').map((c) => c.data)).toEqual([{ code: 'AUTH1' }])
    expect(callsTo(api, 'POST /pay/31')[0].data).toMatchObject({ channel: 'alipay', scene: 'mini' })
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('tradePay', { tradeNO: '2026112522001' }, expect.any(Function)),
    )
    await find('.pay')
  })
})

describe('paying in the WeChat mini-program', () => {
  beforeEach(() => (process.env.TARO_ENV = 'weapp'))
  afterEach(() => {
    process.env.TARO_ENV = 'h5'
    delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge
  })

  it('gives the login code, then pays the JSAPI trade made under the mini app', async () => {
    const jsapi = {
      appId: 'wxmini',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=wx3',
      signType: 'RSA' as const,
      paySign: 's',
    }
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
      'POST /pay/wechat/mini-session': () => ({ code: 200, msg: 'ok' }),
      'POST /pay/31': () => ({ code: 200, data: { outTradeNo: 'P7', amount: 330_924, jsapi } }),
      'GET /need/myOrder/byTradeNo': () => ({ code: 200, data: order({ status: 'paid', actions: [] }) }),
    })
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'L0GIN', errMsg: 'login:ok' })
    // Under jest the H5 gateway module stands in for the mini one (requestPayment takes the same parameters).
    const invoke = bridgePaying()
    renderApp('/index/pay?id=31&kind=full&channel=wechat')
    await waitFor(() => expect(invoke).toHaveBeenCalled())
    expect(callsTo(api, 'POST /pay/wechat/mini-session').map((c) => c.data)).toEqual([{ code: 'L0GIN' }])
    expect((callsTo(api, 'POST /pay/31')[0].data as PayRequest).scene).toBe('mini')
    await arriveAt('/index/orderDetail?id=31&outTradeNo=P7', '.order-detail__status')
  })
})

// ---- goZFB ----------------------------------------------------------------------------------------------

describe('goZFB', () => {
  it('starts an Alipay payment that returns to orderDetail and sends the browser to the gateway', async () => {
    const start = { outTradeNo: 'P1', amount: 330_924, payUrl: 'http://gw.example/cashier?t=P1' }
    const api = mockApi({
      ...buyerApi,
      'POST /pay/31': () => ({ code: 200, data: start }),
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
    })
    renderApp('/index/goZFB?id=31&kind=full')
    await waitFor(() => expect(openGateway).toHaveBeenCalledWith(start))
    await waitFor(() => expect(text('.go-zfb__title')).toBe('正在跳转支付宝…'))
    const body = callsTo(api, 'POST /pay/31')[0].data as PayRequest
    expect(body).toEqual({ channel: 'alipay', kind: 'full', returnUrl: 'http://localhost/index/orderDetail' })

    await tapText('打开支付宝')
    expect(openGateway).toHaveBeenCalledTimes(2)
    expect(callsTo(api, 'POST /pay/31')).toHaveLength(1)
    await tapText('我已支付')
    await arriveAt('/index/orderDetail?id=31', '.order-detail__status')
  })
})

// ---- MyProducts -----------------------------------------------------------------------------------------

describe('MyProducts', () => {
  it('sends the status of the chosen tab and lists the orders with their actions', async () => {
    const api = mockApi({
      ...buyerApi,
      'GET /need/myOrder': () => ({
        code: 200,
        rows: [order(), order({ id: 32, status: 'cancelled', actions: [], source: 'recycling' })],
        total: 2,
      }),
      'GET /need/myOrder/31': () => ({ code: 200, data: order() }),
    })
    renderApp('/index/other/MyProducts')
    await waitFor(() => expect(page().querySelectorAll('.my-orders__card')).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /need/myOrder')[0])).toEqual({ pageNum: '1', pageSize: '10' })
    expect(page().querySelector('.my-orders__card')?.textContent).toContain('去支付')
    // A merchant's 竞价回收 order says so beside its time; a catalogue purchase has only its time.
    const times = [...page().querySelectorAll('.status-card__time')].map((el) => el.textContent)
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(times[1]).toMatch(/ · 竞价回收$/)

    await tapText('待支付')
    await waitFor(() => expect(callsTo(api, 'GET /need/myOrder')).toHaveLength(2))
    expect(queryOf(callsTo(api, 'GET /need/myOrder')[1])).toEqual({
      status: 'pending_payment',
      pageNum: '1',
      pageSize: '10',
    })
    await tapText('交易中')
    await waitFor(() => expect(callsTo(api, 'GET /need/myOrder')).toHaveLength(3))
    expect(queryOf(callsTo(api, 'GET /need/myOrder')[2]).status).toBe('paid,handed_over,disputed')

    await tapLabel('订单 HA20261122153012345678')
    await arriveAt('/index/orderDetail?id=31', '.order-detail__status')
  })

  it('says where an order’s 包赔 claim stands under its goods, and what it waits for from the buyer', async () => {
    const done = { status: 'completed' as const, actions: [] }
    mockApi({
      ...buyerApi,
      'GET /need/myOrder': () => ({
        code: 200,
        rows: [
          order({ ...done, id: 33, claimStatus: 'needs_info' }),
          order({ ...done, id: 34, claimStatus: 'paid' }),
          order({ ...done, id: 35 }),
        ],
        total: 3,
      }),
    })
    renderApp('/index/other/MyProducts')
    await waitFor(() => expect(page().querySelectorAll('.my-orders__card')).toHaveLength(3))
    const strips = [...page().querySelectorAll('.my-orders__card')].map(
      (card) => card.querySelector('.status-card__strip')?.textContent ?? null,
    )
    expect(strips).toEqual(['包赔待补充材料请在订单中补充材料', '包赔已赔付', null])
    expect(page().querySelector('.status-card__strip--accent')?.textContent).toContain('待补充材料')
  })

  it('shows the empty state with a next step', async () => {
    mockApi({ ...buyerApi, 'GET /need/myOrder': () => ({ code: 200, rows: [], total: 0 }) })
    renderApp('/index/other/MyProducts')
    await waitFor(() => expect(text('.empty-state')).toContain('暂无相关订单'))
  })
})
