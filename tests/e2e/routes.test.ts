import type { Page } from 'playwright-core'
import { redirects, routes } from '@/routes'
import { apiClient } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

const baseUrl = e2eBaseUrl()
const handle = usePage()

// Signed in as the demo buyer: pages that need a user would otherwise send the browser to /login.
beforeAll(async () => useToken(handle.page, baseUrl, await apiClient(baseUrl).signIn('buyer', 'buyer2026')))

beforeEach(() => handle.errors.splice(0))

/** The title the shell shows: the header title on inner pages, the active tab on tab pages. */
const visibleTitle = (p: Page) =>
  topPage(p).locator('.page-title, .tab-bar__item--active').first().textContent({ timeout: 10_000 })

describe('every seed route at its own URL', () => {
  it.each(routes.map((r) => [r.url, r.title]))('%s shows %s', async (url, title) => {
    const { page, errors } = handle
    await page.goto(baseUrl + url)
    expect(await visibleTitle(page)).toBe(title)
    expect(new URL(page.url()).pathname).toBe(url)
    expect(await page.title()).toBe(title)
    expect(errors).toEqual([])
  })
})

describe('redirects', () => {
  it.each(Object.entries(redirects))('%s goes to %s', async (from, to) => {
    const { page } = handle
    await page.goto(baseUrl + from)
    await page.waitForURL(baseUrl + to)
    expect(await visibleTitle(page)).toBe(routes.find((r) => r.url === to)?.title)
  })

  it('an unknown URL goes home', async () => {
    const { page } = handle
    await page.goto(`${baseUrl}/no/such/page`)
    await page.waitForURL(`${baseUrl}/index/home`)
    expect(await visibleTitle(page)).toBe('首页')
  })
})

describe('shells', () => {
  it('the tab bar switches between the main pages', async () => {
    const { page } = handle
    await page.goto(`${baseUrl}/index/home`)
    await page.getByRole('tab', { name: '我要卖' }).click()
    await page.waitForURL(`${baseUrl}/index/sell`)
    // The URL changes before the new page is drawn (sell now loads its game picker): wait for it.
    await topPage(page).locator('.game-picker').waitFor()
    expect(await visibleTitle(page)).toBe('我要卖')
  })

  it('the personal-centre menu opens a page and back returns', async () => {
    const { page } = handle
    await page.goto(`${baseUrl}/index/other/gonggao`)
    await page.getByRole('button', { name: '个人中心菜单' }).click()
    await page.getByRole('menuitem', { name: '我的收藏' }).click()
    await page.waitForURL(`${baseUrl}/index/other/collect`)
    await topPage(page).locator('.page-title', { hasText: '我的收藏' }).waitFor()
    await topPage(page).getByRole('button', { name: '返回' }).click()
    await page.waitForURL(`${baseUrl}/index/other/gonggao`)
  })

  // Under either shell a sticky bar's top (--sticky-top, app.scss) must be the header's bottom: an unset top
  // would leave the bar scrolling away with the page.
  it.each([
    ['/index/goodList?gameId=1', '.good-list__bar'],
    ['/index/sell', '.game-picker__bar'],
    ['/index/other/MyProducts', '.my-orders__head'],
    ['/index/other/Mybrowsing', '.my-listings__head'],
  ])('%s: %s sticks right under the header', async (url, bar) => {
    const { page } = handle
    await page.goto(baseUrl + url)
    const sticky = topPage(page).locator(bar)
    await sticky.waitFor()
    const header = await topPage(page).locator('.page-header').boundingBox()
    const style = await sticky.evaluate((el) => {
      const { position, top } = getComputedStyle(el)
      return { position, top }
    })
    expect(style.position).toBe('sticky')
    expect(parseFloat(style.top)).toBeCloseTo(header!.y + header!.height, 0)
  })
})
