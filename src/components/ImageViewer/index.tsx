import { useEffect, useRef, useState } from 'react'
import { Image, Text, View, type CommonEvent, type ITouchEvent } from '@tarojs/components'
import { mediaUrl } from '@/api/request'
import Icon from '@/components/Icon'
import './index.scss'

/** Seed §9 defaults. */
export const VIEWER_DEFAULTS = { interval: 5000, zIndex: 2015, zoomStep: 0.1 } as const
const MIN_SCALE = 0.5
const MAX_SCALE = 4
const SWIPE_DISTANCE = 50

export interface ImageViewerProps {
  images: string[]
  /** The image shown first. */
  initialIndex?: number
  onClose: () => void
  /** Slideshow interval in ms. */
  interval?: number
  zIndex?: number
  zoomStep?: number
}

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * 10) / 10))

type Touch = { clientX: number; clientY: number }
// View declares its touch handlers with the generic event type; the event is a touch event.
const touchesOf = (e: CommonEvent) => e as unknown as ITouchEvent
const distance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)

/** Full-screen viewer: swipe or arrows between images, pinch or buttons to zoom, a timed slideshow. */
export default function ImageViewer({
  images,
  initialIndex = 0,
  onClose,
  interval = VIEWER_DEFAULTS.interval,
  zIndex = VIEWER_DEFAULTS.zIndex,
  zoomStep = VIEWER_DEFAULTS.zoomStep,
}: ImageViewerProps) {
  const count = images.length
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), Math.max(count - 1, 0)))
  const [scale, setScale] = useState(1)
  const [playing, setPlaying] = useState(false)
  const gesture = useRef<{ startX: number; pinchFrom?: number; scaleFrom: number }>({ startX: 0, scaleFrom: 1 })

  const show = (next: number) => {
    setIndex(((next % count) + count) % count)
    setScale(1)
  }

  useEffect(() => {
    if (!playing || count < 2) return
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % count)
      setScale(1)
    }, interval)
    return () => clearInterval(timer)
  }, [playing, count, interval])

  const onTouchStart = (e: CommonEvent) => {
    const [a, b] = touchesOf(e).touches
    gesture.current = { startX: a.clientX, pinchFrom: b ? distance(a, b) : undefined, scaleFrom: scale }
  }
  const onTouchMove = (e: CommonEvent) => {
    const [a, b] = touchesOf(e).touches
    const { pinchFrom, scaleFrom } = gesture.current
    if (b && pinchFrom) setScale(clampScale((scaleFrom * distance(a, b)) / pinchFrom))
  }
  const onTouchEnd = (e: CommonEvent) => {
    const { startX, pinchFrom } = gesture.current
    const end = touchesOf(e).changedTouches[0]
    if (pinchFrom || !end || scale !== 1 || count < 2) return
    const dx = end.clientX - startX
    if (Math.abs(dx) >= SWIPE_DISTANCE) show(index + (dx < 0 ? 1 : -1))
  }

  if (count === 0) return null
  return (
    <View className="image-viewer" style={{ zIndex }} role="dialog" aria-label="查看图片">
      <View className="image-viewer__top">
        <Text className="image-viewer__counter">
          {index + 1} / {count}
        </Text>
        <View className="image-viewer__button" role="button" aria-label="关闭" onClick={onClose}>
          <Icon name="close" size={44} />
        </View>
      </View>
      <View
        className="image-viewer__stage"
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
      >
        <Image
          className="image-viewer__image"
          src={mediaUrl(images[index])}
          mode="aspectFit"
          style={{ transform: `scale(${scale})` }}
          aria-label={`第 ${index + 1} 张图片`}
        />
      </View>
      <View className="image-viewer__toolbar">
        {count > 1 && (
          <View className="image-viewer__button" role="button" aria-label="上一张" onClick={() => show(index - 1)}>
            <Icon name="back" size={44} />
          </View>
        )}
        <View
          className="image-viewer__button"
          role="button"
          aria-label="缩小"
          onClick={() => setScale((s) => clampScale(s - zoomStep))}
        >
          <Icon name="zoomOut" size={44} />
        </View>
        <Text className="image-viewer__scale">{Math.round(scale * 100)}%</Text>
        <View
          className="image-viewer__button"
          role="button"
          aria-label="放大"
          onClick={() => setScale((s) => clampScale(s + zoomStep))}
        >
          <Icon name="zoomIn" size={44} />
        </View>
        {count > 1 && (
          <View
            className="image-viewer__button"
            role="button"
            aria-label={playing ? '暂停播放' : '自动播放'}
            onClick={() => setPlaying((p) => !p)}
          >
            <Icon name={playing ? 'pause' : 'play'} size={40} />
          </View>
        )}
        {count > 1 && (
          <View className="image-viewer__button" role="button" aria-label="下一张" onClick={() => show(index + 1)}>
            <Icon name="right" size={44} />
          </View>
        )}
      </View>
    </View>
  )
}
