import { Children, isValidElement, type ReactNode } from 'react'
import { Swiper, SwiperItem } from '@tarojs/components'

export interface CarouselProps {
  className: string
  /** One element per slide, each with its key. */
  children: ReactNode
  /** The slide to show; a change moves there. */
  current?: number
  onChange: (index: number) => void
  /** Moves on by itself every `interval` ms (until the reader touches it). */
  autoplay?: boolean
  interval?: number
}

/**
 * Slides side by side, one at a time: home's banners, a listing's photos. In the mini-programs it is the
 * platform's own swiper (circular); the H5 has its own (index.h5.tsx) that keeps Swiper's library out of
 * the first load.
 */
export default function Carousel({ className, children, current, onChange, autoplay, interval = 4000 }: CarouselProps) {
  const slides = Children.toArray(children)
  return (
    <Swiper
      className={className}
      current={current}
      autoplay={autoplay && slides.length > 1}
      interval={interval}
      circular={slides.length > 1}
      onChange={(e) => onChange(e.detail.current)}
    >
      {slides.map((slide, i) => (
        <SwiperItem key={(isValidElement(slide) && slide.key) || i}>{slide}</SwiperItem>
      ))}
    </Swiper>
  )
}
