import { Children, isValidElement, useEffect, useRef } from 'react'
import { View } from '@tarojs/components'
import type { CarouselProps } from './index'
import './index.scss'

/**
 * H5: the browser's own horizontal scrolling with scroll snapping, so a swipe moves exactly one slide with
 * the finger's momentum and no script runs while it does. Taro's Swiper is the Swiper library (~25 KB
 * gzipped, most of home's first load after React; bench/web). Autoplay goes on to the next slide and from
 * the last back to the first, and waits while the reader's finger is on it or the page is hidden.
 */
export default function Carousel({ className, children, current, onChange, autoplay, interval = 4000 }: CarouselProps) {
  const slides = Children.toArray(children)
  const track = useRef<HTMLElement | null>(null)
  const shown = useRef(current ?? 0)
  const changed = useRef(onChange)
  useEffect(() => {
    changed.current = onChange
  })

  const go = (index: number) => {
    const el = track.current
    if (el) el.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' })
  }

  useEffect(() => {
    const el = track.current
    if (!el) return
    const onScroll = () => {
      const index = Math.round(el.scrollLeft / Math.max(1, el.clientWidth))
      if (index === shown.current) return
      shown.current = index
      changed.current(index)
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [])

  useEffect(() => {
    if (current !== undefined && current !== shown.current) go(current)
  }, [current])

  const count = slides.length
  useEffect(() => {
    const el = track.current
    if (!autoplay || count < 2 || !el) return
    let held = false
    const hold = () => (held = true)
    const release = () => (held = false)
    el.addEventListener('touchstart', hold, { passive: true })
    el.addEventListener('touchend', release, { passive: true })
    const timer = setInterval(() => {
      if (!held && !document.hidden) go((shown.current + 1) % count)
    }, interval)
    return () => {
      clearInterval(timer)
      el.removeEventListener('touchstart', hold)
      el.removeEventListener('touchend', release)
    }
  }, [autoplay, count, interval])

  return (
    <View className={`carousel ${className}`} ref={(el) => (track.current = el as unknown as HTMLElement | null)}>
      {slides.map((slide, i) => (
        <View key={(isValidElement(slide) && slide.key) || i} className="carousel__slide">
          {slide}
        </View>
      ))}
    </View>
  )
}
