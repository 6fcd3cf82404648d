import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { apiClient } from './setup/api'
import { openBrowser, topPage as show, usePage } from './setup/browser'
import { e2eBaseUrl } from './setup/server'

/**
 * The account story of a newcomer on a fresh `npm start`: register with a phone (the SMS code comes from
 * the local outbox, the captcha answers from the dev endpoint), sign in with password + captcha, edit the
 * profile and avatar, verify the real name, change the password — and an older session then gets the
 * sign-in prompt once.
 */
const baseUrl = e2eBaseUrl()
const api = apiClient(baseUrl)
const handle = usePage()
const phone = `139${String(Date.now()).slice(-8)}`
const username = `e2e${String(Date.now()).slice(-8)}`
const password = 'first1234'
const newPassword = 'second5678'

/** Waits for the captcha the page draws next and types its answer. */
async function solveNextCaptcha(p: Page, draw: () => Promise<unknown>): Promise<void> {
  const [response] = await Promise.all([p.waitForResponse((r) => r.url().includes('/api/captchaImage')), draw()])
  const { data } = (await response.json()) as { data: { uuid: string } }
  await p.getByRole('textbox', { name: '图形验证码' }).fill(await api.captchaAnswer(data.uuid))
}

const fill = (p: Page, label: string, value: string) => p.getByLabel(label, { exact: true }).fill(value)
const latestSmsCode = () => api.latestSmsCode(phone)

async function signIn(p: Page): Promise<void> {
  await solveNextCaptcha(p, () => p.goto(`${baseUrl}/login?username=${username}`))
  await fill(p, '密码', password)
  await show(p).getByRole('checkbox').click()
  await show(p).locator('.taro-button-core', { hasText: '登录' }).click()
  await p.waitForURL(`${baseUrl}/index/home`)
}

it('registers with a phone and an SMS code', async () => {
  const { page } = handle
  await solveNextCaptcha(page, () => page.goto(`${baseUrl}/register`))
  await fill(page, '用户名', username)
  await fill(page, '手机号', phone)
  // sending the code spends the captcha; the page draws a new one for the form itself
  await solveNextCaptcha(page, () => show(page).getByRole('button', { name: '获取验证码' }).click())
  await fill(page, '短信验证码', await latestSmsCode())
  await fill(page, '密码', password)
  await fill(page, '确认密码', password)
  await show(page).getByRole('checkbox').click()
  await show(page).locator('.taro-button-core', { hasText: '注册' }).click()
  await page.waitForURL(`${baseUrl}/login?username=${username}`)
})

it('signs in with password and captcha', async () => {
  const { page } = handle
  await signIn(page)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
})

it('edits the nickname and the avatar', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/index/other/geren`)
  await fill(page, '昵称', '安心玩家')
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    show(page).getByRole('button', { name: '更换头像' }).click(),
  ])
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f7cf6' } })
    .png()
    .toBuffer()
  await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await show(page).locator('.geren__avatar[src*="/uploads/"], .geren__avatar img[src*="/uploads/"]').first().waitFor()
  await show(page).locator('.taro-button-core', { hasText: '保存' }).click()
  await page.goto(`${baseUrl}/index/other/mycenter`)
  await show(page).getByText('安心玩家').waitFor()
})

it('verifies the real name and shows it masked', async () => {
  const { page } = handle
  await page.goto(`${baseUrl}/index/other/Realname`)
  await fill(page, '真实姓名', '张三丰')
  await fill(page, '身份证号', '11010519491231002X')
  await show(page).locator('.taro-button-core', { hasText: '提交认证' }).click()
  await show(page).getByText('已完成实名认证').waitFor()
  await show(page).getByText('身份证号：110***********002X').waitFor()
})

it('changes the password; an older session gets the sign-in prompt once', async () => {
  const { page, errors } = handle
  const other = await openBrowser()
  const otherPage = await other.newPage()
  await signIn(otherPage)

  await api.smsCooldown(phone) // the code of the registration was sent less than a minute ago
  await solveNextCaptcha(page, () => page.goto(`${baseUrl}/index/other/passwore`))
  await fill(page, '当前密码', password)
  await fill(page, '手机号', phone)
  // sending the code spends the captcha; the page draws a new one
  await solveNextCaptcha(page, () => show(page).getByRole('button', { name: '获取验证码' }).click())
  await fill(page, '短信验证码', await latestSmsCode())
  await fill(page, '新密码', newPassword)
  await fill(page, '确认新密码', newPassword)
  await show(page).locator('.taro-button-core', { hasText: '确认修改' }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/passwore'))

  // the session that changed the password goes on
  await page.goto(`${baseUrl}/index/other/mycenter`)
  await show(page).getByText('安心玩家').waitFor()

  // the older one is refused: one prompt, which stays on the page until answered; then storage is cleared
  await otherPage.goto(`${baseUrl}/index/other/mycenter`)
  await otherPage.getByText('登录超时，请重新登录').waitFor()
  await otherPage.waitForTimeout(500)
  expect(await otherPage.getByRole('alertdialog').count()).toBe(1)
  expect(new URL(otherPage.url()).pathname).toBe('/index/other/mycenter')
  await otherPage.getByRole('alertdialog').getByRole('button', { name: '确定' }).click()
  await otherPage.waitForURL((url) => url.pathname === '/login')
  expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await other.close()
  expect(errors).toEqual([])
}, 150_000)
