import type { Locator } from 'playwright-core'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { fillSellForm, uploadCover, wzAccount } from './setup/forms'
import { e2eBaseUrl } from './setup/server'

/**
 * The selling story on a fresh `npm start`: the demo seller (verified) lists an account through 我要卖 →
 * 基本信息 with a cover picture, an operator approves it by API, the demo buyer buys it at the local Alipay
 * cashier and confirms it, and — with the protection window set to 0 — the sweeper pays the seller by
 * transfer: their listing shows 已出售 with 已打款 and the transfer number.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const handle = usePage()
const title = `E2E 王者 全英雄 ${Date.now().toString(36)}`

const top = (): Locator => topPage(handle.page)
/** A form's main button (a Taro Button, drawn as .taro-button-core). */
const submit = (text: string) => top().locator('.taro-button-core', { hasText: text })

let sellerToken = ''
let goodsId = 0

it('the seller lists an account through 我要卖 and 基本信息', async () => {
  const { page } = handle
  sellerToken = await api.signIn('seller', 'seller2026')
  await useToken(page, baseUrl, sellerToken)
  await page.goto(`${baseUrl}/index/sell`)
  await top().getByRole('button', { name: '王者荣耀' }).click()
  await page.waitForURL(/\/index\/BasicInformation\?gameId=\d+/)

  await fillSellForm(
    top(),
    wzAccount([
      ['价格', '1288'],
      ['QQ', '12345678'],
      ['游戏账号', 'e2e_wz_account'],
      ['游戏密码', 'E2e-secret-1'],
      ['收款支付宝账号', '13800000002'],
      ['收款人姓名', '李明'],
    ]),
  )
  await top().getByRole('textbox', { name: '标题' }).fill(title)
  await top()
    .getByText(/成交后到手 ¥1,223\.60/)
    .waitFor()

  await uploadCover(page, top(), '#e4572e')

  await submit('提交审核').click()
  await page.waitForURL(`${baseUrl}/index/other/Mybrowsing`)
  const card = top().locator('.my-listings__card', { hasText: title })
  await card.getByText('待审核').waitFor()
  const mine = (await (
    await fetch(`${baseUrl}/api/need/myConsignment?status=pending_review&pageSize=50`, authed(sellerToken))
  ).json()) as { rows: { id: number; title: string }[] }
  goodsId = mine.rows.find((r) => r.title === title)!.id
  expect(goodsId).toBeGreaterThan(0)
})

it('an operator approves it by API; the buyer buys and confirms it', async () => {
  const operator = await api.staffSignIn('operator')
  const approved = await api.json(`/api/admin/goods/${goodsId}/approve`, authed(operator, 'POST'))
  expect(approved.code).toBe(200)
  const settings = await api.json('/api/admin/settings', authed(operator, 'PUT', { payoutProtectionDays: 0 }))
  expect(settings.code).toBe(200)

  const buyer = await api.signIn('buyer', 'buyer2026')
  const order = await api.json<{ id: number }>(
    '/api/order',
    authed(buyer, 'POST', { goodsId, guaranteeType: 'none', payMode: 'full', agree: true }),
  )
  expect(order.code).toBe(200)
  const pay = await api.json<{ payUrl: string }>(
    `/api/pay/${order.data.id}`,
    authed(buyer, 'POST', {
      channel: 'alipay',
      kind: 'full',
      returnUrl: `${baseUrl}/index/orderDetail?id=${order.data.id}`,
    }),
  )
  const { page } = handle
  await page.goto(pay.data.payUrl)
  await page.getByRole('button', { name: /^确认支付 / }).click()
  await page.waitForURL(/\/index\/orderDetail\?/)
  // Paid on the gateway's notice; the service desk hands the account over; the buyer confirms receipt.
  const status = async () =>
    (await api.json<{ status: string }>(`/api/need/myOrder/${order.data.id}`, authed(buyer))).data.status
  for (let tries = 0; tries < 20 && (await status()) !== 'paid'; tries++) await page.waitForTimeout(500)
  const service = await api.staffSignIn('service')
  const handedOver = await api.json(`/api/admin/orders/${order.data.id}/hand-over`, authed(service, 'POST'))
  expect(handedOver.code).toBe(200)
  expect(await status()).toBe('handed_over')
  const confirmed = await api.json(`/api/need/myOrder/${order.data.id}/confirm`, authed(buyer, 'POST'))
  expect(confirmed.code).toBe(200)
})

it('the seller sees it sold, then paid by transfer', async () => {
  const { page } = handle
  await useToken(page, baseUrl, sellerToken)
  await page.goto(`${baseUrl}/index/other/Mybrowsing`)
  await top().getByRole('tab', { name: '已出售' }).click()
  const card = top().locator('.my-listings__card', { hasText: title })
  await card.getByText('已出售').waitFor()
  // The sweeper runs every 15 s locally: the payout is made within the minute.
  for (let attempt = 0; attempt < 8 && !(await card.getByText(/已打款/).isVisible()); attempt++) {
    await page.waitForTimeout(8_000)
    await page.reload()
    await top().getByRole('tab', { name: '已出售' }).click()
  }
  await card.getByText(/已打款 ¥1,223\.60/).waitFor()
  await card.getByText(/转账单号 \d+/).waitFor()
}, 120_000)
