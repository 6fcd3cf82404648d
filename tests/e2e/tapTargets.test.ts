import type { Page } from 'playwright-core'
import { routes } from '@/routes'
import { apiClient, authed } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * Every tappable thing on every route, as the demo buyer sees them on a 375 px phone, takes a tap 44 × 44 px
 * around its centre (the size Apple, Material and WCAG 2.5.5 ask for). The walk asks the browser itself:
 * each target is scrolled to the middle of the screen and the points of a 44 px square around its centre
 * (or of its own box where that is larger) are hit-tested — a point must land on the target, its children or
 * its invisible reach (the `tap-area` mixin), not beside it or on a neighbour.
 */
const baseUrl = e2eBaseUrl()
const handle = usePage()

/** Routes that show one thing get a real one from the demo data; the others open as a visitor would. */
const params: Record<string, string> = {}

/** The first row of a list call. */
const firstRow = async <T>(path: string, init?: RequestInit): Promise<T> =>
  ((await (await fetch(baseUrl + path, init)).json()) as { rows: T[] }).rows[0]

beforeAll(async () => {
  const buyer = await apiClient(baseUrl).signIn('buyer', 'buyer2026')
  await useToken(handle.page, baseUrl, buyer)
  const goods = await firstRow<{ id: number; gameId: number }>('/api/web/good/allList', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 1 }),
  })
  const order = await firstRow<{ id: number }>('/api/need/myOrder?pageNum=1&pageSize=1', authed(buyer))
  const notice = await firstRow<{ id: number }>('/api/web/notice/list?pageNum=1&pageSize=1')
  // The demo buyer's rentals: the newest is in a complaint, with its story to read.
  const [rental] = (
    (await (await fetch(`${baseUrl}/api/need/rentals`, authed(buyer))).json()) as { data: { id: number }[] }
  ).data
  Object.assign(params, {
    goodDetail: `id=${goods.id}`,
    sureOrder: `goodsId=${goods.id}`,
    goodList: `gameId=${goods.gameId}`,
    BasicInformation: `gameId=${goods.gameId}`,
    orderDetail: `id=${order.id}`,
    // The newest demo order is completed and not reviewed yet: the review form.
    review: `orderId=${order.id}`,
    seller: `goodsId=${goods.id}`,
    rental: `id=${rental.id}`,
    articleDetail: `id=${notice.id}`,
    newsDetail: `id=${notice.id}`,
    helpdetail: `id=${notice.id}`,
  })
})

interface Walk {
  /** How many targets were tried: a walk that finds none has not looked. */
  tried: number
  /** `label <tag.class> w×h`, one per target too small to hit. */
  small: string[]
}

/** Runs in the page: finds the visible targets and hit-tests the 44 px square around each. */
function walkTargets(): Walk {
  const MIN = 44
  const SELECTOR = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'textarea',
    'select',
    ...['button', 'tab', 'link', 'menuitem', 'checkbox', 'radio', 'switch', 'option', 'slider'].map(
      (role) => `[role=${role}]`,
    ),
  ].join(',')
  // Taro's components are React elements: a View or Text with a tap handler has no role to show for it, so
  // the handler is read from the props React keeps on the node.
  const handles = (el: Element) => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'))
    const props = key ? (el as unknown as Record<string, Record<string, unknown>>)[key] : undefined
    return Boolean(props && (props.onClick || props.onTap || props.onLongPress))
  }
  const name = (el: Element) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim()
    return `${text.replace(/\s+/g, ' ').slice(0, 16)} <${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}>`
  }
  const targets = Array.from(document.body.querySelectorAll('*')).filter(
    (el) =>
      (el.matches(SELECTOR) || handles(el)) && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
  )
  const small: string[] = []
  let tried = 0
  for (const el of targets) {
    el.scrollIntoView({ block: 'center', inline: 'center' })
    const box = el.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) continue
    tried += 1
    const cx = box.left + box.width / 2
    const cy = box.top + box.height / 2
    // Smaller than a finger that way: the ends of the 44 px reach; large enough: its centre.
    const inwards = (at: number, offset: number) => (offset > 0 ? Math.floor(at) : offset < 0 ? Math.ceil(at) : at)
    const offsets = (size: number) => (size < MIN ? [-(MIN / 2 - 1), 0, MIN / 2 - 1] : [0])
    const missed = offsets(box.width).some((dx) =>
      offsets(box.height).some((dy) => {
        // Chromium hit-tests at whole pixels: each point is rounded towards the centre, so that two 44 px
        // targets that touch do not take each other's edge.
        const x = Math.min(Math.max(inwards(cx + dx, dx), 0), innerWidth - 1)
        const y = Math.min(Math.max(inwards(cy + dy, dy), 0), innerHeight - 1)
        const hit = document.elementFromPoint(x, y)
        return !hit || !el.contains(hit)
      }),
    )
    if (missed) small.push(`${name(el)} ${Math.round(box.width)}×${Math.round(box.height)}`)
  }
  return { tried, small }
}

async function walk(page: Page, url: string): Promise<Walk> {
  await page.goto(baseUrl + url)
  await topPage(page).waitFor()
  await page.waitForLoadState('networkidle')
  return page.evaluate(walkTargets)
}

it('the walk finds a target too small to hit', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/index/other/gonggao`)
  await topPage(page).waitFor()
  await page.evaluate(() => {
    const dot = document.createElement('div')
    dot.setAttribute('role', 'button')
    dot.textContent = '小'
    Object.assign(dot.style, { position: 'fixed', left: '100px', top: '300px', width: '30px', height: '30px' })
    document.body.append(dot)
  })
  const { small } = await page.evaluate(walkTargets)
  expect(small).toContain('小 <div.> 30×30')
})

it.each(routes.map((r) => [r.url, r.name]))('every target on %s is at least 44 × 44 px', async (url, name) => {
  const { tried, small } = await walk(handle.page, params[name] ? `${url}?${params[name]}` : url)
  expect(tried).toBeGreaterThan(0)
  expect(small).toEqual([])
})

it('and on 我的代售 of the demo seller, with a listing in every state, and on their let rental to be paid', async () => {
  const seller = await apiClient(baseUrl).signIn('seller', 'seller2026')
  await useToken(handle.page, baseUrl, seller)
  const listings = await walk(handle.page, '/index/other/Mybrowsing')
  expect(listings.tried).toBeGreaterThan(10)
  expect(listings.small).toEqual([])
  // The settled one: its refused rent with 修改收款账户.
  const { data } = (await (await fetch(`${baseUrl}/api/need/rentals?role=owner`, authed(seller))).json()) as {
    data: { id: number; status: string }[]
  }
  const settled = data.find((rental) => rental.status === 'settled')!
  const rental = await walk(handle.page, `/index/other/rental?id=${settled.id}`)
  expect(rental.tried).toBeGreaterThan(0)
  expect(rental.small).toEqual([])
})
