import type { Locator } from 'playwright-core'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * The buying story on a fresh `npm start`: the demo buyer orders a demo seller's account, pays at the
 * local Alipay cashier (a signed notice, as Alipay sends it), finds the order under 交易中, sees the
 * credentials after the service desk's hand-over, confirms receipt; the listing now shows sold
 * and the escrow ledger check passes.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const handle = usePage()

interface Card {
  id: number
  title: string
  price: number
}

let goods: Card
let orderNo = ''
let orderId = 0
let buyer = ''

const top = (): Locator => topPage(handle.page)
const button = (name: string) => top().getByRole('button', { name, exact: true })
/** A button of the order detail itself: MyProducts' cards, still on top during the slide-in, have the same ones. */
const orderButton = (name: string) => top().locator('.order-detail').getByRole('button', { name, exact: true })

beforeAll(async () => {
  // A consigned account (a seller's, not 自营) under ¥200: paid in full, no deposit.
  const list = await fetch(`${baseUrl}/api/web/good/allList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountType: 'consign', priceMax: 19_900, sort: 'price_desc', pageNum: 1, pageSize: 10 }),
  })
  const { rows } = (await list.json()) as { rows: Card[] }
  expect(rows.length).toBeGreaterThan(0)
  goods = rows[0]
})

it('orders a seller’s account from its detail page', async () => {
  const { page } = handle
  buyer = await api.signIn('buyer', 'buyer2026')
  await useToken(page, baseUrl, buyer)
  await page.goto(`${baseUrl}/index/goodDetail?id=${goods.id}`)
  await top().getByText(goods.title).first().waitFor()
  await button('立即购买').click()
  // 购买须知 first; 同意并下单 agrees to it for the order.
  const notice = top().getByRole('dialog', { name: '购买须知' })
  await notice.getByText('同意并下单', { exact: true }).click()

  await page.waitForURL(/\/index\/sureOrder\?.*agreed=1/)
  await top().getByRole('radio', { name: '不需要包赔' }).click()
  await top().locator('.sure-order__rows-skeleton').waitFor({ state: 'detached' })
  await expect(
    top().getByRole('checkbox', { name: '我已阅读并同意购买须知' }).getAttribute('aria-checked'),
  ).resolves.toBe('true')
  // The 客服 tab sits clear of the order total.
  const total = await top().locator('.amount-list__row--strong').boundingBox()
  const service = await top().getByRole('button', { name: '联系客服' }).boundingBox()
  expect(total!.y + total!.height <= service!.y || service!.y + service!.height <= total!.y).toBe(true)
  await button('提交订单').click()

  await page.waitForURL(/\/index\/orderDetail\?id=\d+/)
  orderId = Number(new URL(page.url()).searchParams.get('id'))
  await top().locator('.order-detail__status-label', { hasText: '待支付' }).waitFor()
  await top()
    .locator('.order-detail__countdown')
    .getByText(/\d\d:\d\d/)
    .waitFor()
  orderNo = (await top().locator('.order-detail__no').textContent())!.trim()
  expect(orderNo).toMatch(/^\w{10,}$/)
})

/** 去支付 → 支付宝 → 确认支付: goZFB sends the browser to the gateway, here the local cashier. */
async function toCashier() {
  await button('去支付').click()
  await top().getByRole('radio', { name: '支付宝' }).click()
  await top().getByText('确认支付', { exact: true }).click()
  await handle.page.waitForURL(/\/dev\/alipay\?/)
}

it('back from the cashier, or leaving it, returns to the order, which keeps one trade', async () => {
  const { page } = handle
  await toCashier()
  // The browser's back skips goZFB (the cashier took its place): no second trade is started.
  await page.goBack()
  await page.waitForURL(/\/index\/orderDetail\?id=\d+$/)
  await top().locator('.order-detail__status-label', { hasText: '待支付' }).waitFor()
  // 取消 at the cashier comes back saying so at once.
  await toCashier()
  await page.getByRole('button', { name: '取消支付' }).click()
  await page.waitForURL(/\/index\/orderDetail\?.*payment=quit/)
  await top().locator('.order-detail__notice', { hasText: '已取消支付' }).waitFor()
  const detail = await api.json<{ payments: unknown[] }>(`/api/need/myOrder/${orderId}`, authed(buyer))
  expect(detail.data.payments).toHaveLength(1)
})

it('pays at the local Alipay cashier and comes back to the order', async () => {
  const { page } = handle
  // The same trade again, signed by the local Alipay as Alipay does; its notice pays the order.
  await toCashier()
  await page.getByRole('button', { name: /^确认支付 / }).click()

  // the gateway returns the browser; only the verified notice has paid the order, which now waits for the desk
  await page.waitForURL(/\/index\/orderDetail\?.*outTradeNo=/)
  await top().locator('.order-detail__status-label', { hasText: '交易中' }).waitFor()
  await top().locator('.order-detail__paid', { hasText: '支付成功' }).waitFor()
})

it('finds the order under 交易中 in 我的订单', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/index/other/MyProducts`)
  await top().getByRole('tab', { name: '交易中' }).click()
  const card = top().getByRole('link', { name: `订单 ${orderNo}` })
  await card.waitFor()
  await card.click()
  await page.waitForURL(/\/index\/orderDetail\?id=\d+/)
  await top().locator('.order-detail__status-label', { hasText: '交易中' }).waitFor()
})

