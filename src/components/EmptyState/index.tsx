import { Button, Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import { goBack } from '@/navigation'
import type { Failure } from '@/utils/useRecord'
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

/** A record that did not load: one that is not there sends the viewer back; a network failure offers 重试. */
export function LoadFailed({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  return (
    <EmptyState
      text={failure.text}
      action={failure.missing ? { label: '返回', onClick: goBack } : { label: '重试', onClick: onRetry }}
    />
  )
}
