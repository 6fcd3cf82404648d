import type { Locator } from 'playwright-core'
import sharp from 'sharp'
import { apiClient } from './setup/api'
import { topPage, usePage, useToken } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * Content, service and trust tools on a fresh `npm start` with the demo data: every content route shows
 * real content without a console error; 客服验证 and 黑号查询 answer a hit and a miss; the demo buyer sends
 * a feedback with a picture and finds it in 我的反馈; a message opened in 消息 is marked read and the
 * tab's badge counts one fewer.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const handle = usePage()
let token = ''

const top = (): Locator => topPage(handle.page)

/** The first notice of a type, through the public API. */
async function firstNotice(type: string): Promise<number> {
  const { rows } = (await (
    await fetch(`${baseUrl}/api/web/notice/list?noticeType=${type}&pageNum=1&pageSize=1`)
  ).json()) as {
    rows: { id: number }[]
  }
  expect(rows.length).toBe(1)
  return rows[0].id
}

/** Asks again every 250 ms until `read` gives `expected` (or 10 s have passed) and returns the last answer. */
async function settle<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let value = await read()
  for (let i = 0; i < 40 && value !== expected; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    value = await read()
  }
  return value
}

/** Unread messages over the user's deal rooms. */
async function roomsUnread(): Promise<number> {
  const reply = await api.json<{ unread: number }[]>('/api/need/dealRooms', {
    headers: { Authorization: `Bearer ${token}` },
  })
  return reply.data.reduce((sum, room) => sum + room.unread, 0)
}

async function unreadCount(): Promise<number> {
  const reply = await api.json<{ unread: number }>('/api/need/message/list?pageNum=1&pageSize=1', {
    headers: { Authorization: `Bearer ${token}` },
  })
  return reply.data.unread
}

beforeAll(async () => {
  token = await api.signIn('buyer', 'buyer2026')
  await useToken(handle.page, baseUrl, token)
})

beforeEach(() => handle.errors.splice(0))

describe('every content route shows its content', () => {
  // Each route with what only its real content draws: a notice's text, a list row, a contact card…
  const routes: [string, string | (() => Promise<string>), string][] = [
    ['home', '/index/home', '.home__notice[role=link]'],
    ['yinsi', '/yinsi', '.notice-article__card .rich-content'],
    ['articleDetail', async () => `/index/articleDetail?id=${await firstNotice('jyxz')}`, '.rich-content'],
    ['appDownload', '/index/appDownload', '.notice-article__card .rich-content'],
    ['security', '/index/security', '.contact-card'],
    ['gonggao', '/index/other/gonggao', '.notice-row__title'],
    ['newsDetail', async () => `/index/other/newsDetail?id=${await firstNotice('xwgg')}`, '.rich-content'],
    ['xinwen', '/index/other/xinwen', '.notice-row__title'],
    ['helpdetail', async () => `/index/other/helpdetail?id=${await firstNotice('cjwt')}`, '.rich-content'],
    ['bangzhu', '/index/other/bangzhu', '.notice-row__title'],
    ['jieshao', '/index/other/jieshao', '.notice-article__card .rich-content'],
    ['cooperate', '/index/other/cooperate', '.notice-article__card .rich-content'],
    ['shanghu', '/index/other/shanghu', '.notice-article__card .rich-content'],
    ['zhaomu', '/index/other/zhaomu', '.notice-article__card .rich-content'],
    ['zhaohui', '/index/other/zhaohui', '.notice-row__title'],
    ['contactkefu', '/index/other/contactkefu', '.contact-card__qr-image'],
    ['xiaoxi', '/index/other/xiaoxi', '.message__title'],
    ['fankui', '/index/other/fankui', '.feedback-form'],
    ['suggest', '/index/other/suggest', '.feedback-form'],
    ['ProblemList', '/index/other/ProblemList', '.problem__title'],
  ]

  it.each(routes)('%s', async (_name, url, ready) => {
    const { page, errors } = handle
    await page.goto(baseUrl + (typeof url === 'function' ? await url() : url))
    await top().locator(ready).first().waitFor({ timeout: 15_000 })
    expect(await top().locator('.empty-state').count()).toBe(0)
    expect(((await top().innerText()) ?? '').replace(/\s/g, '').length).toBeGreaterThan(60)
    expect(errors).toEqual([])
  })
})

