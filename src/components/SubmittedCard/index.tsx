import { Text, View } from '@tarojs/components'
import GlyphIcon from '@/components/GlyphIcon'
import { openPage } from '@/navigation'
import './index.scss'

/** What replaces a request form once it is sent: done, what happens next, where to follow it (我的反馈). */
export default function SubmittedCard({ title, text, link }: { title: string; text: string; link: string }) {
  return (
    <View className="submitted-card" role="status">
      <GlyphIcon name="shield" size={64} className="submitted-card__icon" />
      <Text className="submitted-card__title">{title}</Text>
      <Text className="submitted-card__text">{text}</Text>
      <View className="submitted-card__link" role="link" onClick={() => openPage('ProblemList')}>
        <Text>{link} ›</Text>
      </View>
    </View>
  )
}
