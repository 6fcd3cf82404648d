import type { ClaimStats, GuaranteeFund } from '../../src/contract/claims'
import { formatPrice as yuan } from '../../src/contract/money'
import type { SellerCard } from '../../src/contract/reviews'
import { apiClient, authed } from './setup/api'
import { DESKTOP, topPage, usePage, useToken } from './setup/browser'
import { payAtLocalCashier, uploadCover } from './setup/forms'
import { e2eBaseUrl } from './setup/server'

/**
 * Trust after the deal on a fresh `npm start`, as issue 21 shows it: the demo buyer completes a purchase with
 * 找回包赔, files a claim with a screenshot from orderDetail; a service agent approves it in the console's 包赔;
 * the transfer appears in the local gateway's transfers; the buyer sees it paid; zhaohui's figures move; the
 * ledger proves the guarantee fund. Then the buyer reviews the seller and the rating shows on the seller's
 * other listings; the buyer keeps one of them, the seller lowers its price, and 消息 says so.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const phone = usePage()
/** The staff console, at a desk. */
const desk = usePage(undefined, DESKTOP)
const top = () => topPage(phone.page)

let buyerToken = ''
let orderId = 0
let orderNo = ''
let claimId = 0
let before: ClaimStats
let sellerToken = ''
/** Another of the seller's listings on sale. */
let otherListing = 0

beforeAll(() => desk.page.emulateMedia({ reducedMotion: 'reduce' }))

const stats = async () => (await api.json<ClaimStats>('/api/web/claims/stats')).data.windows[0]

it('the demo buyer completes a purchase with 找回包赔', async () => {
  const { page } = phone
  sellerToken = await api.signIn('seller', 'seller2026')
  buyerToken = await api.signIn('buyer', 'buyer2026')
  before = (await api.json<ClaimStats>('/api/web/claims/stats')).data
  const mine = await api.json<never>('/api/need/myConsignment?status=on_sale&pageSize=50', authed(sellerToken))
  const { rows } = mine as unknown as { rows: { id: number; guarantee: string }[] }
  // The oldest that can carry 找回包赔 (other walks buy and list the seller's accounts meanwhile).
  const listing = rows.findLast((row) => row.guarantee !== 'none')!
  otherListing = rows.find((row) => row.id !== listing.id)!.id
  const ordered = await api.json<{ id: number; no: string }>(
    '/api/order',
    authed(buyerToken, 'POST', { goodsId: listing.id, guaranteeType: 'retrieval', payMode: 'full', agree: true }),
  )
  expect(ordered.code).toBe(200)
  ;({ id: orderId, no: orderNo } = ordered.data)

  await useToken(page, baseUrl, buyerToken)
  await page.goto(`${baseUrl}/index/orderDetail?id=${orderId}`)
  await payAtLocalCashier(page, top())
  const service = await api.staffSignIn('service')
  expect((await api.json(`/api/admin/orders/${orderId}/hand-over`, authed(service, 'POST'))).code).toBe(200)
  await page.goto(`${baseUrl}/index/orderDetail?id=${orderId}`)
  await top().locator('.order-detail').getByRole('button', { name: '确认收货', exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: '确认收货' }).click()
  await top().locator('.order-detail__status-label', { hasText: '交易成功' }).waitFor()
})

it('files a claim with a screenshot from orderDetail', async () => {
  const { page } = phone
  await top().locator('.order-detail').getByRole('button', { name: '申请包赔', exact: true }).click()
  await page.waitForURL(new RegExp(`/index/other/claim\\?orderId=${orderId}`))
  await top()
    .getByLabel('问题描述', { exact: true })
    .locator('textarea')
    .fill('成交后第五天账号被原号主申诉找回，收到了游戏的改密通知')
  await uploadCover(page, top(), '#175cd3')
  await top().getByRole('textbox', { name: '收款支付宝账号' }).fill('13800000001')
  await top().getByRole('textbox', { name: '收款人姓名' }).fill('王小明')
  await top().locator('.taro-button-core', { hasText: '提交包赔申请' }).click()
  await page.waitForURL(/\/index\/other\/claim\?id=\d+/)
  claimId = Number(new URL(page.url()).searchParams.get('id'))
  await top().locator('.claim__status', { hasText: '审核中' }).waitFor()
  await top().getByText('收款 138****0001（王**）').waitFor()
  expect((await stats()).filed).toBe(before.windows[0].filed + 1)
})