describe('trust tools', () => {
  /** Types into a tool and asks; returns the verdict shown. */
  async function lookUp(tool: string, value: string): Promise<Locator> {
    const form = top().locator('.trust-tool', { has: handle.page.getByLabel(tool) })
    await form.getByLabel(tool).fill(value)
    await form.locator('.taro-button-core', { hasText: '查询' }).click()
    const verdict = form.locator('.trust-verdict')
    await verdict.waitFor()
    return verdict
  }

  it('客服验证: the demo contact’s QQ is confirmed, another number is a warning', async () => {
    const { page, errors } = handle
    await page.goto(`${baseUrl}/index/other/contactkefu`)
    const hit = await lookUp('客服验证', '2851234567')
    await hit.getByText('官方客服，可以放心联系').waitFor()
    expect(await hit.innerText()).toContain('「小安」')
    const miss = await lookUp('客服验证', '12345678')
    await miss.getByText('非官方客服，请立即停止交易').waitFor()
    expect(errors).toEqual([])
  })

  it('黑号查询 on home: a listed QQ shows its masked record, another shows none', async () => {
    const { page, errors } = handle
    await page.goto(`${baseUrl}/index/home`)
    // The tools' code loads when the reader scrolls near them.
    await top().locator('#home-tools').scrollIntoViewIfNeeded()
    await top().getByRole('tab', { name: '黑号查询' }).click()
    const hit = await lookUp('黑号查询', '987654321')
    await hit.getByText(/发现 \d+ 条黑号记录/).waitFor()
    const record = await hit.locator('.trust-record__subject').first().innerText()
    expect(record).toMatch(/^QQ /)
    expect(record).not.toContain('987654321')
    const miss = await lookUp('黑号查询', '12345678')
    await miss.getByText('未查到黑号记录').waitFor()
    expect(errors).toEqual([])
  })
})

describe('the demo buyer', () => {
  it('sends a feedback with a picture and finds it in 我的反馈', async () => {
    const { page, errors } = handle
    const title = `列表页筛选建议 ${Date.now() % 100_000}`
    await page.goto(`${baseUrl}/index/other/suggest`)
    await top().getByRole('radio', { name: '问题反馈' }).click()
    await top().getByLabel('标题', { exact: true }).fill(title)
    await top()
      .getByLabel('详细内容', { exact: true })
      .locator('textarea')
      .fill('筛选区服后返回列表，希望保留已选的价格区间。')
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      top().getByRole('button', { name: '添加图片' }).click(),
    ])
    const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#ff5a1f' } })
      .png()
      .toBuffer()
    await chooser.setFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png })
    await top().locator('.image-uploader__image img[src*="/uploads/"]').first().waitFor()
    await top().locator('.taro-button-core', { hasText: '提交反馈' }).click()

    await page.waitForURL(`${baseUrl}/index/other/ProblemList`)
    const card = top().locator('.problem', { hasText: title })
    await card.waitFor()
    expect(await card.innerText()).toContain('问题反馈')
    expect(await card.innerText()).toContain('待处理')
    await card.locator('.problem__image img[src*="/uploads/"]').waitFor()
    expect(errors).toEqual([])
  })

  it('opens a message in 消息: it is marked read and the badge counts one fewer', async () => {
    const { page, errors } = handle
    const before = await unreadCount()
    expect(before).toBeGreaterThan(0)
    // The badge counts the 交易群 messages too (nothing here reads a room, so their count stays).
    const rooms = await roomsUnread()
    await page.goto(`${baseUrl}/index/home`)
    const badge = top().locator('.tab-bar__badge')
    await badge.getByText(String(before + rooms), { exact: true }).waitFor()

    await top().getByRole('tab', { name: '消息' }).click()
    await page.waitForURL(`${baseUrl}/index/other/xiaoxi`)
    const unread = top().locator('.message--unread').first()
    const title = (await unread.locator('.message__title').innerText()).trim()
    await unread.click()
    expect(await settle(unreadCount, before - 1)).toBe(before - 1)

    await page.goto(`${baseUrl}/index/other/xiaoxi`)
    const opened = top()
      .locator('.message', { has: page.getByText(title, { exact: true }) })
      .first()
    await opened.waitFor()
    expect(await opened.getAttribute('class')).not.toContain('message--unread')

    await page.goto(`${baseUrl}/index/home`)
    if (before - 1 + rooms > 0) await badge.getByText(String(before - 1 + rooms), { exact: true }).waitFor()
    else await badge.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  })
})
