import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core'

export interface Viewport {
  width: number
  height: number
}
/** The H5's phone, and the staff console's desk. */
export const PHONE: Viewport = { width: 375, height: 812 }
export const DESKTOP: Viewport = { width: 1440, height: 900 }

/**
 * Debian Chromium, headless, with the flags this machine's closed network needs, at a phone's width (or
 * `viewport`); `userAgent` makes it an app's own browser (WeChat's, say); `ignoreHTTPSErrors` accepts a
 * self-signed certificate (the local cluster's).
 */
export async function openBrowser(
  userAgent?: string,
  viewport = PHONE,
  { ignoreHTTPSErrors = false } = {},
): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'haoanxin-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    ignoreHTTPSErrors,
    ...(userAgent ? { userAgent } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // The profile is this browser's alone: gone with it, before `close()` resolves. (A removal left to the
  // 'close' event was cut short when the test file ended, and every run left its profiles behind.)
  const close = context.close.bind(context)
  context.close = async (options) => {
    await close(options)
    await fs.promises.rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
  return context
}

/** Collects what the page reports as broken: console errors and uncaught exceptions. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    const { url } = message.location()
    if (message.type() === 'error') errors.push(url ? `${message.text()} (${url})` : message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

export interface PageHandle {
  browser: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions of `page` so far. */
  errors: string[]
}

/**
 * One browser and one page for the test file that calls it: opened before its tests, closed after. A test during
 * which the page threw an uncaught exception fails, whether or not it looks at `errors` (console errors, which
 * include a refused request's status, are for each test to judge).
 */
export function usePage(userAgent?: string, viewport?: Viewport): PageHandle {
  const handle = { errors: [] as string[] } as PageHandle
  const thrown: string[] = []
  beforeAll(async () => {
    handle.browser = await openBrowser(userAgent, viewport)
    handle.page = await handle.browser.newPage()
    handle.errors = watchErrors(handle.page)
    handle.page.on('pageerror', (error) => thrown.push(error.stack ?? error.message))
  })
  afterEach(() => {
    const during = thrown.splice(0)
    if (during.length) throw new Error(`the page threw during this test:\n${during.join('\n')}`)
  })
  afterAll(() => handle.browser?.close())
  return handle
}

/** Stores a session token the way the client does (Taro's H5 storage wraps values in `{data}`). */
export async function useToken(page: Page, baseUrl: string, token: string | null): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(`${baseUrl}/index/home`)
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem('token')
    else localStorage.setItem('token', JSON.stringify({ data: value }))
  }, token)
}

/** The page on top of Taro's stack (the ones below stay in the document, hidden). */
export const topPage = (page: Page): Locator => page.locator('.taro_page_show:not(.taro_page_shade)').last()
