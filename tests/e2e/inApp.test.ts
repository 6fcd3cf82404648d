import type { Locator } from 'playwright-core'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * Paying inside an app's own browser (Chromium with WeChat's or Alipay's user agent) on a fresh `npm start`:
 * the channel the app blocks opens the open-in-browser guide; the app's own channel goes through the app's
 * silent authorisation (the local stand-in) to a trade made for the payer, whose cashier the stand-in
 * bridge (WeixinJSBridge's getBrandWCPayRequest, AlipayJSBridge's tradePay) draws over the page; the order is
 * paid by the gateway's signed notice.
 */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN'
const ALIPAY_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.96.6000) Nebula WK AlipayClient/10.5.96.6000 Language/zh-Hans Region/CN NebulaX/1.0.0'
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)

/** The cheapest consigned listing of ¥200 or more on sale now. */
async function listingOnSale(): Promise<{ id: number; guarantee: string }> {
  const list = await fetch(`${baseUrl}/api/web/good/allList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountType: 'consign', priceMin: 20_000, sort: 'price_asc', pageNum: 1, pageSize: 5 }),
  })
  return ((await list.json()) as { rows: { id: number; guarantee: string }[] }).rows[0]
}

const APPS = [
  {
    app: 'WeChat',
    userAgent: WECHAT_UA,
    channel: 'wechat',
    own: '微信支付',
    blocked: '支付宝',
    guide: '微信内无法打开支付宝，请在浏览器中打开本页后付款',
  },
  {
    app: 'Alipay',
    userAgent: ALIPAY_UA,
    channel: 'alipay',
    own: '支付宝',
    blocked: '微信支付',
    guide: '支付宝内无法打开微信支付，请在浏览器中打开本页后付款',
  },
]

describe.each(APPS)('inside $app’s browser', ({ userAgent, channel, own, blocked, guide }) => {
  const handle = usePage(userAgent)
  const top = (): Locator => topPage(handle.page)
  let buyer = ''
  let orderId = 0

  beforeAll(async () => {
    buyer = await api.signIn('buyer', 'buyer2026')
    // 包赔 included by the seller (free) leaves 找回包赔 the only choice; the others may go without.
    const { id, guarantee } = await listingOnSale()
    const guaranteeType = guarantee === 'free' ? 'retrieval' : 'none'
    const order = await api.json<{ id: number }>(
      '/api/order',
      authed(buyer, 'POST', { goodsId: id, guaranteeType, payMode: 'full', agree: true }),
    )
    expect(order).toMatchObject({ code: 200 })
    orderId = order.data.id
  })

  it(`${blocked} shows the open-in-browser guide, with ${own} as the way out`, async () => {
    const { page } = handle
    await useToken(page, baseUrl, buyer)
    await page.goto(`${baseUrl}/index/orderDetail?id=${orderId}`)
    await top().getByRole('button', { name: '去支付', exact: true }).click()
    await top().getByRole('radio', { name: blocked }).click()
    await top().getByText('确认支付', { exact: true }).click()
    const dialog = top().getByRole('dialog', { name: '在浏览器中打开' })
    await dialog.getByText(guide).waitFor()
    await dialog.getByRole('button', { name: `改用${own}` }).click()
    await page.waitForURL(new RegExp(`/index/pay\\?id=\\d+.*channel=${channel}`))
  })

  it(`pays in the app’s cashier after its authorisation; the signed notice pays the order`, async () => {
    const { page, errors } = handle
    // The first payment goes to the authorisation and comes back to the pay page, which starts again.
    const cashier = page.frameLocator(`iframe[title="${own}"]`)
    await cashier.getByRole('button', { name: /^确认支付 / }).click()
    await page.waitForURL(/\/index\/orderDetail\?.*outTradeNo=/)
    await top().locator('.order-detail__status-label', { hasText: '交易中' }).waitFor()
    const order = await api.json<{ payments: { channel: string; status: string }[] }>(
      `/api/need/myOrder/${orderId}`,
      authed(buyer),
    )
    expect(order.data.payments).toEqual([expect.objectContaining({ channel, status: 'paid' })])
    expect(errors).toEqual([])
  })
})

describe('a listing opened inside WeChat', () => {
  const handle = usePage(WECHAT_UA)

  it('gives its share card to the JS-SDK, configured by the server', async () => {
    const { page, errors } = handle
    const { id } = await listingOnSale()
    await page.goto(`${baseUrl}/index/goodDetail?id=${id}`)
    // The local stand-in of WeChat's bridge keeps the last card it was given.
    const card = await page.waitForFunction(() => (window as { __localWechatShare?: unknown }).__localWechatShare)
    expect(await card.jsonValue()).toMatchObject({
      title: expect.stringMatching(/^¥[\d,]+\.\d\d /),
      link: `${baseUrl}/index/goodDetail?id=${id}`,
      imgUrl: expect.stringMatching(new RegExp(`^${baseUrl}/uploads/`)),
    })
    expect(errors).toEqual([])
  })
})
