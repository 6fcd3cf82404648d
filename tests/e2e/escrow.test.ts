import type { EscrowTicket } from '../../src/contract/escrowTickets'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { fillSellForm, uploadCover, wzAccount } from './setup/forms'
import { e2eBaseUrl } from './setup/server'

/**
 * 中介担保 on a fresh `npm start`, as issue 22 shows it: the demo buyer opens a ticket for a deal agreed
 * elsewhere, naming the demo seller's phone; the seller joins by the link and enters the account through the
 * selling form at the agreed price; the buyer approves and pays the order (price + fee) at the cashier; the
 * desk hands it over; the buyer confirms; both see the ticket completed, and the ledger verifies.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const phone = usePage()
const top = () => topPage(phone.page)

let buyerToken = ''
let sellerToken = ''
let link = ''
let ticketId = 0

it('the demo buyer opens a ticket naming the demo seller', async () => {
  const { page } = phone
  buyerToken = await api.signIn('buyer', 'buyer2026')
  sellerToken = await api.signIn('seller', 'seller2026')
  await useToken(page, baseUrl, buyerToken)
  await page.goto(`${baseUrl}/index/security`)
  const form = top().locator('.security__request')
  await form.getByRole('radio', { name: '我是买方' }).click()
  await form.getByLabel('选择游戏').click()
  await page.getByText('确定', { exact: true }).last().click()
  await form.locator('.security__picker', { hasText: '王者荣耀' }).waitFor()
  // Number inputs are spin buttons to the accessibility tree.
  const fill = async (label: string, value: string) => {
    const box = form.getByRole('textbox', { name: label, exact: true })
    await ((await box.count()) ? box : form.getByRole('spinbutton', { name: label, exact: true })).fill(value)
  }
  await fill('成交价格', '888')
  await fill('对方手机号', '13800000002')
  await form.getByLabel('交易说明', { exact: true }).locator('textarea').fill('QQ群里谈好的王者号，铂金段位，98 个英雄')
  await form.locator('.taro-button-core', { hasText: '发起担保' }).click()
  await page.waitForURL(/\/index\/other\/escrowTicket\?id=\d+/)
  ticketId = Number(new URL(page.url()).searchParams.get('id'))
  await top().locator('.escrow-ticket__status-label', { hasText: '待对方加入' }).waitFor()
  link = (await top().locator('.escrow-ticket__link').textContent())!.trim()
  expect(link).toMatch(/\/index\/other\/escrowTicket\?code=[A-Z2-9]{8}$/)
})

it('the demo seller joins by the link and enters the account through the selling form', async () => {
  const { page } = phone
  await useToken(page, baseUrl, sellerToken)
  await page.goto(link)
  await top().getByText('你的身份').waitFor()
  await top().locator('.taro-button-core', { hasText: '加入担保单' }).click()
  await top().locator('.escrow-ticket__status-label', { hasText: '待卖方录入账号' }).waitFor()
  await top().getByRole('button', { name: '录入账号' }).click()
  await page.waitForURL(/\/index\/BasicInformation\?mode=escrow/)
  await fillSellForm(
    top(),
    wzAccount([
      ['QQ', '12345678'],
      ['游戏账号', 'e2e_escrow_account'],
      ['游戏密码', 'E2e-escrow-1'],
      ['收款支付宝账号', '13800000002'],
      ['收款人姓名', '李明'],
    ]),
  )
  await top()
    .getByText(/¥888\.00（双方约定/)
    .waitFor()
  await top().getByRole('textbox', { name: '标题' }).fill('E2E 担保 王者 铂金 98 英雄')
  await uploadCover(page, top(), '#2e86ab')
  await top().locator('.taro-button-core', { hasText: '提交账号信息' }).click()
  await page.waitForURL(new RegExp(`/index/other/escrowTicket\\?id=${ticketId}`))
  await top().locator('.escrow-ticket__status-label', { hasText: '待买方确认' }).waitFor()
  // Never public.
  const ticket = (await api.json<EscrowTicket>(`/api/need/escrow-ticket/${ticketId}`, authed(sellerToken))).data
  expect((await api.json(`/api/web/good/${ticket.listing!.id}`)).code).toBe(404)
})

it('the buyer approves and pays; the desk hands over; the buyer confirms; the ticket is completed', async () => {
  const { page } = phone
  await useToken(page, baseUrl, buyerToken)
  await page.goto(`${baseUrl}/index/other/escrowTicket?id=${ticketId}`)
  await top().getByRole('button', { name: '确认并付款' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确认并付款' }).click()
  await page.waitForURL(/\/index\/pay\?/)
  await top().getByRole('radio', { name: '支付宝' }).click()
  await top().getByText('确认支付', { exact: true }).click()
  await page.waitForURL(/\/dev\/alipay\?/)
  // ¥888 and the fee (5 %, at least ¥20): ¥932.40.
  await page.getByRole('button', { name: /^确认支付 ¥932\.40/ }).click()
  await page.waitForURL(/\/index\/orderDetail\?.*outTradeNo=/)
  const ticket = (await api.json<EscrowTicket>(`/api/need/escrow-ticket/${ticketId}`, authed(buyerToken))).data
  const service = await api.staffSignIn('service')
  expect((await api.json(`/api/admin/orders/${ticket.orderId}/hand-over`, authed(service, 'POST'))).code).toBe(200)
  await page.goto(`${baseUrl}/index/orderDetail?id=${ticket.orderId}`)
  await top().locator('.order-detail').getByRole('button', { name: '确认收货', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确认收货' }).click()
  await top().locator('.order-detail__status-label', { hasText: '交易成功' }).waitFor()

  await page.goto(`${baseUrl}/index/security`)
  await top().locator('.security__ticket-status', { hasText: '已完成' }).first().waitFor()
  const seen = (await api.json<EscrowTicket>(`/api/need/escrow-ticket/${ticketId}`, authed(sellerToken))).data
  expect(seen).toMatchObject({ status: 'completed', role: 'seller' })
  const finance = await api.staffSignIn('finance')
  const report = await api.json<{ ok: boolean; problems: string[] }>('/api/admin/ledger/verify', authed(finance))
  expect(report.data).toMatchObject({ ok: true, problems: [] })
})
