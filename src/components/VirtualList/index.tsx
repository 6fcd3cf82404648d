import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import Taro, { usePageScroll } from '@tarojs/taro'
import { usePageQuery } from '@/utils/selectorQuery'

/** The H5 column is at most 540 px wide (src/viewport.h5.ts); design px scale with it. */
const H5_MAX_WIDTH = 540

/** Design px (750 wide) → screen px, as Taro's rem/rpx conversion does. 0 when the screen is unknown. */
export function designToPx(size: number): number {
  const { windowWidth } = Taro.getSystemInfoSync()
  if (!windowWidth) return 0
  const width = process.env.TARO_ENV === 'h5' ? Math.min(windowWidth, H5_MAX_WIDTH) : windowWidth
  return (size * width) / 750
}

let instances = 0

interface VirtualListProps<T> {
  items: T[]
  /** Fixed height of one row in design px. */
  rowHeight: number
  itemKey: (item: T) => string | number
  renderItem: (item: T, index: number) => ReactNode
  /** Rows kept above and below the screen. */
  overscan?: number
  /** Called when the screen comes within `endThreshold` rows of the last item (load the next page). */
  onEndReached?: () => void
  endThreshold?: number
}

/**
 * A window over a long list in the page's own scroll: only the rows on screen (plus `overscan`) are in
 * the tree, between two spacers that keep the full height — smooth with thousands of loaded cards.
 * Where the screen size is unknown (tests without a layout) it renders every row.
 */
export default function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, itemKey, renderItem, overscan = 6, onEndReached, endThreshold = 8 } = props
  const [id] = useState(() => `virtual-list-${++instances}`)
  const [rowPx] = useState(() => designToPx(rowHeight))
  const [viewport] = useState(() => Taro.getSystemInfoSync().windowHeight || 0)
  const windowed = rowPx > 0 && viewport > 0
  const initialCount = windowed ? Math.ceil(viewport / rowPx) + overscan : items.length
  const [range, setRange] = useState<[number, number]>([0, initialCount])
  const measuring = useRef(false)
  const pageQuery = usePageQuery()
  const count = items.length
  const countRef = useRef(count)
  const endReached = useRef(onEndReached)
  useEffect(() => {
    countRef.current = count
    endReached.current = onEndReached
  })

  /** Where the list's top is on screen decides which rows are visible. */
  const measure = useCallback(() => {
    if (!windowed || measuring.current) return
    measuring.current = true
    pageQuery()
      .select(`#${id}`)
      .boundingClientRect()
      .exec((result) => {
        measuring.current = false
        const rect = result?.[0] as { top: number } | null
        if (!rect) return
        const hidden = Math.max(0, -rect.top)
        const first = Math.max(0, Math.floor(hidden / rowPx) - overscan)
        const lastOnScreen = Math.ceil((hidden + viewport) / rowPx)
        const last = lastOnScreen + overscan
        setRange((old) => (old[0] === first && old[1] === last ? old : [first, last]))
        // Independent of the page's reach-bottom event, which fires once per approach to the end.
        if (lastOnScreen >= countRef.current - endThreshold) endReached.current?.()
      })
  }, [endThreshold, id, overscan, pageQuery, rowPx, viewport, windowed])

  usePageScroll(measure)
  useEffect(measure, [measure, count])

  const [first, last] = windowed ? [Math.min(range[0], count), Math.min(range[1], count)] : [0, count]
  const px = (rows: number) => `${rows * rowPx}px`
  return (
    <View id={id} className="virtual-list" style={windowed ? { height: px(count) } : undefined}>
      {windowed && <View style={{ height: px(first) }} />}
      {items.slice(first, last).map((item, i) => (
        <View key={itemKey(item)} style={windowed ? { height: px(1) } : undefined}>
          {renderItem(item, first + i)}
        </View>
      ))}
    </View>
  )
}
