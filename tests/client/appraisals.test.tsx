import Taro from '@tarojs/taro'
import { fireEvent, waitFor } from '@testing-library/react'
import type { Appraisal } from '@/contract/appraisals'
import { saveToken, setState } from '@/store'
import { clearGameCache } from '@/utils/games'
import { TEMPLATE_FIELDS } from '../server/helpers/catalogue'
import { byLabel, clickButton, typeInto, visiblePage } from './utils/dom'
import { badgeApi, callsTo, mockApi } from './utils/mockApi'
import { renderApp } from './utils/renderApp'
import { gameRow } from './utils/fixtures'

// Whole-app renders on a loaded 2-core machine (jest takes testTimeout only from the root config).
jest.setTimeout(30_000)

const game = gameRow()
const profile = { userId: 9, userName: 'owner', nickName: '号主', roles: ['user'] }
const page = visiblePage
const text = (selector: string) => page()?.querySelector(selector)?.textContent ?? ''
const tapLabel = async (label: string) => fireEvent.click(await byLabel(label))
const location = () => window.location.pathname + window.location.search

const appraisal = (over: Partial<Appraisal> = {}): Appraisal => ({
  id: 5,
  gameId: 1,
  gameName: '王者荣耀',
  gameType: 'mobile',
  regionIds: [11, 111],
  regionNames: ['安卓', '微信'],
  attributes: { rank: '2', skins: 120 },
  attributeRows: [
    { key: 'rank', label: '段位', value: '铂金' },
    { key: 'skins', label: '皮肤数', value: '120个' },
  ],
  description: '',
  images: ['/uploads/shot.jpg'],
  expectedPrice: 90_000,
  status: 'estimated',
  estimate: { min: 60_000, max: 84_000, point: 72_000 },
  comparableCount: 18,
  comparables: [
    {
      id: 301,
      cover: '/uploads/301.jpg',
      title: '安卓微信 铂金 118皮肤',
      price: 70_000,
      soldAt: '2026-11-10T02:00:00Z',
      similarity: 93,
    },
    {
      id: 302,
      cover: '/uploads/302.jpg',
      title: '安卓QQ 铂金 130皮肤',
      price: 79_000,
      soldAt: '2026-10-21T02:00:00Z',
      similarity: 81,
    },
  ],
  source: 'index',
  note: '',
  estimatedAt: '2026-11-24T02:00:00Z',
  createdAt: '2026-11-24T02:00:00Z',
  actions: ['sell', 'recycle'],
  ...over,
})

const pending = appraisal({
  id: 6,
  status: 'pending',
  estimate: null,
  comparableCount: 2,
  comparables: [],
  source: null,
  estimatedAt: null,
  actions: [],
})

beforeEach(() => {
  clearGameCache()
  Taro.clearStorageSync()
  setState({ token: '', profile: null })
  saveToken('tok-owner')
  jest.spyOn(Taro, 'showToast').mockResolvedValue({} as never)
})
afterEach(() => jest.restoreAllMocks())

