import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { useState } from 'react'
import TestUtils from '@tarojs/test-utils-react'
import { waitFor } from '@testing-library/react'
import Carousel, { type CarouselProps } from '@/components/Carousel'
import ImageUploader from '@/components/ImageUploader'
import ImageViewer, { VIEWER_DEFAULTS } from '@/components/ImageViewer'
import PromptDialog, { DEFAULT_INVALID_TEXT } from '@/components/PromptDialog'
import Countdown from '@/components/Countdown'
import Tabs from '@/components/Tabs'
import { noteServerDate, serverNow } from '@/utils/time'

const testUtils = new TestUtils()
const $ = (selector: string) => document.querySelector(selector) as HTMLElement
const click = (label: string) =>
  testUtils.act(() => testUtils.fireEvent.click(document.querySelector(`[aria-label="${label}"]`) as HTMLElement))

afterEach(() => {
  jest.useRealTimers()
  testUtils.unmout()
})

describe('ImageViewer', () => {
  const images = ['/a.png', '/b.png', '/c.png']

  it('opens on the chosen image above everything, zooms by 0.1 and closes', async () => {
    expect(VIEWER_DEFAULTS).toEqual({ interval: 5000, zIndex: 2015, zoomStep: 0.1 })
    const onClose = jest.fn()
    await testUtils.mount(ImageViewer, { props: { images, initialIndex: 1, onClose } })
    const viewer = await testUtils.queries.waitForQuerySelector('.image-viewer')
    expect((viewer as HTMLElement).style.zIndex).toBe('2015')
    expect($('.image-viewer__counter').textContent).toBe('2 / 3')
    await click('放大')
    expect($('.image-viewer__scale').textContent).toBe('110%')
    await click('放大')
    await click('缩小')
    await click('缩小')
    await click('缩小')
    expect($('.image-viewer__scale').textContent).toBe('90%')
    await click('下一张')
    expect($('.image-viewer__counter').textContent).toBe('3 / 3')
    expect($('.image-viewer__scale').textContent).toBe('100%')
    await click('下一张')
    expect($('.image-viewer__counter').textContent).toBe('1 / 3')
    await click('关闭')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('plays a slideshow every 5000 ms until paused', async () => {
    await testUtils.mount(ImageViewer, { props: { images, onClose: () => undefined } })
    await testUtils.queries.waitForQuerySelector('.image-viewer')
    jest.useFakeTimers()
    await click('自动播放')
    await testUtils.act(() => jest.advanceTimersByTime(4999))
    expect($('.image-viewer__counter').textContent).toBe('1 / 3')
    await testUtils.act(() => jest.advanceTimersByTime(1))
    expect($('.image-viewer__counter').textContent).toBe('2 / 3')
    await click('暂停播放')
    await testUtils.act(() => jest.advanceTimersByTime(20000))
    expect($('.image-viewer__counter').textContent).toBe('2 / 3')
  })
})

describe('PromptDialog', () => {
  it('refuses invalid input with the default text and confirms valid input', async () => {
    const onConfirm = jest.fn()
    await testUtils.mount(PromptDialog, {
      props: { title: '修改价格', pattern: /^\d+$/, defaultValue: 'abc', onConfirm, onCancel: () => undefined },
    })
    await testUtils.queries.waitForQuerySelector('.prompt-dialog')
    await testUtils.act(() => testUtils.fireEvent.click($('.prompt-dialog__button--primary')))
    expect(onConfirm).not.toHaveBeenCalled()
    expect($('.prompt-dialog__error').textContent).toBe(DEFAULT_INVALID_TEXT)
    expect(DEFAULT_INVALID_TEXT).toBe('输入的数据不合法!')
  })

  it('passes a valid value on and lets 取消 close', async () => {
    const onConfirm = jest.fn()
    const onCancel = jest.fn()
    await testUtils.mount(PromptDialog, {
      props: { title: '昵称', defaultValue: '小明', validator: (v: string) => v.length > 0, onConfirm, onCancel },
    })
    await testUtils.queries.waitForQuerySelector('.prompt-dialog')
    await testUtils.act(() => testUtils.fireEvent.click($('.prompt-dialog__button--primary')))
    expect(onConfirm).toHaveBeenCalledWith('小明')
    await testUtils.act(() =>
      testUtils.fireEvent.click($('.prompt-dialog__button:not(.prompt-dialog__button--primary)')),
    )
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})

describe('ImageUploader', () => {
  it('shows how much of the picture going up has been sent, then its thumbnail', async () => {
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:1'] } as never)
    let progress: (update: { progress: number }) => void = () => undefined
    let finish: () => void = () => undefined
    jest.spyOn(Taro, 'uploadFile').mockImplementation((() => {
      const task = new Promise((resolve) => {
        finish = () =>
          resolve({
            statusCode: 200,
            data: JSON.stringify({ code: 200, msg: 'ok', data: { url: '/uploads/x.png', width: 1, height: 1 } }),
          })
      })
      return Object.assign(task, { onProgressUpdate: (callback: typeof progress) => (progress = callback) })
    }) as never)
    const onChange = jest.fn()
    await testUtils.mount(ImageUploader, { props: { value: [], onChange, max: 3 } })
    await click('添加图片')
    await testUtils.queries.waitForQuerySelector('[role=progressbar]')
    await testUtils.act(() => progress({ progress: 42 }))
    expect($('[role=progressbar]').textContent).toBe('上传中 42%')
    await testUtils.act(async () => finish())
    await testUtils.act(async () => undefined)
    expect(onChange).toHaveBeenCalledWith(['/uploads/x.png'])
    jest.restoreAllMocks()
  })
})

describe('Carousel (H5)', () => {
  const slides = ['一', '二', '三']
  /** jsdom lays nothing out: the track's width and scroll position are set by hand, and scrollTo records. */
  const track = () => {
    const el = $('.carousel')
    Object.defineProperty(el, 'clientWidth', { configurable: true, value: 300 })
    const moves: number[] = []
    el.scrollTo = ((options: ScrollToOptions) => {
      moves.push(options.left ?? 0)
      el.scrollLeft = options.left ?? 0
      el.dispatchEvent(new Event('scroll'))
    }) as typeof el.scrollTo
    return { el, moves }
  }
  const mount = async (props: Partial<CarouselProps> & Pick<CarouselProps, 'onChange'>) => {
    await testUtils.mount(Carousel, {
      props: { className: 'frame', children: slides.map((s) => <span key={s}>{s}</span>), ...props },
    })
    await testUtils.queries.waitForQuerySelector('.carousel')
  }

  it('puts each slide in its own snapping box and reports the slide a swipe stops on', async () => {
    const onChange = jest.fn()
    await mount({ onChange })
    expect(document.querySelectorAll('.carousel__slide')).toHaveLength(3)
    expect($('.carousel').className).toContain('frame')
    const { el } = track()
    // A swipe past the middle of the second slide: the second is the one shown, reported once.
    el.scrollLeft = 320
    await testUtils.act(() => el.dispatchEvent(new Event('scroll')))
    el.scrollLeft = 300
    await testUtils.act(() => el.dispatchEvent(new Event('scroll')))
    expect(onChange.mock.calls).toEqual([[1]])
  })

  it('plays on by itself round the slides, and waits while a finger is on it', async () => {
    const onChange = jest.fn()
    // Autoplay starts once fake timers are in place (mounting waits on real ones).
    function Harness() {
      const [playing, setPlaying] = useState(false)
      return (
        <>
          <button type="button" aria-label="play" onClick={() => setPlaying(true)} />
          <Carousel className="frame" autoplay={playing} interval={1000} onChange={onChange}>
            {slides.map((s) => (
              <span key={s}>{s}</span>
            ))}
          </Carousel>
        </>
      )
    }
    await testUtils.mount(Harness, { props: {} })
    await testUtils.queries.waitForQuerySelector('.carousel')
    jest.useFakeTimers()
    await click('play')
    const { el, moves } = track()
    await testUtils.act(() => jest.advanceTimersByTime(1000))
    await testUtils.act(() => jest.advanceTimersByTime(1000))
    expect(moves).toEqual([300, 600])
    el.dispatchEvent(new Event('touchstart'))
    await testUtils.act(() => jest.advanceTimersByTime(3000))
    expect(moves).toEqual([300, 600])
    el.dispatchEvent(new Event('touchend'))
    await testUtils.act(() => jest.advanceTimersByTime(1000))
    // From the last back to the first.
    expect(moves).toEqual([300, 600, 0])
    expect(onChange.mock.calls).toEqual([[1], [2], [0]])
  })
})

describe('Countdown', () => {
  // Back to the phone's own clock for the tests after.
  afterEach(() => noteServerDate({ date: new Date().toUTCString() }, Date.now()))

  it('counts by the server’s clock when the phone’s is minutes off', async () => {
    // The server's answers say it is 10 minutes later than the phone thinks.
    noteServerDate({ Date: new Date(Date.now() + 10 * 60_000).toUTCString() }, Date.now())
    const closeAt = new Date(Date.now() + 25 * 60_000).toISOString()
    await testUtils.mount(Countdown, { props: { to: closeAt, className: 'clock' } })
    const shown = (await testUtils.queries.waitForQuerySelector('.clock')) as HTMLElement
    // 15 minutes left by the server's clock (25 by the phone's), give or take the header's whole seconds.
    const [minutes, seconds] = shown.textContent!.split(':').map(Number)
    expect(Math.abs(minutes * 60 + seconds - 15 * 60)).toBeLessThanOrEqual(2)
  })

  it('takes a clock within a second or so as right', () => {
    noteServerDate({ date: new Date(Date.now() + 1_000).toUTCString() }, Date.now())
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(5)
    noteServerDate({ date: 'not a date' }, Date.now())
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(5)
  })
})

describe('Tabs', () => {
  it('measures itself in its own page, also when a link opens the next page right after a tab is tapped', async () => {
    const errors: string[] = []
    const onError = (event: ErrorEvent) => {
      errors.push(event.message)
      event.preventDefault()
    }
    window.addEventListener('error', onError)
    const measured: unknown[] = []
    const createQuery = Taro.createSelectorQuery
    const spy = jest.spyOn(Taro, 'createSelectorQuery').mockImplementation(() => {
      const query = createQuery()
      const exec = query.exec.bind(query)
      query.exec = (callback) => exec((result) => (measured.push(result), callback?.(result)))
      return query
    })
    const current = Current as { page: unknown }
    const ownPage = current.page
    const path = '/index/MyProducts'
    document.body.innerHTML = `<div id="${path}" class="taro_page"></div>`
    current.page = { path, $taroPath: path }
    try {
      const tabs = [
        { value: 'all', label: '全部' },
        { value: 'trading', label: '交易中' },
      ]
      function Switching() {
        const [value, setValue] = useState('all')
        return <Tabs tabs={tabs} value={value} onChange={setValue} />
      }
      await testUtils.mount(Switching, { container: document.getElementById(path)! })
      await waitFor(() => expect(measured).toHaveLength(1))
      // A tab tapped: the tabs measure again a tick later, and meanwhile a link opens the next page, whose
      // element comes later still.
      testUtils.act(() => testUtils.fireEvent.click(document.querySelectorAll('[role="tab"]')[1]))
      const next = '/index/orderDetail?id=1'
      current.page = { path: next, $taroPath: next }
      await waitFor(() => expect(measured).toHaveLength(2))
    } finally {
      current.page = ownPage
      window.removeEventListener('error', onError)
      spy.mockRestore()
    }
    expect(errors).toEqual([])
    // the box, the row and the active tab, each found in the tabs' own page
    expect(measured[1]).toEqual([expect.any(Object), expect.any(Object), expect.any(Object)])
  })
})
