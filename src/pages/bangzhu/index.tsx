import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import AskService from '@/components/AskService'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import NoticeList from '@/components/NoticeList'
import type { NoticeType } from '@/contract/content'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import './index.scss'

const CATEGORIES: { type: NoticeType; label: string; hint: string; icon: GlyphName }[] = [
  { type: 'cjwt', label: '常见问题', hint: '疑问速查', icon: 'check' },
  { type: 'gmzn', label: '购买指南', hint: '买号流程', icon: 'deal' },
  { type: 'mhzn', label: '卖号指南', hint: '卖号流程', icon: 'fire' },
  { type: 'bpjs', label: '包赔介绍', hint: '被找回怎么赔', icon: 'shield' },
]

/** 帮助中心: the help categories; the chosen one's articles → helpdetail. */
export default function BangzhuPage() {
  const [type, setType] = useState<NoticeType>(CATEGORIES[0].type)
  return (
    <OtherShell>
      <View className="bangzhu" role="tablist" aria-label="帮助分类">
        {CATEGORIES.map((category) => (
          <View
            key={category.type}
            role="tab"
            aria-selected={category.type === type}
            className={`bangzhu__category${category.type === type ? ' bangzhu__category--on' : ''}`}
            onClick={() => setType(category.type)}
          >
            <GlyphIcon name={category.icon} size={44} className="bangzhu__icon" />
            <Text className="bangzhu__label">{category.label}</Text>
            <Text className="bangzhu__hint">{category.hint}</Text>
          </View>
        ))}
      </View>
      <NoticeList key={type} type={type} onOpen={(notice) => openPage('helpdetail', { id: notice.id })} />
      <View className="bangzhu__foot">
        <AskService text="没找到答案？客服在线 10:00–02:00" />
        <View className="bangzhu__feedback" role="link" onClick={() => openPage('suggest')}>
          <Text>提交建议或投诉</Text>
        </View>
      </View>
    </OtherShell>
  )
}