it('shows 待确认收货 once the service desk has handed the account over', async () => {
  const { page } = handle
  const service = await api.staffSignIn('service')
  const handedOver = await api.json(`/api/admin/orders/${orderId}/hand-over`, authed(service, 'POST'))
  expect(handedOver.code).toBe(200)
  await page.reload()
  await top().locator('.order-detail__status-label', { hasText: '待确认收货' }).waitFor()
})

it('reveals the credentials after the hand-over and confirms receipt', async () => {
  const { page, errors } = handle
  const [revealed] = await Promise.all([
    page.waitForResponse((r) => /\/api\/need\/myOrder\/\d+\/credentials$/.test(r.url())),
    orderButton('查看账号').click(),
  ])
  const { data } = (await revealed.json()) as { data: { account: string; password: string } }
  expect(data.account).toBeTruthy()
  const sheet = top().locator('.credentials-sheet')
  await sheet.getByText(data.account, { exact: true }).waitFor()
  await sheet.getByText(data.password, { exact: true }).waitFor()
  await top().getByRole('button', { name: '关闭' }).first().click()

  await orderButton('确认收货').click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确认收货' }).click()
  await top().locator('.order-detail__status-label', { hasText: '交易成功' }).waitFor()
  expect(errors).toEqual([])
})

it('lays the completed order’s buttons out in one row under its total in 我的订单', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/index/other/MyProducts`)
  await top().getByRole('tab', { name: '交易成功' }).click()
  const card = top().getByRole('link', { name: `订单 ${orderNo}` })
  await card.locator('.order-actions__button', { hasText: '评价' }).waitFor()
  const boxes = await card.locator('.order-actions > *').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect()
      return { top: box.top, bottom: box.bottom }
    }),
  )
  expect(boxes.length).toBeGreaterThanOrEqual(2)
  const middles = boxes.map((b) => Math.round((b.top + b.bottom) / 2))
  expect(new Set(middles).size).toBe(1)
})

it('shows the listing as sold, and the escrow ledger checks out', async () => {
  const { page, errors } = handle
  await page.goto(`${baseUrl}/index/goodDetail?id=${goods.id}`)
  await top().getByText('该商品已出售').waitFor()

  const operator = await api.staffSignIn('operator')
  const report = await api.json<{ ok: boolean; problems: string[] }>('/api/admin/ledger/verify', {
    headers: { authorization: `Bearer ${operator}` },
  })
  expect(report.data).toMatchObject({ ok: true, problems: [] })
  expect(errors).toEqual([])
})
