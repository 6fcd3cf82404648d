import Taro from '@tarojs/taro'
import { MAX_PAGE_STACK, openPage } from '@/navigation'

describe('openPage in a mini-program', () => {
  beforeEach(() => (process.env.TARO_ENV = 'weapp'))
  afterEach(() => (process.env.TARO_ENV = 'h5'))

  const stackOf = (depth: number) =>
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({})) as never)

  afterEach(() => jest.restoreAllMocks())

  it('opens on top of the stack below its limit, and reaches a tab by switchTab', async () => {
    stackOf(MAX_PAGE_STACK - 1)
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as never)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as never)
    await openPage('goodDetail', { id: 7 })
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/goodDetail/index?id=7' })
    expect(redirect).not.toHaveBeenCalled()
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({} as never)
    await openPage('sell')
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/sell/index' })
  })

  it('takes the current page’s place at the limit, where the mini-programs refuse another page', async () => {
    stackOf(MAX_PAGE_STACK)
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as never)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as never)
    await openPage('goodDetail', { id: 8 })
    expect(redirect).toHaveBeenCalledWith({ url: '/pages/goodDetail/index?id=8' })
    expect(navigate).not.toHaveBeenCalled()
  })
})
