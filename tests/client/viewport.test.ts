import { installViewport, rootFontSize } from '@/viewport.h5'

describe('viewport', () => {
  it('sets the root font size to a tenth of the width, up to 540 px', () => {
    expect(rootFontSize(375)).toBe(37.5)
    expect(rootFontSize(540)).toBe(54)
    expect(rootFontSize(1440)).toBe(54)
  })

  it('follows resizes', () => {
    const width = jest.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(320)
    const stop = installViewport()
    expect(document.documentElement.style.fontSize).toBe('32px')
    width.mockReturnValue(414)
    window.dispatchEvent(new Event('resize'))
    expect(document.documentElement.style.fontSize).toBe('41.4px')
    stop()
    width.mockRestore()
  })
})