describe('账号估价: sell → BasicInformation (mode=appraise) → commit', () => {
  it('asks only what the account is — no price, credentials or payout — and opens the result', async () => {
    const api = mockApi({
      ...badgeApi,
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /web/game/list': () => ({ code: 200, data: [game] }),
      'GET /web/gameTempAttr': () => ({
        code: 200,
        data: { gameId: 1, version: 3, fields: TEMPLATE_FIELDS.slice(0, 2) },
      }),
      'POST /account/backlist': () => ({ code: 200, data: appraisal() }),
      'GET /account/appraisal/5': () => ({ code: 200, data: appraisal() }),
    })
    renderApp('/index/sell')
    await tapLabel('账号估价：先估个价')
    await waitFor(() => expect(location()).toBe('/index/sell?mode=appraise'))
    await waitFor(() => expect(text('.sell__pick')).toBe('选择要估价的游戏'))
    fireEvent.click(page().querySelector('[aria-label="王者荣耀"]')!)
    await waitFor(() => expect(location()).toBe('/index/BasicInformation?gameId=1&mode=appraise'))

    // Step 1 done before (the form keeps its draft per game), step 2: the attributes and the optional rest.
    Taro.setStorageSync('appraiseDraft:1', {
      region: [
        { id: 11, gameId: 1, parentId: null, kind: 'system', name: '安卓', sort: 0 },
        { id: 111, gameId: 1, parentId: 11, kind: 'carrier', name: '微信', sort: 0 },
      ],
      attributes: { rank: '2', skins: '120' },
    })
    renderApp('/index/BasicInformation?gameId=1&mode=appraise')
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))
    expect(text('.basic-information')).not.toContain('实名认证')
    await clickButton('下一步')
    await byLabel('心理价位')
    for (const absent of ['游戏密码', '收款支付宝账号', '标题', '封面图'])
      expect(text('.basic-information')).not.toContain(absent)
    await typeInto('心理价位', '900')
    await clickButton('立即估价')
    await waitFor(() => expect(callsTo(api, 'POST /account/backlist')).toHaveLength(1))
    expect(callsTo(api, 'POST /account/backlist')[0].data).toEqual({
      mode: 'appraise',
      gameId: 1,
      regionIds: [11, 111],
      attributes: { rank: '2', skins: 120 },
      images: [],
      expectedPrice: 90_000,
    })
    await waitFor(() => expect(location()).toBe('/index/commit?id=5'))
    expect(Taro.getStorageSync('appraiseDraft:1')).toBeFalsy()
  })

  it('commit: the range, the deals behind it, and 我要卖 / 竞价回收 starting from the appraisal', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/appraisal/5': () => ({ code: 200, data: appraisal() }),
      'GET /web/game/list': () => ({ code: 200, data: [game] }),
      'GET /web/gameTempAttr': () => ({
        code: 200,
        data: { gameId: 1, version: 3, fields: TEMPLATE_FIELDS.slice(0, 2) },
      }),
      'POST /need/consignment/fee': () => ({
        code: 200,
        data: { price: 72_000, commission: 5_000, net: 67_000, rateBps: 500, min: 5_000 },
      }),
    })
    Taro.setStorageSync('sellDraft:1', { qq: '12345678', price: '1' })
    renderApp('/index/commit?id=5')
    await waitFor(() => expect(text('.commit__range')).toBe('¥600.00–¥840.00'))
    expect(text('.commit__point')).toBe('参考价 ¥720.00')
    expect(text('.commit__basis')).toContain('18 笔同类账号成交')
    expect(page().querySelector('.price-band')?.getAttribute('aria-label')).toBe(
      '同类成交 ¥600.00 至 ¥840.00，中位数 ¥720.00，你的心理价位 ¥900.00',
    )
    const deals = [...page().querySelectorAll('.deal-row')].map((row) => row.textContent)
    expect(deals).toHaveLength(2)
    expect(deals[0]).toContain('相似度 93%')
    expect(text('.attribute-table')).toContain('段位铂金')

    await tapLabel('我要卖')
    await waitFor(() => expect(location()).toBe('/index/BasicInformation?gameId=1'))
    // What was typed before stays; what the appraisal knows fills in.
    expect(Taro.getStorageSync('sellDraft:1')).toMatchObject({
      qq: '12345678',
      price: '720',
      attributes: { rank: '2', skins: '120' },
      images: ['/uploads/shot.jpg'],
      region: [
        { id: 11, name: '安卓', kind: 'system', parentId: null },
        { id: 111, name: '微信', kind: 'carrier', parentId: 11 },
      ],
    })
    await waitFor(() => expect(text('.basic-information')).toContain('安卓 / 微信'))

    renderApp('/index/commit?id=5')
    await tapLabel('竞价回收')
    await waitFor(() => expect(location()).toBe('/index/jingjiahuishou?gameId=1'))
    // The reserve starts at the low end of the range.
    expect(Taro.getStorageSync('recycleDraft:1')).toMatchObject({ price: '600' })
  })

  it('commit: with too few comparables, says a person appraises it and offers nothing to do yet', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/appraisal/6': () => ({ code: 200, data: pending }),
    })
    renderApp('/index/commit?id=6')
    await waitFor(() => expect(text('.commit__label')).toBe('人工估价中'))
    expect(text('.commit__point')).toContain('找到 2 笔')
    expect(page().querySelector('.price-band')).toBeNull()
    expect(page().querySelector('[aria-label="我要卖"]')).toBeNull()
  })
})

describe('Myevaluation (我的评估)', () => {
  it('lists my appraisals with their range or 待估价, each opening its result', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/allList': (_body, url) => {
        expect(url).toContain('mode=appraise')
        return { code: 200, rows: [pending, appraisal()], total: 2 }
      },
      'GET /account/appraisal/5': () => ({ code: 200, data: appraisal() }),
    })
    renderApp('/index/other/Myevaluation')
    await waitFor(() => expect(page().querySelectorAll('.my-appraisals__card')).toHaveLength(2))
    const [waiting, done] = [...page().querySelectorAll('.my-appraisals__card')].map((card) => card.textContent)
    expect(waiting).toContain('待估价')
    expect(waiting).toContain('估价师人工估价中')
    expect(done).toContain('已估价')
    expect(done).toContain('¥600.00 – ¥840.00')
    expect(done).toContain('18 笔同类成交')
    await tapLabel('王者荣耀 估价单 #5')
    await waitFor(() => expect(location()).toBe('/index/commit?id=5'))
  })

  it('with none yet, leads to 免费估价', async () => {
    mockApi({
      'GET /system/user/profile': () => ({ code: 200, data: profile }),
      'GET /account/backlist/allList': () => ({ code: 200, rows: [], total: 0 }),
      'GET /web/game/list': () => ({ code: 200, data: [game] }),
    })
    renderApp('/index/other/Myevaluation')
    await clickButton('免费估价')
    await waitFor(() => expect(location()).toBe('/index/sell?mode=appraise'))
  })
})
