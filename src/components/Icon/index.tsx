import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import './index.scss'

/** 24×24 stroke drawings; the icon takes the text colour of its parent (it is a CSS mask). */
const paths = {
  home: '<path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"/>',
  buy: '<path d="M5 8h14l-1 13H6z"/><path d="M9 8V7a3 3 0 0 1 6 0v1"/>',
  sell: '<path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z"/><circle cx="7.5" cy="7.5" r="1.5"/>',
  message: '<path d="M4 5h16v11H9l-5 4z"/><path d="M8 10h8"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21c0-4 4-6 8-6s8 2 8 6"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>',
  back: '<path d="M15 5l-7 7 7 7"/>',
  right: '<path d="m9 5 7 7-7 7"/>',
  menu: '<path d="M4 6h16M4 12h16M4 18h16"/>',
  service:
    '<path d="M4 14v-2a8 8 0 0 1 16 0v2"/><rect x="3" y="14" width="4" height="6" rx="1"/><rect x="17" y="14" width="4" height="6" rx="1"/>',
  close: '<path d="M6 6l12 12M18 6 6 18"/>',
  zoomIn: '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5M8 11h6M11 8v6"/>',
  zoomOut: '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5M8 11h6"/>',
  play: '<path d="M7 4v16l13-8z"/>',
  pause: '<path d="M8 5v14M16 5v14"/>',
  box: '<path d="M4 7l8-4 8 4v10l-8 4-8-4z"/><path d="M4 7l8 4 8-4M12 11v10"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  share:
    '<circle cx="18" cy="5" r="2.5"/><circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="19" r="2.5"/><path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4"/>',
} as const

export type IconName = keyof typeof paths

interface IconProps<N extends string> {
  name: N
  /** In design px (750 wide). */
  size?: number
  className?: string
}

/**
 * An icon component over a set of drawings: each drawing becomes a cached SVG data URL used as a CSS
 * mask, so the icon takes its parent's text colour. The sets stay apart so a page loads only its own.
 */
export function iconSet<N extends string>(drawings: Record<N, string>) {
  const cache = new Map<N, string>()
  const maskUrl = (name: N): string => {
    let url = cache.get(name)
    if (!url) {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" ' +
        `stroke-linecap="round" stroke-linejoin="round">${drawings[name]}</svg>`
      url = `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`
      cache.set(name, url)
    }
    return url
  }
  return function SetIcon({ name, size = 40, className = '' }: IconProps<N>) {
    const box = Taro.pxTransform(size)
    const mask = maskUrl(name)
    return (
      <View
        className={`icon ${className}`}
        aria-hidden
        style={{ width: box, height: box, WebkitMaskImage: mask, maskImage: mask }}
      />
    )
  }
}

/** The shell's and the shared components' drawings. */
const Icon = iconSet(paths)
export default Icon
