import { Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import { openPage } from '@/navigation'
import './index.scss'

/** The way on from a content page: a question left → customer service. */
export default function AskService({ text = '还有疑问？客服在线时间 10:00–02:00' }: { text?: string }) {
  return (
    <View className="ask-service" role="link" onClick={() => openPage('contactkefu')}>
      <Icon name="service" size={40} />
      <Text className="ask-service__text">{text}</Text>
      <Text className="ask-service__action">联系客服</Text>
      <Icon name="right" size={24} />
    </View>
  )
}
