import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import './index.scss'

interface SubmittedCardProps {
  title: string
  text: string
  /** Where to follow it. */
  link?: { text: string; open: () => void }
  icon?: GlyphName
  /** trust: done or accepted; accent: waiting; error: refused. */
  tone?: 'trust' | 'accent' | 'error'
  /** What was sent, under the text. */
  children?: ReactNode
}

/** A request once it is sent: its state, what happens next, where to follow it. */
export default function SubmittedCard({
  title,
  text,
  link,
  icon = 'shield',
  tone = 'trust',
  children,
}: SubmittedCardProps) {
  return (
    <View className="submitted-card" role="status">
      <GlyphIcon name={icon} size={64} className={`submitted-card__icon submitted-card__icon--${tone}`} />
      <Text className="submitted-card__title">{title}</Text>
      <Text className="submitted-card__text">{text}</Text>
      {children}
      {link && (
        <View className="submitted-card__link" role="link" onClick={link.open}>
          <Text>{link.text} ›</Text>
        </View>
      )}
    </View>
  )
}
