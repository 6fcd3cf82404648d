import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { apiClient, authed } from './setup/api'
import { DESKTOP, topPage, usePage } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * The staff console at a desk (1440 × 900) on a fresh `npm start`: each demo staff member signs in with
 * password and the authenticator's code, and does their desk's job — the reviewer corrects and approves a
 * pending listing, the service agent looks at a paid order's account (logged) and hands it over and approves
 * a merchant application, finance retries the payout the gateway refused, the editor changes a notice (pasted
 * HTML comes out sanitized, in the preview and in the H5) — and sees nothing they may not open.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const handle = usePage(undefined, DESKTOP)
// The console drops its animations for people who ask for less motion; so do these tests, which then never
// click into a dialog that is still opening or closing.
beforeAll(() => handle.page.emulateMedia({ reducedMotion: 'reduce' }))

/**
 * Signs in at the console's own page, as a person would. The earlier session is forgotten first, with no
 * console page open (one still loading a screen would call the server without its token).
 */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('about:blank')
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'local_storage' })
  await devtools.detach()
  await page.goto(`${baseUrl}/admin/`)
  const code = await api.totpCode(username)
  await page.getByPlaceholder('用户名').fill(username)
  await page.getByPlaceholder('密码').fill(`${username}2026`)
  await page.getByPlaceholder(/动态码/).fill(code)
  await page.getByRole('button', { name: '登录' }).click()
  await page.getByRole('menuitem', { name: '工作台' }).waitFor()
}

/** One admin session for reading the log (a code is accepted once: a sign-in per read would run out). */
let admin: Promise<string> | undefined

/** The audit rows of one action on one subject, as an admin reads the log. */
async function auditRows(action: string, subjectId: number) {
  const token = await (admin ??= api.staffSignIn('admin'))
  const reply = await api.json<never>(`/api/admin/audit-log?action=${action}&subjectId=${subjectId}`, authed(token))
  return (reply as unknown as { rows: { actor: string; detail: Record<string, unknown> }[] }).rows
}

// Each test answers for its own errors: one left over would fail every test after it.
beforeEach(() => handle.errors.splice(0))
afterEach(() => expect(handle.errors).toEqual([]))

