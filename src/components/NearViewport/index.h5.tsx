import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import type { NearViewportProps } from './index'

/**
 * H5: the browser's own IntersectionObserver on the page's scroller (`.taro_page`). Taro's H5
 * createIntersectionObserver comes with its selector-query and canvas modules, more code than the lazy
 * chunk it would save from home's first load (bench/web).
 */
export default function NearViewport({ id, margin = 600, placeholder, children }: NearViewportProps) {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const place = document.getElementById(id)
    if (!place) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        setNear(true)
        observer.disconnect()
      },
      { root: place.closest('.taro_page'), rootMargin: `0px 0px ${margin}px 0px` },
    )
    observer.observe(place)
    return () => observer.disconnect()
  }, [id, margin])
  return <View id={id}>{near ? children : placeholder}</View>
}
