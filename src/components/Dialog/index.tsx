import { Text, View } from '@tarojs/components'
import './index.scss'

export interface DialogOptions {
  title: string
  content?: string
  confirmText?: string
  cancelText?: string
  /** false: one button, for a message that only needs reading. */
  showCancel?: boolean
}

/** The house dialog: a title, a sentence, 取消 beside the filled confirm; nothing closes it but an answer. */
export default function Dialog({
  title,
  content,
  confirmText = '确定',
  cancelText = '取消',
  showCancel = true,
  onAnswer,
}: DialogOptions & { onAnswer: (confirm: boolean) => void }) {
  return (
    <View className="dialog" role="alertdialog" aria-modal="true" aria-label={title} catchMove>
      <View className="dialog__panel">
        <Text className="dialog__title">{title}</Text>
        {content && <Text className="dialog__content">{content}</Text>}
        <View className="dialog__actions">
          {showCancel && (
            <View className="dialog__button" role="button" onClick={() => onAnswer(false)}>
              <Text>{cancelText}</Text>
            </View>
          )}
          <View className="dialog__button dialog__button--primary" role="button" onClick={() => onAnswer(true)}>
            <Text>{confirmText}</Text>
          </View>
        </View>
      </View>
    </View>
  )
}
