import type { MyListing } from '../../src/contract/consignment'
import { formatPrice } from '../../src/contract/money'
import type { Payout } from '../../src/contract/payments'
import type { Rental } from '../../src/contract/rentals'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * 租号 on a fresh `npm start`, as issue 22 shows it: the demo buyer rents one of the demo seller's accounts for
 * 2 hours from its page (the rent sheet, the cashier), reads the password on the rental's page, returns it
 * early; the seller, reminded to change the password, confirms the return; the deposit comes back, the
 * owner's payout is made, and the ledger verifies.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const phone = usePage()
const top = () => topPage(phone.page)

let buyerToken = ''
let sellerToken = ''
let listing: MyListing
let rentalId = 0

it('the demo buyer rents a demo account for 2 hours and pays rent and deposit at the cashier', async () => {
  const { page } = phone
  sellerToken = await api.signIn('seller', 'seller2026')
  buyerToken = await api.signIn('buyer', 'buyer2026')
  const mine = (await api.json<never>(
    '/api/need/myConsignment?status=on_sale&pageSize=50',
    authed(sellerToken),
  )) as unknown as {
    rows: MyListing[]
  }
  listing = mine.rows.find((row) => row.rent !== null && row.rent.minHours <= 2 && row.rent.maxHours >= 2)!
  expect(listing).toBeDefined()

  await useToken(page, baseUrl, buyerToken)
  await page.goto(`${baseUrl}/index/goodDetail?id=${listing.id}`)
  await top().getByRole('button', { name: '租号', exact: true }).click()
  const sheet = top().getByRole('dialog', { name: '租号' })
  await sheet.getByRole('radio', { name: '2小时', exact: true }).click()
  const rent = listing.rent!
  const total = Math.min(2 * rent.hourly, rent.daily) + rent.deposit
  const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  await sheet.getByText(`立即租用 ${yuan(total)}`).waitFor()
  await sheet.getByRole('checkbox').click()
  await sheet.getByText(`立即租用 ${yuan(total)}`).click()

  await page.waitForURL(/\/index\/pay\?/)
  await top().getByRole('radio', { name: '支付宝' }).click()
  await top().getByText('确认支付', { exact: true }).click()
  await page.waitForURL(/\/dev\/alipay\?/)
  await page.getByRole('button', { name: /^确认支付 / }).click()
  // Back from the cashier on the order, which hands over to the rental once the payment is known.
  await page.waitForURL(/\/index\/other\/rental\?id=\d+/)
  rentalId = Number(new URL(page.url()).searchParams.get('id'))
  await top().locator('.rental__status-label', { hasText: '租用中' }).waitFor()
  await top()
    .locator('.rental__countdown')
    .getByText(/\d\d:\d\d:\d\d/)
    .waitFor()
})

it('sees the password while it runs, and returns the account early', async () => {
  const { page } = phone
  await top().getByRole('button', { name: '查看账号' }).click()
  const sheet = top().locator('.credentials-sheet')
  await sheet.getByText('密码', { exact: true }).waitFor()
  expect(await sheet.locator('.credentials-sheet__value').count()).toBeGreaterThanOrEqual(2)
  await top().getByRole('dialog', { name: '账号信息' }).getByRole('button', { name: '关闭' }).click()

  await top().getByRole('button', { name: '提前归还' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await top().locator('.rental__status-label', { hasText: '已归还' }).waitFor()
  await expect(top().getByRole('button', { name: '查看账号' }).count()).resolves.toBe(0)
  const seen = await api.json<Rental>(`/api/need/rental/${rentalId}/credentials`, authed(buyerToken))
  expect(seen).toMatchObject({ code: 403, msg: '租期已结束，账号已收回' })
})

it('the owner, reminded to change the password, confirms the return: the deposit comes back, the owner is paid', async () => {
  const { page } = phone
  await useToken(page, baseUrl, sellerToken)
  await page.goto(`${baseUrl}/index/other/Mybrowsing?tab=rentals`)
  await top()
    .getByRole('link', { name: `租号 ${listing.title}` })
    .first()
    .click()
  await page.waitForURL(new RegExp(`/index/other/rental\\?id=${rentalId}`))
  await top().getByRole('note').getByText('换密提醒').waitFor()
  await top().getByRole('button', { name: '确认归还' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await top().locator('.rental__status-label', { hasText: '已结算' }).waitFor()
  // Its money is the owner's to follow here: due now (paid already if the sweeper came in between).
  await top()
    .locator('.settlement-strip', { hasText: /^租金(待打款|已打款) ¥/ })
    .waitFor()

  const rental = (await api.json<Rental>(`/api/need/rental/${rentalId}`, authed(buyerToken))).data
  expect(rental).toMatchObject({ status: 'settled', damageAmount: 0 })
  const finance = await api.staffSignIn('finance')
  const order = (
    await api.json<{ refundAmount: number; no: string; status: string }>(
      `/api/admin/orders/${rental.orderId}`,
      authed(finance),
    )
  ).data
  expect(order).toMatchObject({ status: 'completed', refundAmount: rental.depositAmount })
  // The sweeper (every 15 s locally) pays the owner the rent less commission.
  let payout: Payout | undefined
  for (let i = 0; i < 40 && payout?.status !== 'paid'; i++) {
    const found = (await api.json<never>(`/api/admin/payouts?orderNo=${order.no}`, authed(finance))) as unknown as {
      rows: Payout[]
    }
    payout = found.rows[0]
    if (payout?.status !== 'paid') await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  expect(payout).toMatchObject({ status: 'paid', amount: rental.ownerAmount })
  await page.reload()
  await top()
    .locator('.settlement-strip', { hasText: `租金已打款 ${formatPrice(rental.ownerAmount)}` })
    .waitFor()
  const report = await api.json<{ ok: boolean; problems: string[] }>('/api/admin/ledger/verify', authed(finance))
  expect(report.data).toMatchObject({ ok: true, problems: [] })
})
