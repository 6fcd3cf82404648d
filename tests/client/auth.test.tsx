import Taro from '@tarojs/taro'
import { fireEvent, waitFor, within } from '@testing-library/react'
import { getState, saveToken, setState } from '@/store'
import { answerDialog, byLabel, clickButton, signInWithPassword, typeInto, visiblePage } from './utils/dom'
import { badgeApi, callsTo, emptyHomeApi, goodsSideApi, mockApi } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

const captcha = { captchaEnabled: true, uuid: 'cap-1', img: 'data:image/png;base64,iVBORw0KGgo=' }
const profile = {
  userId: 5,
  userName: 'player01',
  nickName: '用户8000',
  avatar: '',
  phone: '138****8000',
  email: '',
  sex: '2',
  qq: '',
  weixin: '',
  roles: ['user'],
  hasPassword: true,
  realNameStatus: 'none' as const,
  realName: '',
  idNumber: '',
  deletionEraseAt: null,
}
const signedIn = { code: 200, data: { token: 'tok-new', expiresAt: '2026-12-01T00:00:00Z' } }

beforeEach(() => {
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

const pathname = () => window.location.pathname + window.location.search

describe('login', () => {
  it('signs in with username, password and captcha, then returns to the page that sent the user', async () => {
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'POST /login': () => signedIn,
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/good/7': () => ({ code: 404, msg: '商品不存在' }),
      ...goodsSideApi(7),
    })
    renderApp(`/login?redirect=${encodeURIComponent('/pages/goodDetail/index?id=7')}`)
    await signInWithPassword('player01', 'secret123')

    await waitFor(() => expect(pathname()).toBe('/index/goodDetail?id=7'))
    expect(callsTo(api, 'POST /login')[0].data).toEqual({
      username: 'player01',
      password: 'secret123',
      uuid: 'cap-1',
      code: 'ab12',
    })
    expect(Taro.getStorageSync('token')).toBe('tok-new')
    expect(getState().profile).toEqual(profile)
    // the page it returned to has settled (here: the goods is gone)
    await waitFor(() => expect(visiblePage().textContent).toContain('商品不存在或已下架'))
  })

  it('signs in by phone with an SMS code sent after the captcha', async () => {
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /sms/sendYzm': () => ({ code: 200, data: { cooldown: 60 } }),
      'POST /h5/login': () => ({ code: 200, data: { ...signedIn.data, created: true } }),
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      // home, where it ends
      ...emptyHomeApi,
      ...badgeApi,
    })
    renderApp('/login')
    await clickButton('手机登录')
    await typeInto('手机号', '13800138000')
    await typeInto('图形验证码', 'x9y8')
    await clickButton('获取验证码')
    await waitFor(() => expect(callsTo(api, 'GET /sms/sendYzm')).toHaveLength(1))
    expect(callsTo(api, 'GET /sms/sendYzm')[0].url).toBe(
      '/api/sms/sendYzm?phone=13800138000&scene=login&uuid=cap-1&code=x9y8',
    )
    await clickButton('60 秒后重发')
    expect(callsTo(api, 'GET /sms/sendYzm')).toHaveLength(1)
    // the captcha was spent: a fresh one is drawn
    await waitFor(() => expect(callsTo(api, 'GET /captchaImage')).toHaveLength(2))

    await typeInto('短信验证码', '123456')
    fireEvent.click(await byLabel('我已阅读并同意用户协议和隐私政策'))
    await clickButton('登录')
    await waitFor(() => expect(pathname()).toBe('/index/home'))
    expect(callsTo(api, 'POST /h5/login')[0].data).toEqual({ phone: '13800138000', smsCode: '123456', agree: true })
  })

  it('counts down after a refused send only when a code is already on its way', async () => {
    const refusals = [
      { code: 429, msg: '发送过于频繁，请 3540 秒后再试', data: { retryAfter: 3540 } },
      { code: 429, msg: '验证码已发送，请 42 秒后再试', data: { retryAfter: 42, codeSent: true } },
    ]
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /sms/sendYzm': () => refusals.shift() ?? { code: 500 },
    })
    renderApp('/login')
    await clickButton('手机登录')
    await typeInto('手机号', '13800138000')
    await typeInto('图形验证码', 'x9y8')
    await clickButton('获取验证码')
    await waitFor(() =>
      expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '发送过于频繁，请 3540 秒后再试' })),
    )
    // nothing was sent: the button is as it was, no countdown; the spent captcha is typed afresh
    await typeInto('图形验证码', 'k7m2')
    await clickButton('获取验证码')
    await clickButton('42 秒后重发')
    expect(callsTo(api, 'GET /sms/sendYzm')).toHaveLength(2)
  })

  it('keeps 登录 disabled until the agreement is ticked', async () => {
    mockApi({ 'GET /captchaImage': () => ({ code: 200, data: captcha }) })
    renderApp('/login')
    await typeInto('用户名', 'player01')
    await typeInto('密码', 'secret123')
    await typeInto('图形验证码', 'ab12')
    const button = document.querySelector('.taro_page_show .submit-bar__button') as HTMLElement
    expect(button.hasAttribute('disabled')).toBe(true)
  })
})

