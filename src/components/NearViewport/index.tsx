import { useState, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import Taro, { useReady } from '@tarojs/taro'

export interface NearViewportProps {
  /** Unique on the page: the observer finds the place by it. */
  id: string
  /** How far below the screen the place may still be when its content starts (px). */
  margin?: number
  /** What stands in the place until then, sized like the content so nothing shifts. */
  placeholder: ReactNode
  children: ReactNode
}

/**
 * Content further down a page that is rendered only once the reader scrolls within `margin` of it, so
 * its code (a lazy chunk) is not part of the page's first load. Taro's intersection observer works the
 * same in the H5 and the mini-programs.
 */
export default function NearViewport({ id, margin = 600, placeholder, children }: NearViewportProps) {
  const [near, setNear] = useState(false)
  useReady(() => {
    const observer = Taro.createIntersectionObserver(Taro.getCurrentInstance().page as never)
    observer.relativeToViewport({ bottom: margin }).observe(`#${id}`, (result) => {
      if (!result.intersectionRatio) return
      setNear(true)
      observer.disconnect()
    })
  })
  return <View id={id}>{near ? children : placeholder}</View>
}
