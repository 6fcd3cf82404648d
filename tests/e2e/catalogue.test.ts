import type { BrowserContext, Locator, Page, Response } from 'playwright-core'
import { openBrowser, topPage, watchErrors } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * The browsing story on a fresh `npm start` with the demo catalogue: pick a game, filter by region and two
 * attributes, sort by price, open a card, zoom an image, favourite it (signing in as the demo buyer), go
 * back — the list is as it was; open the list from the home grid — it is fresh.
 * (E2E_BASE_URL points the suite at a server that is already running.)
 */
const baseUrl = e2eBaseUrl()
const GAME = '王者荣耀'

let browser: BrowserContext
let page: Page
let errors: string[]
/** Bodies of every goods-list request the page sends. */
const listRequests: Record<string, unknown>[] = []

beforeAll(async () => {
  browser = await openBrowser()
  page = await browser.newPage()
  errors = watchErrors(page)
  page.on('request', (request) => {
    if (request.url().includes('/api/web/good/allList')) listRequests.push(request.postDataJSON())
  })
})

afterAll(() => browser?.close())

const top = (): Locator => topPage(page)
const button = (name: string) => top().getByRole('button', { name, exact: true })
const cardTitles = () =>
  top()
    .locator('.goods-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))
const scrollTop = () => top().evaluate((el) => el.scrollTop)
const lastList = () => listRequests[listRequests.length - 1]

/** What the visitor sees of the list: its filter chips, sort and summary. */
async function listState() {
  return {
    chips: await top().locator('.good-list__chip').allTextContents(),
    sort: await top().locator('.good-list__tool--on .good-list__tool-label').allTextContents(),
    summary: (await top().locator('.good-list__summary').textContent())?.trim(),
  }
}

describe('browsing the catalogue', () => {
  let kept: Awaited<ReturnType<typeof listState>>
  let keptTitles: (string | null)[]
  let keptScroll: number
  let requestsBeforeDetail: number

  it('jumps to a letter of the A–Z strip, tapped where the letter is drawn', async () => {
    await page.goto(`${baseUrl}/index/accountOrder`)
    const strip = top().getByRole('button', { name: '按首字母跳转' })
    await strip.waitFor()
    const letters = await strip.locator('.game-picker__index-letter').allTextContents()
    const letter = letters[Math.floor(letters.length / 2)]
    const box = (await strip.boundingBox())!
    // One strip a finger wide: the tap lands by height, anywhere across it.
    await page.mouse.click(
      box.x + box.width - 4,
      box.y + ((letters.indexOf(letter) + 0.5) * box.height) / letters.length,
    )
    // The letter's section comes to rest right under the sticky search bar — and stays there, not caught in passing.
    const underBar = (wanted: string) => {
      const shown = document.querySelectorAll('.taro_page_show')
      const picker = shown[shown.length - 1]
      const bar = picker.querySelector('.game-picker__bar')!.getBoundingClientRect()
      const section = Array.from(picker.querySelectorAll('.game-picker__group')).find(
        (g) => g.querySelector('.game-picker__letter')?.textContent === wanted,
      )
      return section !== undefined && Math.abs(section.getBoundingClientRect().top - bar.bottom) <= 1
    }
    await page.waitForFunction(underBar, letter)
    await page.waitForTimeout(500)
    expect(await page.evaluate(underBar, letter)).toBe(true)
  })

  it('keeps the A–Z strip clear of the search field and the tabs, under an intro and once scrolled', async () => {
    await page.goto(`${baseUrl}/index/hire`)
    const strip = top().getByRole('button', { name: '按首字母跳转' })
    await strip.waitFor()
    const gap = async () => {
      const bar = (await top().locator('.game-picker__bar').boundingBox())!
      const box = (await strip.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height)
      return box.y - (bar.y + bar.height)
    }
    expect(await gap()).toBeGreaterThanOrEqual(0)
    await top().evaluate((el) => el.scrollTo(0, el.scrollHeight))
    expect(await scrollTop()).toBeGreaterThan(500)
    expect(await gap()).toBeGreaterThanOrEqual(0)
  })

  it('picks a game and filters its list by region, two attributes and price order', async () => {
    await page.goto(`${baseUrl}/index/accountOrder`)
    await button(GAME).click()
    await page.waitForURL(/\/index\/goodList\?gameId=\d+$/)
    await top().locator('.goods-card').first().waitFor()

    await button('选择区服').click()
    await top().getByRole('option', { name: '安卓', exact: true }).click()
    await top().getByRole('option', { name: '微信', exact: true }).click()
    await top().locator('.good-list__chip', { hasText: '系统：安卓 / 微信' }).waitFor()

    await button('筛选').click()
    const sheet = top().locator('.sheet')
    await sheet.getByRole('checkbox', { name: '荣耀典藏' }).click()
    await sheet.getByRole('checkbox', { name: '传说皮肤' }).click()
    await sheet.getByLabel('英雄数最低').fill('30')
    await sheet.getByRole('button', { name: '确定' }).click()
    await top().locator('.good-list__chip', { hasText: '稀有皮肤' }).waitFor()

    const sorted = page.waitForResponse((r) => r.url().includes('/api/web/good/allList'))
    await button('按价格排序').click()
    await top().locator('[aria-label="价格从低到高"][aria-pressed="true"]').waitFor()
    await sorted
    await top().locator('.goods-card').first().waitFor()

    expect(lastList()).toMatchObject({
      regionIds: expect.any(Array),
      attributes: { rare: expect.arrayContaining([expect.any(String), expect.any(String)]), heroes: { min: 30 } },
      sort: 'price_asc',
      pageNum: 1,
    })
    expect((lastList().regionIds as number[]).length).toBe(2)
    const prices = await top()
      .locator('.goods-card .price-tag')
      .evaluateAll((tags) => tags.map((t) => Number(t.getAttribute('aria-label')?.replace(/[¥,]/g, ''))))
    expect(prices.length).toBeGreaterThan(3)
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
  })

  it('opens a card after scrolling, zooms an image and favourites it after signing in', async () => {
    await top().evaluate((el) => el.scrollTo(0, 420))
    await page.waitForTimeout(300)
    kept = await listState()
    keptTitles = await cardTitles()
    keptScroll = await scrollTop()
    expect(keptScroll).toBeGreaterThan(300)
    requestsBeforeDetail = listRequests.length

    const card = top().locator('.goods-card').nth(3)
    const title = await card.getAttribute('aria-label')
    await card.click()
    await page.waitForURL(/\/index\/goodDetail\?id=\d+$/)
    const detailUrl = page.url()
    await expect(top().locator('.good-detail__title').textContent()).resolves.toBe(title)

    await button('查看大图 1').click()
    const viewer = top().locator('.image-viewer')
    await viewer.waitFor()
    await viewer.getByRole('button', { name: '放大' }).click()
    await expect(viewer.locator('.image-viewer__scale').textContent()).resolves.toBe('110%')
    await viewer.getByRole('button', { name: '关闭' }).click()

    // signed out: 收藏 leads to the login page, which returns to this listing
    const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
    await button('收藏').click()
    await page.waitForURL(/\/login\?redirect=/)
    await signIn('buyer', 'buyer2026', await captcha)
    await page.waitForURL(detailUrl)
    await top().locator('.good-detail__bar').waitFor()
    // a database kept from an earlier run may hold this favourite already
    if (await button('取消收藏').isVisible()) {
      await button('取消收藏').click()
      await button('收藏').waitFor()
    }
    await button('收藏').click()
    await button('取消收藏').waitFor()
    await expect(top().locator('.good-detail__bar-label').first().textContent()).resolves.toBe('已收藏')
  })

  it('goes back to the list exactly as it was', async () => {
    await button('返回').click()
    await page.waitForURL(/\/index\/goodList\?gameId=\d+$/)
    await top().locator('.goods-card').first().waitFor()
    await until(async () => (await scrollTop()) === keptScroll)
    expect(await scrollTop()).toBe(keptScroll)
    expect(await listState()).toEqual(kept)
    expect(await cardTitles()).toEqual(keptTitles)
    expect(listRequests.length).toBe(requestsBeforeDetail) // nothing was reloaded
  })

  it('opens a fresh list from the home grid', async () => {
    await button('返回').click() // to the game picker
    await page.waitForURL(`${baseUrl}/index/accountOrder`)
    await top().getByRole('tab', { name: '首页' }).click()
    await page.waitForURL(`${baseUrl}/index/home`)
    await top().locator('.home__games').getByRole('button', { name: GAME, exact: true }).click()
    await page.waitForURL(/\/index\/goodList\?gameId=\d+$/)
    await top().locator('.goods-card').first().waitFor()

    const fresh = await listState()
    expect(fresh.chips).toEqual([])
    expect(fresh.sort).toEqual(['综合'])
    expect(await scrollTop()).toBe(0)
    expect(lastList()).toEqual({ gameId: expect.any(Number), pageNum: 1, pageSize: 20 })
  })

  it('reported no errors in the browser', () => {
    expect(errors).toEqual([])
  })
})

/** Signs in on the login page; the captcha answer comes from the dev-only endpoint of a local server. */
async function signIn(username: string, password: string, captcha: Response) {
  const { data } = (await captcha.json()) as { data: { uuid: string } }
  const answer = ((await (await fetch(`${baseUrl}/dev/captcha/${data.uuid}`)).json()) as { data: { answer: string } })
    .data.answer
  const field = (label: string) => top().getByLabel(label, { exact: true })
  await field('用户名').fill(username)
  await field('密码').fill(password)
  await top().getByRole('textbox', { name: '图形验证码' }).fill(answer)
  await top().getByRole('checkbox').click()
  await top().locator('.taro-button-core', { hasText: '登录' }).click()
}

/** Waits until `check` holds (or gives up after `timeout` ms and lets the assertion after it report). */
async function until(check: () => Promise<boolean>, timeout = 5000) {
  const end = Date.now() + timeout
  while (Date.now() < end && !(await check())) await new Promise((r) => setTimeout(r, 100))
}
