import Taro from '@tarojs/taro'
import {
  ApiError,
  DEFAULT_TIMEOUT,
  RELOGIN_PROMPT,
  TIMEOUT_TOAST,
  get,
  post,
  put,
  request,
  upload,
} from '@/api/request'
import { loadProfile } from '@/api/user'
import { getState, saveToken, setState } from '@/store'
import * as dialog from '@/utils/dialog'
import { noteServerDate, serverNow } from '@/utils/time'

type RequestArgs = Parameters<typeof Taro.request>[0]

const ok = (data: unknown = null) => ({ statusCode: 200, data: { code: 200, msg: '操作成功', data } })
const answer = (code: number, msg = '') => ({ statusCode: code, data: { code, msg } })

let requestMock: jest.SpyInstance
let modalMock: jest.SpyInstance
let toastMock: jest.SpyInstance
let navigateMock: jest.SpyInstance

const lastRequest = (): RequestArgs => requestMock.mock.calls[requestMock.mock.calls.length - 1][0]

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  requestMock = jest.spyOn(Taro, 'request').mockResolvedValue(ok() as never)
  // The question itself is the dialog's (tested with it); here, what the request wrapper asks and does.
  modalMock = jest.spyOn(dialog, 'showDialog').mockResolvedValue({ confirm: false, cancel: true })
  toastMock = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
  navigateMock = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as never)
  jest
    .spyOn(Taro, 'getCurrentPages')
    .mockReturnValue([{ route: 'pages/goodDetail/index', options: { id: '7' } }] as never)
})

afterEach(() => jest.restoreAllMocks())

describe('request wrapper', () => {
  it('sends to the base URL + /api + path with JSON and the default timeout', async () => {
    await post('/login', { username: 'a' })
    const args = lastRequest()
    expect(args.url).toBe('/api/login')
    expect(args.method).toBe('POST')
    expect(args.data).toEqual({ username: 'a' })
    expect(args.header).toMatchObject({ 'Content-Type': 'application/json' })
    expect(args.timeout).toBe(DEFAULT_TIMEOUT)
    expect(DEFAULT_TIMEOUT).toBe(10000)
  })

  it('lets a call choose its own timeout', async () => {
    await get('/web/stats', undefined, { timeout: 3000 })
    expect(lastRequest().timeout).toBe(3000)
  })

  it('sends the stored token in both Token and Authorization', async () => {
    saveToken('tok-123')
    await get('/system/user/profile')
    expect(lastRequest().header).toMatchObject({ Token: 'tok-123', Authorization: 'Bearer tok-123' })
  })

  it('reads the token from storage on every call', async () => {
    Taro.setStorageSync('token', 'written-elsewhere')
    await get('/need/message/list')
    expect(lastRequest().header).toMatchObject({ Token: 'written-elsewhere' })
  })

  it('sends /register with empty token headers even when signed in', async () => {
    saveToken('tok-123')
    await post('/register', { username: 'new' })
    expect(lastRequest().header).toMatchObject({ Token: '', Authorization: '' })
  })

  it('sends a GET payload as the query string and no body', async () => {
    await get('/web/keylist', { gameId: 3, systemKey: 'area', parentId: undefined, name: '王者 荣耀' })
    const args = lastRequest()
    expect(args.url).toBe('/api/web/keylist?gameId=3&systemKey=area&name=%E7%8E%8B%E8%80%85%20%E8%8D%A3%E8%80%80')
    expect(args.data).toBeUndefined()
  })

  it('sends PUT bodies as JSON', async () => {
    await put('/system/user/profile', { nickName: 'x' })
    expect(lastRequest()).toMatchObject({ method: 'PUT', data: { nickName: 'x' } })
  })

  it('resolves the envelope of a code-200 answer', async () => {
    requestMock.mockResolvedValueOnce(ok({ id: 7 }))
    await expect(get('/web/good/7')).resolves.toEqual({ code: 200, msg: '操作成功', data: { id: 7 } })
  })

  it('rejects other codes with the server message for the caller to show', async () => {
    requestMock.mockResolvedValueOnce(answer(409, '该商品已出售'))
    const error = await post('/order', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 409, message: '该商品已出售' })
    expect(modalMock).not.toHaveBeenCalled()
  })

  it('sends multipart form data through uploadFile in form-data mode', async () => {
    saveToken('tok-9')
    const uploadMock = jest.spyOn(Taro, 'uploadFile').mockResolvedValue({
      statusCode: 200,
      data: JSON.stringify({ code: 200, msg: 'ok', data: { url: '/u/1.png' } }),
    } as never)
    const result = await upload('/upload/image', { filePath: 'blob:local/1', formData: { scene: 'avatar' } })
    expect(result).toEqual({ code: 200, msg: 'ok', data: { url: '/u/1.png' } })
    expect(uploadMock.mock.calls[0][0]).toMatchObject({
      url: '/api/upload/image',
      filePath: 'blob:local/1',
      name: 'file',
      formData: { scene: 'avatar' },
      timeout: 10000,
      header: { Token: 'tok-9', Authorization: 'Bearer tok-9' },
    })
    // multipart: the wrapper must not force a JSON content type on it
    expect(uploadMock.mock.calls[0][0].header).not.toHaveProperty('Content-Type')
  })

  it('passes transport errors to the caller untouched, without a message', async () => {
    const failure = { errMsg: 'request:fail net::ERR_CONNECTION_REFUSED' }
    requestMock.mockRejectedValueOnce(failure)
    await expect(get('/web/stats')).rejects.toBe(failure)
    expect(toastMock).not.toHaveBeenCalled()
    expect(modalMock).not.toHaveBeenCalled()
  })

  it('shows a short toast on a timeout and rejects', async () => {
    const failure = { errMsg: 'request:fail timeout' }
    requestMock.mockRejectedValueOnce(failure)
    await expect(get('/web/stats')).rejects.toBe(failure)
    expect(toastMock).toHaveBeenCalledTimes(1)
    expect(toastMock.mock.calls[0][0]).toMatchObject({ title: TIMEOUT_TOAST, icon: 'none' })
    expect(TIMEOUT_TOAST).toBe('网络超时，请稍后重试')
  })

  it('does nothing special with 403: no prompt, no toast, session kept', async () => {
    saveToken('tok-403')
    requestMock.mockResolvedValueOnce(answer(403, '没有权限'))
    await expect(get('/admin/orders')).rejects.toMatchObject({ code: 403 })
    expect(modalMock).not.toHaveBeenCalled()
    expect(toastMock).not.toHaveBeenCalled()
    expect(Taro.getStorageSync('token')).toBe('tok-403')
  })
})

