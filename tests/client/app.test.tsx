import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'
import { routes } from '@/routes'
import { emptyHomeApi, mockApi } from './utils/mockApi'
import { renderApp } from './utils/renderApp'

const titleShown = async (title: string) =>
  waitFor(() => expect(document.querySelector('.page-title, .tab-bar__item--active')?.textContent).toBe(title), {
    timeout: 4000,
  })

// Home, the goods list and 公告 (one of the single-page notices) answered empty: this file is about the shell, not the content.
beforeEach(() => {
  mockApi(emptyHomeApi)
})
afterEach(() => jest.restoreAllMocks())

describe('the H5 app', () => {
  it('renders a route at its URL with its shell and title', async () => {
    renderApp('/index/goodList')
    await titleShown('商品列表')
    expect(window.location.pathname).toBe('/index/goodList')
    expect(document.querySelector('.main-shell')).not.toBeNull()
  })

  it('opens home for /', async () => {
    renderApp('/')
    await titleShown('首页')
    expect(window.location.pathname).toBe('/index/home')
    expect(document.querySelectorAll('.tab-bar__item')).toHaveLength(5)
  })

  it('sends unknown URLs home', async () => {
    renderApp('/no/such/page')
    await waitFor(() => expect(window.location.pathname).toBe('/index/home'), { timeout: 4000 })
  })

  it('frames personal-centre pages with the other shell and navigates by URL', async () => {
    renderApp('/index/other/gonggao')
    await titleShown('公告')
    expect(document.querySelector('.other-shell')).not.toBeNull()
    await Taro.navigateTo({ url: '/pages/bangzhu/index' })
    await waitFor(() => expect(window.location.pathname).toBe('/index/other/bangzhu'))
  })

  it('registers the 47 seed routes, the merchants’ two, the deal room, after-sale, 包赔, 评价, the seller’s page, a rental and a ticket beside them', () => {
    expect(routes).toHaveLength(57)
    expect(new Set(routes.map((r) => r.url)).size).toBe(57)
    expect(routes.filter((r) => ['recycleHall', 'myQuotes'].includes(r.name)).map((r) => r.url)).toEqual([
      '/index/other/recycleHall',
      '/index/other/myQuotes',
    ])
  })
})
