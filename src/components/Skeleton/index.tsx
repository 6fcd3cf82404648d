import { View } from '@tarojs/components'
import './index.scss'

/** A grey shimmering block shaped like the content it stands for (the caller sizes it). */
export default function Skeleton({ className = '' }: { className?: string }) {
  return <View className={`skeleton-block ${className}`} aria-hidden />
}