describe('401: one sign-in prompt', () => {
  it('shows the warning prompt once when several 401s arrive together; the session goes on the answer', async () => {
    saveToken('expired')
    Taro.setStorageSync('history', [1, 2])
    let close: (r: { confirm: boolean; cancel: boolean }) => void = () => undefined
    modalMock.mockImplementation(() => new Promise((resolve) => (close = resolve)))
    requestMock.mockResolvedValue(answer(401, '登录状态已过期'))

    const results = await Promise.allSettled([get('/a'), get('/b'), post('/c')])

    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).code === 401)).toBe(true)
    expect(modalMock).toHaveBeenCalledTimes(1)
    expect(modalMock.mock.calls[0][0]).toEqual(RELOGIN_PROMPT)
    expect(RELOGIN_PROMPT).toEqual({
      title: '提示',
      content: '登录超时，请重新登录',
      confirmText: '确定',
      cancelText: '取消',
    })
    // Kept while the question is up: a page that needs a session does not leave for /login under it.
    expect(getState().token).toBe('expired')
    close({ confirm: false, cancel: true })
    await new Promise((r) => setTimeout(r, 0))
    expect(Taro.getStorageSync('token')).toBe('')
    expect(Taro.getStorageSync('history')).toBe('')
    expect(getState().token).toBe('')
  })

  it('确定 goes to /login, remembering the page to come back to', async () => {
    modalMock.mockResolvedValue({ confirm: true, cancel: false })
    requestMock.mockResolvedValue(answer(401))
    await get('/need/myOrder').catch(() => undefined)
    await new Promise((r) => setTimeout(r, 0))
    expect(navigateMock).toHaveBeenCalledTimes(1)
    expect(navigateMock.mock.calls[0][0].url).toBe(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/goodDetail/index?id=7')}`,
    )
  })

  it('取消 only closes, and a later 401 prompts again', async () => {
    requestMock.mockResolvedValue(answer(401))
    await get('/a').catch(() => undefined)
    await new Promise((r) => setTimeout(r, 0))
    expect(navigateMock).not.toHaveBeenCalled()
    await get('/b').catch(() => undefined)
    await new Promise((r) => setTimeout(r, 0))
    expect(modalMock).toHaveBeenCalledTimes(2)
  })
})

describe('profile', () => {
  const profile = { userId: 1, userName: 'demo', nickName: '演示' }

  it('is stored when the profile call answers code 200', async () => {
    requestMock.mockResolvedValueOnce(ok(profile))
    await loadProfile()
    expect(getState().profile).toEqual(profile)
    expect(lastRequest().url).toBe('/api/system/user/profile')
  })

  it('is not stored on a failure, which is only logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    requestMock.mockResolvedValueOnce(answer(500, '服务器内部错误'))
    await expect(loadProfile()).resolves.toBeNull()
    expect(getState().profile).toBeNull()
    expect(log).toHaveBeenCalled()
    expect(modalMock).not.toHaveBeenCalled()
    expect(toastMock).not.toHaveBeenCalled()
  })
})

it('request() defaults to GET', async () => {
  await request('/health')
  expect(lastRequest().method).toBe('GET')
})

describe('the server’s clock', () => {
  afterEach(() => noteServerDate({ date: new Date().toUTCString() }, Date.now()))

  it('is read off every answer’s Date header, so countdowns count by the server', async () => {
    const behind = new Date(Date.now() - 7 * 60_000).toUTCString()
    requestMock.mockResolvedValueOnce({ ...ok(), header: { date: behind } } as never)
    await get('/web/game/list')
    expect(Math.abs(serverNow() - (Date.now() - 7 * 60_000))).toBeLessThan(2_000)
    // An answer with no header (a mini-program that hides it) changes nothing.
    await get('/web/game/list')
    expect(Math.abs(serverNow() - (Date.now() - 7 * 60_000))).toBeLessThan(2_000)
  })
})
