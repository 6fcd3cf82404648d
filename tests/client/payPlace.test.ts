import { blockedReason, defaultChannel, offeredChannels, payPlaceOf, payScene } from '@/utils/payPlace'

const UA = {
  wechat:
    'Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  qq: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/9.0.50.615 V1_IPH_SQ_9.0.50_1_APP_A Pixel/1179 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 AppId/537220362 Core/WKWebView Device/Apple(iPhone 15 Pro) NetType/WIFI QBWebViewType/1 WKType/1',
  qqBrowser:
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; PGT-AN10 Build/HONORPGT-AN10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0 MQQBrowser/14.8 Mobile Safari/537.36',
  alipay:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.96.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:393|788|3.0) AlipayClient/10.5.96.6000 Language/zh-Hans Region/CN NebulaX/1.0.0',
  safari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
}

describe('where the buyer pays from', () => {
  it('tells the app around the page by its user agent, and mini-programs by the build', () => {
    expect(payPlaceOf('h5', UA.wechat)).toBe('wechat')
    expect(payPlaceOf('h5', UA.qq)).toBe('qq')
    expect(payPlaceOf('h5', UA.qqBrowser)).toBe('browser')
    expect(payPlaceOf('h5', UA.alipay)).toBe('alipay')
    expect(payPlaceOf('h5', UA.safari)).toBe('browser')
    expect(payPlaceOf('weapp', '')).toBe('weapp')
    expect(payPlaceOf('qq', '')).toBe('qq-mini')
    expect(payPlaceOf('alipay', '')).toBe('alipay-mini')
  })

  it('offers only what works there: the blocked channel sends the buyer to a browser', () => {
    expect(blockedReason('browser', 'alipay')).toBe('')
    expect(blockedReason('browser', 'wechat')).toBe('')
    expect(blockedReason('wechat', 'wechat')).toBe('')
    expect(blockedReason('wechat', 'alipay')).toBe('微信内无法打开支付宝，请在浏览器中打开本页后付款')
    expect(blockedReason('qq', 'alipay')).toMatch(/^QQ内无法打开支付宝/)
    expect(blockedReason('qq', 'wechat')).toMatch(/^QQ内无法打开微信支付/)
    expect(blockedReason('alipay', 'alipay')).toBe('')
    expect(blockedReason('alipay', 'wechat')).toMatch(/^支付宝内无法打开微信支付/)
    expect(defaultChannel('wechat')).toBe('wechat')
    expect(defaultChannel('browser')).toBe('alipay')
    // A page inside an app lists the blocked channel too (it leads to the guide); a mini-program, with no
    // browser to go to, lists only its own app's.
    const both: ('alipay' | 'wechat')[] = ['alipay', 'wechat']
    expect(offeredChannels('wechat', both)).toEqual(both)
    expect(offeredChannels('qq', both)).toEqual(both)
    expect(offeredChannels('weapp', both)).toEqual(['wechat'])
    expect(offeredChannels('qq-mini', both)).toEqual(['wechat'])
    expect(offeredChannels('alipay-mini', both)).toEqual(['alipay'])
    expect(defaultChannel('qq-mini')).toBe('wechat')
    expect(defaultChannel('alipay-mini')).toBe('alipay')
  })

  it('pays in the app’s own cashier where there is one: its browser’s bridge, the mini-programs’ own', () => {
    expect(payScene('wechat', 'wechat')).toBe('jsapi')
    expect(payScene('alipay', 'alipay')).toBe('jsapi')
    expect(payScene('weapp', 'wechat')).toBe('mini')
    expect(payScene('alipay-mini', 'alipay')).toBe('mini')
    expect(payScene('qq-mini', 'wechat')).toBe('qq-mini')
    expect(payScene('browser', 'wechat')).toBe('web')
    expect(payScene('browser', 'alipay')).toBe('web')
  })
})
