import type { Locator } from 'playwright-core'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { readServerState } from './setup/server'

/**
 * Paying inside WeChat's own browser (Chromium with WeChat's user agent) on a fresh `npm start`: Alipay
 * opens the open-in-browser guide; WeChat Pay goes through WeChat's silent authorisation (the local
 * stand-in) to JSAPI, whose cashier the stand-in WeixinJSBridge draws over the page; the order is paid by
 * the gateway's signed notice.
 */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN'
const baseUrl = process.env.E2E_BASE_URL ?? readServerState().baseUrl
const api = apiClient(baseUrl)
const handle = usePage(WECHAT_UA)
const top = (): Locator => topPage(handle.page)

let buyer = ''
let orderId = 0
let goodsId = 0

beforeAll(async () => {
  buyer = await api.signIn('buyer', 'buyer2026')
  const list = await fetch(`${baseUrl}/api/web/good/allList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountType: 'consign', priceMin: 20_000, sort: 'price_asc', pageNum: 1, pageSize: 5 }),
  })
  const { rows } = (await list.json()) as { rows: { id: number; guarantee: string }[] }
  // 包赔 included by the seller (free) leaves 找回包赔 the only choice; the others may go without.
  const { id, guarantee } = rows[0]
  goodsId = id
  const guaranteeType = guarantee === 'free' ? 'retrieval' : 'none'
  const order = await api.json<{ id: number }>(
    '/api/order',
    authed(buyer, 'POST', { goodsId: id, guaranteeType, payMode: 'full', agree: true }),
  )
  expect(order).toMatchObject({ code: 200 })
  orderId = order.data.id
})

it('Alipay inside WeChat shows the open-in-browser guide, with WeChat Pay as the way out', async () => {
  const { page } = handle
  await useToken(page, baseUrl, buyer)
  await page.goto(`${baseUrl}/index/orderDetail?id=${orderId}`)
  await top().getByRole('button', { name: '去支付', exact: true }).click()
  await top().getByRole('radio', { name: '支付宝' }).click()
  await top().getByText('确认支付', { exact: true }).click()
  const guide = top().getByRole('dialog', { name: '在浏览器中打开' })
  await guide.getByText('微信内无法打开支付宝，请在浏览器中打开本页后付款').waitFor()
  await guide.getByRole('button', { name: '改用微信支付' }).click()
  await page.waitForURL(/\/index\/pay\?id=\d+.*channel=wechat/)
})

it('pays by JSAPI after WeChat’s authorisation; the signed notice pays the order', async () => {
  const { page, errors } = handle
  // The first payment goes to the authorisation and comes back to the pay page, which starts again.
  const cashier = page.frameLocator('iframe[title="微信支付"]')
  await cashier.getByRole('button', { name: /^确认支付 / }).click()
  await page.waitForURL(/\/index\/orderDetail\?.*outTradeNo=/)
  await top().locator('.order-detail__status-label', { hasText: '待确认收货' }).waitFor()
  const order = await api.json<{ payments: { channel: string; status: string }[] }>(
    `/api/need/myOrder/${orderId}`,
    authed(buyer),
  )
  expect(order.data.payments).toEqual([expect.objectContaining({ channel: 'wechat', status: 'paid' })])
  expect(errors).toEqual([])
})

it('a listing opened inside WeChat gives its share card to the JS-SDK, configured by the server', async () => {
  const { page, errors } = handle
  await page.goto(`${baseUrl}/index/goodDetail?id=${goodsId}`)
  // The local stand-in of WeChat's bridge keeps the last card it was given.
  const card = await page.waitForFunction(() => (window as { __localWechatShare?: unknown }).__localWechatShare)
  expect(await card.jsonValue()).toMatchObject({
    title: expect.stringMatching(/^¥[\d,]+\.\d\d /),
    link: `${baseUrl}/index/goodDetail?id=${goodsId}`,
    imgUrl: expect.stringMatching(new RegExp(`^${baseUrl}/uploads/`)),
  })
  expect(errors).toEqual([])
})
