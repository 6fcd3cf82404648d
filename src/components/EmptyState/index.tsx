import { Button, Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import './index.scss'

interface EmptyStateProps {
  text: string
  action?: { label: string; onClick: () => void }
}

/** One illustration, one sentence, one next step — never a blank screen. */
export default function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <View className="empty-state">
      <View className="empty-state__art">
        <Icon name="box" size={96} />
      </View>
      <Text className="empty-state__text">{text}</Text>
      {action && (
        <Button className="empty-state__action" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </View>
  )
}
