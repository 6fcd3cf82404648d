import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import Icon from '@/components/Icon'

/** A home section: icon, title, a hint, 更多 (when there is more), then its content. */
export default function Section(props: {
  icon: GlyphName
  title: string
  hint?: string
  more?: () => void
  children: ReactNode
}) {
  const { icon, title, hint, more, children } = props
  return (
    <View className="home__section">
      <View className="home__section-head">
        <GlyphIcon name={icon} size={36} className="home__section-icon" />
        <Text className="home__section-title">{title}</Text>
        {hint && <Text className="home__section-hint">{hint}</Text>}
        {more && (
          <View className="home__more" role="button" aria-label={`${title} 更多`} onClick={more}>
            <Text>更多</Text>
            <Icon name="right" size={24} />
          </View>
        )}
      </View>
      {children}
    </View>
  )
}