describe('register and reset', () => {
  it('registers with empty token headers, then opens login with the username filled', async () => {
    saveToken('someone-else')
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'POST /register': () => ({ code: 200, data: { userId: 9 } }),
    })
    renderApp('/register')
    await typeInto('用户名', 'newbie01')
    await typeInto('手机号', '13900139000')
    await typeInto('图形验证码', 'k3k3')
    await typeInto('短信验证码', '654321')
    await typeInto('密码', 'abc12345')
    await typeInto('确认密码', 'abc12345')
    fireEvent.click(await byLabel('我已阅读并同意用户协议和隐私政策'))
    await clickButton('注册')
    await waitFor(() => expect(pathname()).toBe('/login?username=newbie01'))
    const call = callsTo(api, 'POST /register')[0]
    expect(call.data).toEqual({
      username: 'newbie01',
      password: 'abc12345',
      phone: '13900139000',
      smsCode: '654321',
      uuid: 'cap-1',
      code: 'k3k3',
      agree: true,
    })
    expect(call.header).toMatchObject({ Token: '', Authorization: '' })
  })

  it('resets a password by phone and SMS code', async () => {
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'POST /h5/SmsforPwd': () => ({ code: 200, data: null }),
    })
    renderApp('/register?type=reset')
    await waitFor(() => expect(document.querySelector('.taro_page_show .page-title')?.textContent).toBe('找回密码'))
    expect(document.querySelector('.taro_page_show [aria-label="用户名"]')).toBeNull()
    await typeInto('手机号', '13900139000')
    await typeInto('短信验证码', '111222')
    await typeInto('新密码', 'newpass99')
    await typeInto('确认新密码', 'newpass99')
    await clickButton('重置密码')
    await waitFor(() => expect(pathname()).toBe('/login'))
    expect(callsTo(api, 'POST /h5/SmsforPwd')[0].data).toEqual({
      phone: '13900139000',
      smsCode: '111222',
      password: 'newpass99',
    })
  })
})

describe('profile', () => {
  it('edits the nickname and saves it', async () => {
    saveToken('tok-5')
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'PUT /system/user/profile': (body) => ({ code: 200, data: { ...profile, ...(body as object) } }),
    })
    renderApp('/index/other/geren')
    await typeInto('昵称', '稳稳的幸福')
    await clickButton('保存')
    await waitFor(() => expect(callsTo(api, 'PUT /system/user/profile')).toHaveLength(1))
    expect(callsTo(api, 'PUT /system/user/profile')[0].data).toMatchObject({ nickName: '稳稳的幸福' })
    await waitFor(() => expect(getState().profile?.nickName).toBe('稳稳的幸福'))
  })

  it('refuses a nickname with a phone number in it before sending it', async () => {
    saveToken('tok-5')
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
    })
    renderApp('/index/other/geren')
    await typeInto('昵称', '小王139 1234 5678')
    await waitFor(() => expect(visiblePage().textContent).toContain('昵称不能包含手机号'))
    await clickButton('保存')
    expect(callsTo(api, 'PUT /system/user/profile')).toHaveLength(0)
  })

  it('sends a signed-out visitor to login with the way back', async () => {
    mockApi({ 'GET /captchaImage': () => ({ code: 200, data: captcha }) })
    renderApp('/index/other/geren')
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
    expect(decodeURIComponent(window.location.search)).toContain('redirect=/pages/geren/index')
  })

  it('修改密码 asks for the current password when the account has one, and not otherwise', async () => {
    saveToken('tok-5')
    let current = { ...profile, phone: '138****8000' }
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /system/user/profile': () => ({ code: 200, data: current }),
      'POST /h5/SmsforPwd': () => ({ code: 200, data: null }),
    })
    renderApp('/index/other/passwore')
    await typeInto('手机号', '13800138000')
    await typeInto('短信验证码', '111222')
    await typeInto('新密码', 'newpass99')
    await typeInto('确认新密码', 'newpass99')
    const submit = () => visiblePage().querySelector('.submit-bar__button') as HTMLElement
    expect(submit().hasAttribute('disabled')).toBe(true)
    await typeInto('当前密码', 'secret123')
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    await clickButton('确认修改')
    await waitFor(() => expect(callsTo(api, 'POST /h5/SmsforPwd')).toHaveLength(1))
    expect(callsTo(api, 'POST /h5/SmsforPwd')[0].data).toEqual({
      phone: '13800138000',
      smsCode: '111222',
      password: 'newpass99',
      currentPassword: 'secret123',
    })

    current = { ...current, hasPassword: false }
    setState({ profile: current })
    renderApp('/index/other/passwore')
    await byLabel('手机号')
    expect(visiblePage().querySelector('[aria-label="当前密码"]')).toBeNull()
  })

  it('退出所有设备 asks first, then ends every session and shows login', async () => {
    saveToken('tok-5')
    const api = mockApi({
      'GET /captchaImage': () => ({ code: 200, data: captcha }),
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'POST /logout/all': () => ({ code: 200 }),
      'GET /system/user/center': () => ({ code: 200, data: { orders: {}, listings: {} } }),
      ...badgeApi,
    })
    renderApp('/index/other/mycenter')
    const everywhere = await waitFor(() => within(visiblePage()).getByText('退出所有设备'))
    fireEvent.click(everywhere)
    expect(await answerDialog(false)).toContain('退出所有设备')
    expect(callsTo(api, 'POST /logout/all')).toHaveLength(0)

    fireEvent.click(everywhere)
    await answerDialog(true)
    await waitFor(() => expect(window.location.pathname).toBe('/login'))
    expect(callsTo(api, 'POST /logout/all')).toHaveLength(1)
    expect(getState().token).toBe('')
  })
})
