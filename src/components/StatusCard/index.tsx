import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import LazyImage from '@/components/LazyImage'
import Skeleton from '@/components/Skeleton'
import './index.scss'

/** The colour a status is shown in: in progress, done well, needs attention, over. */
export type StatusTone = 'accent' | 'info' | 'trust' | 'error' | 'hint'

interface StatusCardProps {
  /** When it happened, as the list shows it. */
  time: string
  status: string
  tone: StatusTone
  /** Names the card for screen readers; the card opens `onOpen`. */
  label: string
  onOpen: () => void
  /** The page's own class, for its layout and its tests. */
  className?: string
  children: ReactNode
}

/** A card of a "my …" list (orders, listings): the time and the status on top, the rest below. */
export default function StatusCard({ time, status, tone, label, onOpen, className = '', children }: StatusCardProps) {
  return (
    <View className={`status-card ${className}`} role="link" aria-label={label} onClick={onOpen}>
      <View className="status-card__head">
        <Text className="status-card__time">{time}</Text>
        <Text className={`status-card__status status-card__status--${tone}`}>{status}</Text>
      </View>
      {children}
    </View>
  )
}

/** Three grey cards while the first page loads; `children` is the body of one. */
export function StatusCardSkeleton({ children }: { children: ReactNode }) {
  return (
    <View className="status-card-list" aria-label="加载中">
      {[0, 1, 2].map((i) => (
        <View key={i} className="status-card">
          <Skeleton className="skeleton-line skeleton-line--tiny" />
          {children}
        </View>
      ))}
    </View>
  )
}

/** The account a card is about: its picture, title and a line or two under it (and a price, as children). */
export function StatusCardGoods(props: { cover: string; title: string; lines: string[]; children?: ReactNode }) {
  const { cover, title, lines, children } = props
  return (
    <View className="status-card__goods">
      <LazyImage className="status-card__cover" src={cover} alt={title} />
      <View className="status-card__info">
        <Text className="status-card__title">{title}</Text>
        {lines.map((line) => (
          <Text key={line} className="status-card__meta">
            {line}
          </Text>
        ))}
        {children}
      </View>
    </View>
  )
}

/** The grey stand-in of StatusCardGoods while a list loads. */
export function StatusCardGoodsSkeleton() {
  return (
    <StatusCardSkeleton>
      <View className="status-card__goods">
        <Skeleton className="status-card__cover" />
        <View className="status-card__info">
          <Skeleton className="skeleton-line" />
          <Skeleton className="skeleton-line skeleton-line--short" />
        </View>
      </View>
    </StatusCardSkeleton>
  )
}