it('a service agent approves it in 包赔 and the transfer is made from the fund', async () => {
  const finance = await api.staffSignIn('finance')
  const fund = (await api.json<GuaranteeFund>('/api/admin/claims/fund', authed(finance))).data
  const code = await api.totpCode('service')
  await desk.page.goto(`${baseUrl}/admin/`)
  await desk.page.getByPlaceholder('用户名').fill('service')
  await desk.page.getByPlaceholder('密码').fill('service2026')
  await desk.page.getByPlaceholder(/动态码/).fill(code)
  await desk.page.getByRole('button', { name: '登录' }).click()
  await desk.page.getByRole('menuitem', { name: '包赔' }).click()
  // The fund above the queue: what it holds and what is left to approve.
  await desk.page.getByText('包赔基金', { exact: true }).waitFor()
  await desk.page.getByText(yuan(fund.available)).first().waitFor()
  const row = desk.page.locator('.ant-table-row', { hasText: orderNo })
  await row.getByText('审核中').waitFor()
  await row.getByText('处理', { exact: true }).click()
  const drawer = desk.page.locator('.ant-drawer-content')
  await drawer.getByText('成交后第五天账号被原号主申诉找回').waitFor()
  await drawer.getByRole('img', { name: '凭证截图' }).waitFor()
  await drawer.getByText('买家').first().waitFor()
  await drawer.getByRole('button', { name: '同意赔付' }).click()
  const form = desk.page.locator('.ant-modal-content', { hasText: '同意赔付' })
  // What the fund can pay (the platform's contribution and the guarantee fees, less approved claims), at most ¥100.
  const amount = Math.min(fund.available, 10_000)
  await form.getByRole('spinbutton').fill((amount / 100).toFixed(2))
  await form.getByRole('button', { name: '确定' }).click()
  await desk.page.getByText('已同意，赔付已发起').waitFor()
  await drawer.locator('.ant-tag', { hasText: '已赔付' }).waitFor()

  // The claim's order, a click away on the orders desk; and back from the order to its claim.
  await drawer.getByRole('link', { name: orderNo }).click()
  await desk.page.waitForURL(new RegExp(`/admin/orders\\?open=${orderId}$`))
  const orderDrawer = desk.page.locator('.ant-drawer-content', { hasText: `订单 ${orderNo}` })
  await orderDrawer.getByText('交易成功').first().waitFor()
  await orderDrawer.getByRole('link', { name: `包赔 #${claimId}` }).click()
  await desk.page.waitForURL(new RegExp(`/admin/claims\\?open=${claimId}$`))
  await desk.page
    .locator('.ant-drawer-content', { hasText: `包赔 #${claimId}` })
    .locator('.ant-tag', { hasText: '已赔付' })
    .waitFor()
  // Closed, the drawer leaves the address as the list's.
  await desk.page.locator('.ant-drawer-close').click()
  await desk.page.waitForURL(/\/admin\/claims$/)

  await desk.page.goto(`${baseUrl}/dev/alipay/transfers`)
  const transfer = desk.page.locator('tr', { hasText: `CL${claimId}-1` })
  await transfer.getByText(/^成功/).waitFor()
  expect(await transfer.innerText()).toContain('王小明')
})

