import { useEffect, useRef, useState } from 'react'
import { Text } from '@tarojs/components'
import { serverNow } from '@/utils/time'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Milliseconds left → "mm:ss" under an hour, "hh:mm:ss" under a day, "2天03小时" from a day on (the days of
 * an auto-confirm or a protection window); 0 and below → "00:00".
 */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  const [days, hours, minutes] = [
    Math.floor(seconds / 86_400),
    Math.floor(seconds / 3600) % 24,
    Math.floor(seconds / 60) % 60,
  ]
  if (days > 0) return `${days}天${pad(hours)}小时`
  return `${hours > 0 ? `${pad(hours)}:` : ''}${pad(minutes)}:${pad(seconds % 60)}`
}

interface CountdownProps {
  /** ISO-8601 moment the countdown reaches zero. */
  to: string
  /** Called once when it reaches zero. */
  onEnd?: () => void
  className?: string
}

/** A ticking countdown to a server time (an unpaid order's closeAt, an auto-confirm), by the server's clock. */
export default function Countdown({ to, onEnd, className }: CountdownProps) {
  const end = Date.parse(to)
  const [left, setLeft] = useState(() => end - serverNow())
  const onEndRef = useRef(onEnd)
  useEffect(() => {
    onEndRef.current = onEnd
  })

  useEffect(() => {
    let ended = false
    const tick = () => {
      const ms = end - serverNow()
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
