import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import './index.scss'

export interface IntroStep {
  icon: GlyphName
  title: string
  text: string
}

interface StepsIntroProps {
  title: string
  steps: IntroStep[]
  /** What the page asks next, under the card ("选择要租的游戏"). */
  next: string
  /** The page's own links, under the steps. */
  children?: ReactNode
}

/** How a way of trading works, at the top of its page (竞价回收, 租号): a title, the numbered steps, links. */
export default function StepsIntro({ title, steps, next, children }: StepsIntroProps) {
  return (
    <View className="steps-intro">
      <View className="steps-intro__card">
        <Text className="steps-intro__title">{title}</Text>
        {steps.map((step, i) => (
          <View key={step.title} className="steps-intro__step">
            <GlyphIcon name={step.icon} size={40} className="steps-intro__icon" />
            <View className="steps-intro__text">
              <Text className="steps-intro__step-title">
                {i + 1}. {step.title}
              </Text>
              <Text className="steps-intro__caption">{step.text}</Text>
            </View>
          </View>
        ))}
        {children && <View className="steps-intro__links">{children}</View>}
      </View>
      <Text className="steps-intro__next">{next}</Text>
    </View>
  )
}

/** One of those links: a whole finger's reach. */
export function IntroLink({ label, onClick, role = 'link' }: { label: string; onClick: () => void; role?: string }) {
  return (
    <View className="steps-intro__link" role={role} onClick={onClick}>
      <Text>{label} ›</Text>
    </View>
  )
}
