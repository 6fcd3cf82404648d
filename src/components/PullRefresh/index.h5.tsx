import { useEffect, useRef, useState } from 'react'
import { Text, View } from '@tarojs/components'
import './index.scss'

/** How far (px) the finger pulls, after damping, before letting go reloads. */
const THRESHOLD = 56
const MAX_PULL = 90

type Phase = 'idle' | 'pulling' | 'ready' | 'refreshing'

const LABELS: Record<Phase, string> = {
  idle: '',
  pulling: '下拉刷新',
  ready: '松开刷新',
  refreshing: '正在刷新…',
}

/**
 * H5 pull-to-refresh for list pages (the mini-programs pull natively, see usePagedList): a pull down
 * while the page is at its top shows how far there is to go, and letting go past the mark reloads.
 * Taro's own H5 pull-down is not used: it reads the scroll position of its own wrapper (always 0) and so
 * took every downward swipe, even mid-list.
 */
export default function PullRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const [phase, setPhase] = useState<Phase>('idle')
  const [pull, setPull] = useState(0)
  const anchor = useRef<HTMLElement | null>(null)
  const refreshRef = useRef(onRefresh)
  useEffect(() => {
    refreshRef.current = onRefresh
  })

  useEffect(() => {
    let startY: number | null = null
    let distance = 0
    let busy = false
    // Only the page on top (the pages below stay in the document) and only from the very top of it.
    const onTop = () => {
      const shown = document.querySelectorAll('.taro_page_show:not(.taro_page_shade)')
      return Boolean(anchor.current && shown[shown.length - 1]?.contains(anchor.current)) && window.scrollY <= 0
    }
    const start = (e: TouchEvent) => {
      startY = !busy && onTop() ? e.touches[0].clientY : null
      distance = 0
    }
    const move = (e: TouchEvent) => {
      if (startY === null) return
      const dy = e.touches[0].clientY - startY
      if (dy <= 0 || window.scrollY > 0) {
        distance = 0
        setPhase('idle')
        setPull(0)
        return
      }
      distance = Math.min(MAX_PULL, dy * 0.5)
      if (e.cancelable) e.preventDefault()
      setPull(distance)
      setPhase(distance >= THRESHOLD ? 'ready' : 'pulling')
    }
    const end = () => {
      if (startY === null) return
      startY = null
      if (distance < THRESHOLD) {
        setPhase('idle')
        setPull(0)
        return
      }
      busy = true
      setPhase('refreshing')
      setPull(THRESHOLD)
      refreshRef.current().finally(() => {
        busy = false
        setPhase('idle')
        setPull(0)
      })
    }
    document.addEventListener('touchstart', start, { passive: true })
    document.addEventListener('touchmove', move, { passive: false })
    document.addEventListener('touchend', end)
    document.addEventListener('touchcancel', end)
    return () => {
      document.removeEventListener('touchstart', start)
      document.removeEventListener('touchmove', move)
      document.removeEventListener('touchend', end)
      document.removeEventListener('touchcancel', end)
    }
  }, [])

  return (
    <View
      ref={(el) => (anchor.current = el as unknown as HTMLElement | null)}
      className={`pull-refresh pull-refresh--${phase}`}
      style={{ height: `${pull}px` }}
      role="status"
      aria-live="polite"
    >
      {phase !== 'idle' && (
        <Text className="pull-refresh__label">
          {phase === 'refreshing' && <Text className="pull-refresh__spinner" aria-hidden="true" />}
          {LABELS[phase]}
        </Text>
      )}
    </View>
  )
}