it('the buyer sees it paid, zhaohui’s figures move and the ledger proves the fund', async () => {
  const { page } = phone
  await page.goto(`${baseUrl}/index/other/claim?id=${claimId}`)
  await top().locator('.claim__status', { hasText: '已赔付' }).waitFor()
  await top()
    .getByText(/已赔付 ¥[\d,.]+，转账单号 \d+/)
    .waitFor()
  // The order shows its claim and offers no other remedy.
  await top().getByRole('link', { name: '查看订单' }).click()
  await page.waitForURL(new RegExp(`/index/orderDetail\\?id=${orderId}`))
  await top()
    .locator('.order-detail__remedy', { hasText: /账号被找回 · 已赔付 ¥/ })
    .waitFor()
  expect(await top().locator('.order-actions').innerText()).not.toMatch(/申请包赔|申请售后/)

  const now = await stats()
  expect(now.paid).toBe(before.windows[0].paid + 1)
  await page.goto(`${baseUrl}/index/other/zhaohui`)
  await top().getByRole('region', { name: '包赔公示' }).getByLabel(`已赔付 ${now.paid}`).waitFor()
  const { fund } = (await api.json<ClaimStats>('/api/web/claims/stats')).data
  await top()
    .getByLabel(`包赔基金余额 ${yuan(fund)}`)
    .waitFor()

  const finance = await api.staffSignIn('finance')
  const report = await api.json<{ ok: boolean; problems: string[] }>('/api/admin/ledger/verify', authed(finance))
  expect(report.data.problems).toEqual([])
  expect(phone.errors).toEqual([])
  expect(desk.errors).toEqual([])
}, 60_000)

it('the buyer reviews the seller, and the rating shows on the seller’s other listings', async () => {
  const { page } = phone
  const card = async () => (await api.json<SellerCard>(`/api/web/good/${otherListing}/seller`)).data
  const rated = (await card()).rating.count
  await page.goto(`${baseUrl}/index/orderDetail?id=${orderId}`)
  await top().locator('.order-detail').getByRole('button', { name: '评价', exact: true }).click()
  await page.waitForURL(new RegExp(`/index/other/review\\?orderId=${orderId}`))
  await top().getByRole('radio', { name: '4 星' }).click()
  await top().getByRole('checkbox', { name: '交付迅速' }).click()
  await top().getByLabel('评价内容', { exact: true }).locator('textarea').fill('客服交付很快，包赔也说到做到')
  await top().locator('.taro-button-core', { hasText: '提交评价' }).click()
  await page.waitForURL(new RegExp(`/index/orderDetail\\?id=${orderId}`))
  await top().locator('.seller-card__text', { hasText: '客服交付很快，包赔也说到做到' }).waitFor()

  await page.goto(`${baseUrl}/index/goodDetail?id=${otherListing}`)
  await top()
    .locator('.seller-card__counts', { hasText: `${rated + 1} 条评价` })
    .waitFor()
  await top().locator('.seller-card__text', { hasText: '客服交付很快，包赔也说到做到' }).waitFor()
  expect((await card()).rating.count).toBe(rated + 1)
})

it('the buyer keeps that listing; its price lowered, 消息 says so', async () => {
  const { page } = phone
  const keep = top().getByRole('button', { name: '收藏', exact: true })
  if (await keep.count()) await keep.click()
  await top().getByRole('button', { name: '取消收藏', exact: true }).waitFor()
  const { data: listing } = await api.json<{ price: number }>(`/api/web/good/${otherListing}`)
  const lower = listing.price - 5_000
  const changed = await api.json(
    '/api/need/goods/editPrice',
    authed(sellerToken, 'POST', { id: otherListing, price: lower }),
  )
  expect(changed.code).toBe(200)
  await page.goto(`${baseUrl}/index/other/xiaoxi`)
  const message = top().locator('.message', { hasText: '收藏的商品降价了' }).first()
  await message
    .getByText(new RegExp(`→ ¥${(lower / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`))
    .waitFor()
  expect(phone.errors).toEqual([])
})