it('a reviewer signs in with TOTP, corrects the oldest listing in the queue and approves it', async () => {
  const { page } = handle
  await signIn(page, 'reviewer')
  // The reviewer's menu: the dashboard and the listings, nothing of the other desks.
  const menu = await page.getByRole('menuitem').allInnerTexts()
  expect(menu.map((text) => text.trim())).toEqual(['工作台', '商品审核', '商品管理', '估价', '黑名单'])

  await page.getByRole('menuitem', { name: '商品审核' }).click()
  const firstRow = page.locator('.ant-table-row').first()
  const id = Number(await firstRow.locator('td').first().innerText())
  await firstRow.getByText('审核', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.getByText('属性（按模板）').waitFor()

  // A correction first: the title, with the reason the seller will read.
  await drawer.getByRole('button', { name: '编辑' }).click()
  const edit = page.locator('.ant-modal-content', { hasText: `修改商品 #${id}` })
  const title = edit.getByLabel('标题')
  const corrected = `${(await title.inputValue()).slice(0, 50)}（已核实）`
  await title.fill(corrected)
  await edit.getByLabel('修改原因（会通知卖家）').fill('标题补充核实信息')
  await edit.getByRole('button', { name: '保存修改' }).click()
  await page.getByText('已修改，卖家会收到通知').waitFor()
  await edit.waitFor({ state: 'detached' })
  await drawer.getByText(corrected).first().waitFor()

  await drawer.getByRole('button', { name: '通过' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click()
  await page.getByText('已通过，商品已上架').waitFor()

  const listing = await api.json<{ status: string; title: string }>(`/api/web/good/${id}`)
  expect(listing.data).toMatchObject({ status: 'on_sale', title: corrected })
  expect(await auditRows('goods.update', id)).toEqual([
    expect.objectContaining({ actor: 'reviewer', detail: expect.objectContaining({ reason: '标题补充核实信息' }) }),
  ])
  expect(await auditRows('goods.approve', id)).toEqual([expect.objectContaining({ actor: 'reviewer' })])
})

it('a reviewer appraises what the index could not: the demo seller’s account of a game with no deals yet', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/admin/`)
  await page.getByText('待估价').click()
  await page.waitForURL(/\/admin\/appraisals\?status=pending/)
  const row = page.locator('.ant-table-row', { hasText: '三角洲行动' }).first()
  const id = Number(await row.locator('td').first().innerText())
  await row.getByText('处理', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.getByText('提交时找到的同类成交（0 笔，不足 5 笔，未自动估价）').waitFor()
  await drawer.getByRole('button', { name: '估价' }).click()
  const form = page.locator('.ant-modal-content', { hasText: `估价单 #${id}` })
  await form.getByLabel('最低估价（元）').fill('6000')
  await form.getByLabel('最高估价（元）').fill('9000')
  await form.getByLabel('参考价（元）').fill('7500')
  await form.getByLabel('估价说明（用户可见）').fill('参考同段位场外成交，红色收藏品加分')
  await form.getByRole('button', { name: '提交估价' }).click()
  await page.getByText('已估价，用户会收到通知').waitFor()
  await drawer.getByText('¥6,000.00 – ¥9,000.00（参考 ¥7,500.00）').waitFor()
  expect(await auditRows('appraisal.estimate', id)).toEqual([expect.objectContaining({ actor: 'reviewer' })])
})

it('a reviewer cannot open 设置: it is not in the menu, and its address says 没有权限', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/admin/settings`)
  await page.getByText('没有权限').waitFor()
})

it('a service agent reveals a paid order’s account (logged) and hands it over after the checklist', async () => {
  const { page } = handle
  await signIn(page, 'service')
  await page.goto(`${baseUrl}/admin/orders?status=paid&kind=sale`)
  const firstRow = page.locator('.ant-table-row').first()
  await firstRow.getByText('处理', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.getByText('时间线').waitFor()
  const orderNo = (await drawer.locator('.ant-drawer-title').innerText()).replace('订单 ', '')

  await drawer.getByRole('button', { name: '验号' }).click()
  const ask = page.locator('.ant-modal-content', { hasText: '查看账号信息' })
  await ask.getByText('验号：核对账号与描述是否一致').click()
  await ask.getByRole('button', { name: '确定' }).click()
  const shown = page.locator('.ant-modal-content', { hasText: '本次查看已写入审计日志' })
  await shown.getByText('游戏密码').waitFor()
  await shown.locator('.ant-modal-close').click()
  await shown.waitFor({ state: 'detached' })

  const handOver = drawer.getByRole('button', { name: '移交给买家' })
  expect(await handOver.isDisabled()).toBe(true)
  for (const label of await drawer.locator('.ant-checkbox-wrapper').all()) await label.click()
  await handOver.click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click()
  await page.getByText('已移交，买家可以查看账号').waitFor()
  await drawer.locator('.ant-timeline-item', { hasText: '移交账号' }).filter({ hasText: 'service' }).waitFor()

  const service = await api.staffSignIn('service')
  const found = (await api.json<never>(`/api/admin/orders?no=${orderNo}`, authed(service))) as unknown as {
    rows: { id: number; status: string }[]
  }
  expect(found.rows).toEqual([expect.objectContaining({ status: 'handed_over' })])
  const [reveal] = await auditRows('order.credentials', found.rows[0].id)
  expect(reveal).toMatchObject({ actor: 'service', detail: { reason: '验号：核对账号与描述是否一致' } })
})

it('finance retries the payout the gateway refused, and it is paid', async () => {
  const { page } = handle
  await signIn(page, 'finance')
  await page.getByRole('menuitem', { name: '打款' }).click()
  // The demo's refused sale; its settled rental's refused rent is the owner's to fix, on the rental.
  const failed = page.locator('.ant-table-row', { hasText: '收款人姓名与支付宝账号不一致' }).first()
  await failed.getByText('打款失败').waitFor()
  const id = Number(await failed.locator('td').first().innerText())
  await failed.getByText('重试', { exact: true }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click()
  await page.getByText('已重新发起打款').waitFor()
  await page
    .locator('.ant-table-row', { hasText: '已打款' })
    .locator('td', { hasText: String(id) })
    .first()
    .waitFor()
  expect(await auditRows('payout.retry', id)).toEqual([expect.objectContaining({ actor: 'finance' })])
})

it('a service agent approves a newcomer’s merchant application; the newcomer is a merchant and is told', async () => {
  const { page } = handle
  const stamp = String(Date.now()).slice(-8)
  const newcomer = await api.register(`gzs${stamp}`, `137${stamp}`, 'studio2026')
  const games = (await api.json<{ id: number }[]>('/api/web/game/list')).data
  const filed = await api.json<{ id: number }>(
    '/api/merchant/apply',
    authed(newcomer, 'POST', {
      name: `工作室${stamp}`,
      phone: `137${stamp}`,
      business: '主营王者荣耀成品号回收，每月约 200 个账号',
      gameIds: [games[0].id],
    }),
  )
  expect(filed.code).toBe(200)

  await signIn(page, 'service')
  await page.getByRole('menuitem', { name: '号商申请' }).click()
  const row = page.locator('.ant-table-row', { hasText: `工作室${stamp}` })
  await row.getByText('审核中').waitFor()
  await row.getByText('处理', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content', { hasText: `号商申请 #${filed.data.id}` })
  await drawer.getByText(`137****${stamp.slice(-4)}`).waitFor()
  await drawer.getByRole('button', { name: '通过' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click()
  await page.getByText('已通过，用户已成为号商').waitFor()
  await drawer.getByText('已通过').waitFor()

  const standing = await api.json<{ merchant: boolean }>('/api/merchant/application', authed(newcomer))
  expect(standing.data.merchant).toBe(true)
  const told = (await api.json<never>('/api/need/message/list', authed(newcomer))) as unknown as {
    rows: { title: string }[]
  }
  expect(told.rows.map((message) => message.title)).toContain('号商入驻申请已通过')
  expect(await auditRows('merchant.approve', filed.data.id)).toEqual([expect.objectContaining({ actor: 'service' })])
})

it('an editor changes a notice; the preview and the H5 show it sanitized', async () => {
  const { page } = handle
  await signIn(page, 'editor')
  await page.getByRole('menuitem', { name: '公告' }).click()
  const row = page.locator('.ant-table-row', { hasText: '已发布' }).first()
  const id = Number(await row.locator('td').first().innerText())
  await row.getByText('编辑', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content', { hasText: `编辑公告 #${id}` })
  const body = drawer.locator('.tiptap')
  await body.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('【更新】周末客服在线至 22:00')
  // Pasted from elsewhere: a handler on one of our pictures and a script link, which must not survive.
  const goods = await fetch(`${baseUrl}/api/web/good/allList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 1 }),
  })
  const picture = ((await goods.json()) as { rows: { coverImage: string }[] }).rows[0].coverImage
  const pasted = `<p>粘贴的说明<img src="${picture}" onerror="alert(1)"><a href="javascript:alert(1)">危险链接</a></p>`
  await body.evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, pasted)
  const preview = drawer.getByTestId('notice-preview')
  await preview.getByText('【更新】周末客服在线至 22:00').waitFor()
  await preview.getByText('危险链接').waitFor()
  expect(await preview.locator(`img[src="${picture}"]`).count()).toBe(1)
  expect(await preview.locator('[onerror], a[href^="javascript"]').count()).toBe(0)
  // Parsing the paste, Chromium 156.0.8078.108 reports the pasted handler as blocked by the console's CSP
  // (script-src-attr 'none') — even in an inert template or DOMParser document; .73 said nothing. The report is
  // the CSP at work on what was pasted, not a fault of the page: it alone is taken off the page's errors.
  const blocked = /^Executing inline event handler violates .*'script-src-attr 'none''.*The action has been blocked/
  handle.errors.splice(0, handle.errors.length, ...handle.errors.filter((error) => !blocked.test(error)))
  await drawer.getByRole('button', { name: '保存' }).click()
  await page.getByText('已保存').waitFor()

  const stored = await api.json<{ content: string }>(`/api/web/notice/${id}`)
  expect(stored.data.content).toContain('【更新】周末客服在线至 22:00')
  expect(stored.data.content).not.toMatch(/onerror|javascript:/i)

  const reader = await handle.browser.newPage()
  await reader.setViewportSize({ width: 375, height: 812 })
  await reader.goto(`${baseUrl}/index/articleDetail?id=${id}`)
  const article = topPage(reader).locator('.rich-content')
  await article.getByText('【更新】周末客服在线至 22:00').waitFor()
  await article.getByText('危险链接').waitFor()
  expect(await article.locator('[onerror], a[href^="javascript"]').count()).toBe(0)
  await reader.close()
  expect(await auditRows('notice.update', id)).toEqual([expect.objectContaining({ actor: 'editor' })])
})

it('an editor drags a region above its sibling; buyers then see the new order', async () => {
  const { page } = handle
  await signIn(page, 'editor')
  await page.getByRole('menuitem', { name: '目录' }).click()
  const row = page.locator('.ant-table-row').first()
  const gameId = Number(await row.locator('td').first().innerText())
  await row.getByText('区服', { exact: true }).click()
  const tree = page.locator('.ant-drawer-content .ant-tree')
  const roots = async () => (await tree.locator('.ant-tree-title').allInnerTexts()).map((title) => title.split(' ')[0])
  await tree.locator('.ant-tree-title').first().waitFor()
  const [first, second] = await roots()
  const node = (name: string) => tree.locator('.ant-tree-treenode', { hasText: name }).first()
  await node(second).dragTo(node(first), { targetPosition: { x: 60, y: 3 } })
  await page.getByText('顺序已保存').waitFor()
  expect((await roots()).slice(0, 2)).toEqual([second, first])

  // The roots of the demo's trees are the systems (iOS / 安卓), listed to buyers by /web/keylist.
  const shown = await api.json<{ name: string }[]>(`/api/web/keylist?gameId=${gameId}&systemKey=system`)
  expect(shown.data.map((region) => region.name).slice(0, 2)).toEqual([second, first])
  expect(await auditRows('region.reorder', gameId)).toEqual([expect.objectContaining({ actor: 'editor' })])
})

it('an editor uploads a picture and adds a banner (a link outside the H5 refused at its field); the home page shows it', async () => {
  const { page } = handle
  await signIn(page, 'editor')
  await page.getByRole('menuitem', { name: '内容' }).click()
  await page.getByRole('button', { name: '新增图片' }).click()
  const form = page.locator('.ant-modal-content', { hasText: '新增图片' })
  const picture = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2e90fa' } })
    .png()
    .toBuffer()
  await form.locator('input[type=file]').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: picture })
  await form.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').first().waitFor()
  await form.getByLabel('标题 / 主播名').fill('春节不打烊')
  await form.getByLabel('跳转页面').fill('https://elsewhere.example/')
  await form.getByRole('button', { name: '确定' }).click()
  await form.getByText('跳转页面必须是站内页面地址，如 /index/articleDetail?id=3；不跳转请留空').first().waitFor()
  // The refusal is a 400, which the browser also reports in its console: that one report is expected.
  const refused = handle.errors.filter((error) => error.includes('400 (Bad Request)'))
  expect(refused).toEqual([expect.stringContaining('/api/admin/banners')])
  handle.errors.splice(handle.errors.indexOf(refused[0]), 1)
  await form.getByLabel('跳转页面').fill('/index/other/zhaohui')
  await form.getByRole('button', { name: '确定' }).click()
  await page.getByText('已新增图片').waitFor()

  const banners = await api.json<never>('/api/account/zhubo/list?type=2')
  const added = (
    banners as unknown as { rows: { id: number; title: string; image: string; link: string }[] }
  ).rows.find((row) => row.title === '春节不打烊')
  expect(added).toMatchObject({
    link: '/index/other/zhaohui',
    image: expect.stringMatching(/^\/uploads\/[0-9a-f]{40}\.png$/),
  })

  const reader = await handle.browser.newPage()
  await reader.setViewportSize({ width: 375, height: 812 })
  await reader.goto(`${baseUrl}/index/home`)
  await topPage(reader).locator('[aria-label="春节不打烊"]').first().waitFor({ state: 'attached' })
  await reader.close()
  expect(await auditRows('banner.create', added!.id)).toEqual([expect.objectContaining({ actor: 'editor' })])
})

it('an editor adds a choice to a game’s template: the preview shows it as a filter, and saving makes a version', async () => {
  const { page } = handle
  await signIn(page, 'editor')
  await page.getByRole('menuitem', { name: '目录' }).click()
  const game = page.locator('.ant-table-row').first()
  const gameId = Number(await game.locator('td').first().innerText())
  const before = (await api.json<{ version: number }>(`/api/web/gameTempAttr?gameId=${gameId}`)).data.version
  await game.getByText('模板', { exact: true }).click()
  const drawer = page.locator('.ant-drawer-content', { hasText: '属性模板' })
  await drawer.getByText('添加字段').click()
  const added = drawer.locator('.ant-table-row').last()
  await added.locator('input').nth(1).fill('skinQuality')
  await added.locator('input').nth(2).fill('皮肤品质')
  // A choice with no options yet: the same rule the server keeps stops the save.
  await drawer.getByText('「皮肤品质」是选择题，至少要有一个选项').waitFor()
  const options = added.locator('.ant-select-selection-search-input').nth(1)
  for (const label of ['史诗', '传说']) {
    await options.fill(label)
    await options.press('Enter')
  }
  await drawer.getByRole('tab', { name: '列表筛选' }).click()
  const preview = drawer.getByRole('tabpanel', { name: '列表筛选' })
  await preview.getByText('皮肤品质').waitFor()
  await preview.getByText('传说', { exact: true }).waitFor()
  await drawer.getByRole('button', { name: `保存为新版本 v${before + 1}` }).click()
  await page.getByText(`已保存为 v${before + 1}，新发布的商品使用此版本`).waitFor()

  const shown = await api.json<{ version: number; fields: { key: string; options: { label: string }[] }[] }>(
    `/api/web/gameTempAttr?gameId=${gameId}`,
  )
  expect(shown.data.version).toBe(before + 1)
  expect(shown.data.fields.find((field) => field.key === 'skinQuality')?.options.map((o) => o.label)).toEqual([
    '史诗',
    '传说',
  ])
  expect(await auditRows('template.create', gameId)).toEqual([expect.objectContaining({ actor: 'editor' })])
})

it('an operator reads the audit log by name: 操作 is picked from the names, each row keeps its code, and its content reads by name', async () => {
  const { page } = handle
  await signIn(page, 'operator')
  await page.getByRole('menuitem', { name: '审计日志' }).click()
  const action = page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: /^操作$/ }) })
  /** Filters the log to one action, picked by typing its name. */
  const pickAction = async (name: string) => {
    await action.locator('.ant-select').click()
    await page.keyboard.type(name)
    await page.locator('.ant-select-item-option', { hasText: name }).click()
    await page.getByRole('button', { name: '查询' }).click()
  }
  await pickAction('重试打款')
  // finance's retry from the test above: named, coded, and its subject named.
  const row = page.locator('.ant-table-row', { hasText: 'finance' }).first()
  await row.getByText('重试打款', { exact: true }).waitFor()
  await row.getByText('payout.retry', { exact: true }).waitFor()
  await row.getByText('打款', { exact: true }).waitFor()
  const codes = await page.locator('.ant-table-row code').allTextContents()
  expect(new Set(codes)).toEqual(new Set(['payout.retry']))

  // What an action left reads by name, money in yuan: the reviewer's estimate from the test above.
  await pickAction('人工估价')
  const estimate = page.locator('.ant-table-row', { hasText: 'reviewer' }).first()
  await estimate.getByText('appraisal.estimate', { exact: true }).waitFor()
  const detail = await estimate.locator('td').nth(5).innerText()
  expect(detail.split('\n')).toEqual([
    '最低估价：¥6,000.00',
    '最高估价：¥9,000.00',
    '参考价：¥7,500.00',
    '备注：参考同段位场外成交，红色收藏品加分',
  ])
  expect(handle.errors).toEqual([])
})
