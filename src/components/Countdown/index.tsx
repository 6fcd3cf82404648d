import { useEffect, useRef, useState } from 'react'
import { Text } from '@tarojs/components'

const pad = (n: number) => String(n).padStart(2, '0')

/** Milliseconds left → "mm:ss" (minutes keep counting past 59: "75:00"); 0 and below → "00:00". */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`
}

interface CountdownProps {
  /** ISO-8601 moment the countdown reaches zero. */
  to: string
  /** Called once when it reaches zero. */
  onEnd?: () => void
  className?: string
}

/** A ticking mm:ss to a server time (e.g. an unpaid order's closeAt). */
export default function Countdown({ to, onEnd, className }: CountdownProps) {
  const end = Date.parse(to)
  const [left, setLeft] = useState(() => end - Date.now())
  const onEndRef = useRef(onEnd)
  useEffect(() => {
    onEndRef.current = onEnd
  })

  useEffect(() => {
    let ended = false
    const tick = () => {
      const ms = end - Date.now()
      setLeft(ms)
      if (ms <= 0 && !ended) {
        ended = true
        clearInterval(timer)
        onEndRef.current?.()
      }
    }
    const timer = setInterval(tick, 1000)
    tick()
    return () => clearInterval(timer)
  }, [end])

  return <Text className={className}>{formatCountdown(left)}</Text>
}
