import Taro from '@tarojs/taro'
import type { ApiResult } from '@/contract/envelope'
import { clearSession, readToken } from '@/store'
import { currentPageUrl, openPage } from '@/navigation'
import { pagePath } from '@/routes'
import { toQueryString, type Query } from '@/utils/url'
import { showDialog } from '@/utils/dialog'
import { noteServerDate } from '@/utils/time'

/**
 * The only place that talks to the server (seed §4, §6–§9). Every call goes to API_BASE + '/api' + path
 * with the token in both `Token` and `Authorization`; a 401 clears the session and asks the user to sign
 * in again — once, however many calls fail together.
 */

export const DEFAULT_TIMEOUT = 10_000
export const TIMEOUT_TOAST = '网络超时，请稍后重试'
export const RELOGIN_PROMPT = {
  title: '提示',
  content: '登录超时，请重新登录',
  confirmText: '确定',
  cancelText: '取消',
}

/** Calls sent without a token, whatever storage holds (seed §6). */
const TOKENLESS_PATHS = new Set(['/register'])

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  method?: Method
  /** GET: sent as the query string; otherwise as the JSON body. */
  data?: unknown
  header?: Record<string, string>
  timeout?: number
  /**
   * A call the user did not ask for (e.g. the unread badge): a 401 only forgets the session, without the
   * sign-in prompt, and a timeout shows no toast.
   */
  background?: boolean
}

export interface UploadOptions {
  /** A local file path from chooseImage / chooseMedia. */
  filePath: string
  /** The multipart field that carries the file. */
  name?: string
  formData?: Record<string, string>
  timeout?: number
  /** Told the share sent so far, 0–100, as the platform reports it. */
  onProgress?: (percent: number) => void
}

/** A response whose `code` is not 200: the caller decides what to show. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Tells the user why an action failed: the server's message, or `fallback` when there was none (network). */
export function toastError(error: unknown, fallback: string): void {
  void Taro.showToast({ title: error instanceof ApiError ? error.message : fallback, icon: 'none' })
}

export const apiUrl = (path: string): string => `${API_BASE}/api${path}`

/** Pictures the server stores come back as `/uploads/…`; a mini-program needs the server's origin in front. */
export const mediaUrl = (url: string): string => (url.startsWith('/') ? `${API_BASE}${url}` : url)

function authHeaders(path: string): Record<string, string> {
  const token = TOKENLESS_PATHS.has(path) ? '' : readToken()
  return { Token: token, Authorization: token ? `Bearer ${token}` : '' }
}

let reloginPromptOpen = false

/**
 * The session has expired: say so and let the user choose. It is forgotten only once they have answered,
 * so a page that needs a session does not leave for /login from under the question.
 */
async function promptRelogin(): Promise<void> {
  if (reloginPromptOpen) return
  reloginPromptOpen = true
  try {
    const back = currentPageUrl()
    const { confirm } = await showDialog(RELOGIN_PROMPT)
    clearSession()
    if (confirm) {
      await openPage('login', back.startsWith(pagePath('login')) ? {} : { redirect: back })
    }
  } finally {
    reloginPromptOpen = false
  }
}

function isTimeout(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String((error as { errMsg?: string })?.errMsg ?? error)
  return /timeout|超时/i.test(text)
}

/** Reads the envelope: code 200 resolves; 401 prompts a new sign-in; anything else rejects with ApiError. */
function settle<T>(statusCode: number, body: unknown, background = false): T {
  const envelope = (typeof body === 'string' ? safeParse(body) : body) as Partial<ApiResult<unknown>> | null
  const code = typeof envelope?.code === 'number' ? envelope.code : statusCode
  if (code === 200) return envelope as T
  if (code === 401) {
    // A call the user did not ask for forgets the session quietly, unless the question is already up.
    if (background && !reloginPromptOpen) clearSession()
    else if (!background) void promptRelogin()
  }
  throw new ApiError(code, envelope?.msg || `请求失败（${code}）`, envelope?.data)
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** What Taro's request and upload answer with; the header, where the platform gives it, carries the server's Date. */
interface Answer {
  statusCode: number
  data: unknown
  header?: Record<string, unknown>
}

async function transport<T>(send: () => Promise<Answer>, background = false): Promise<T> {
  let response: Answer
  const sentAt = Date.now()
  try {
    response = await send()
  } catch (error) {
    if (isTimeout(error) && !background) void Taro.showToast({ title: TIMEOUT_TOAST, icon: 'none', duration: 2000 })
    throw error
  }
  noteServerDate(response.header, sentAt)
  return settle<T>(response.statusCode, response.data, background)
}

/** Sends a JSON request; resolves the envelope (`{code, msg, data}` or `{code, msg, rows, total}`). */
export function request<T = ApiResult<unknown>>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  let url = apiUrl(path)
  let data = options.data
  if (method === 'GET' && data && typeof data === 'object') {
    const query = toQueryString(data as Query)
    url += query ? (url.includes('?') ? '&' : '?') + query : ''
    data = undefined
  }
  return transport<T>(
    () =>
      Taro.request({
        url,
        method,
        data: data as TaroGeneral.IAnyObject | undefined,
        timeout: options.timeout ?? DEFAULT_TIMEOUT,
        header: { 'Content-Type': 'application/json', ...authHeaders(path), ...options.header },
      }),
    options.background,
  )
}

/** The form-data mode: sends a file and fields as multipart/form-data. */
export function upload<T = ApiResult<unknown>>(path: string, options: UploadOptions): Promise<T> {
  return transport<T>(() => {
    const task = Taro.uploadFile({
      url: apiUrl(path),
      filePath: options.filePath,
      name: options.name ?? 'file',
      formData: options.formData,
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      header: authHeaders(path),
    })
    if (options.onProgress) task.onProgressUpdate?.((update) => options.onProgress!(update.progress))
    return task
  })
}

export const get = <T = ApiResult<unknown>>(path: string, query?: Query, options?: Omit<RequestOptions, 'data'>) =>
  request<T>(path, { ...options, method: 'GET', data: query })

export const post = <T = ApiResult<unknown>>(path: string, body?: unknown, options?: Omit<RequestOptions, 'data'>) =>
  request<T>(path, { ...options, method: 'POST', data: body })

export const put = <T = ApiResult<unknown>>(path: string, body?: unknown, options?: Omit<RequestOptions, 'data'>) =>
  request<T>(path, { ...options, method: 'PUT', data: body })

export const del = <T = ApiResult<unknown>>(path: string, options?: Omit<RequestOptions, 'data'>) =>
  request<T>(path, { ...options, method: 'DELETE' })
