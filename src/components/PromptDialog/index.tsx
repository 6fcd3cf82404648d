import { useState } from 'react'
import { Button, Input, Text, View } from '@tarojs/components'
import './index.scss'

/** Seed §8: the default text when the input does not pass validation. */
export const DEFAULT_INVALID_TEXT = '输入的数据不合法!'

export interface PromptDialogProps {
  title: string
  message?: string
  placeholder?: string
  defaultValue?: string
  /** The value must match this pattern… */
  pattern?: RegExp
  /** …and pass this check; a string result is shown as the error. */
  validator?: (value: string) => boolean | string
  /** Shown when the pattern or validator rejects the value. */
  invalidText?: string
  confirmText?: string
  cancelText?: string
  onConfirm: (value: string) => void
  onCancel: () => void
}

/** A modal that asks for one value and refuses to confirm an invalid one. */
export default function PromptDialog({
  title,
  message,
  placeholder,
  defaultValue = '',
  pattern,
  validator,
  invalidText = DEFAULT_INVALID_TEXT,
  confirmText = '确定',
  cancelText = '取消',
  onConfirm,
  onCancel,
}: PromptDialogProps) {
  const [value, setValue] = useState(defaultValue)
  const [error, setError] = useState('')

  const confirm = () => {
    const verdict = pattern && !pattern.test(value) ? false : validator ? validator(value) : true
    if (verdict === true) {
      onConfirm(value)
      return
    }
    setError(typeof verdict === 'string' ? verdict : invalidText)
  }

  return (
    <View className="prompt-dialog" role="dialog" aria-label={title}>
      <View className="prompt-dialog__panel">
        <Text className="prompt-dialog__title">{title}</Text>
        {message && <Text className="prompt-dialog__message">{message}</Text>}
        <Input
          className={`prompt-dialog__input${error ? ' prompt-dialog__input--error' : ''}`}
          value={value}
          placeholder={placeholder}
          aria-label={title}
          focus
          onInput={(e) => {
            setValue(e.detail.value)
            setError('')
          }}
          onConfirm={confirm}
        />
        <View className="prompt-dialog__error" role="alert">
          {error}
        </View>
        <View className="prompt-dialog__actions">
          <Button className="prompt-dialog__button" onClick={onCancel}>
            {cancelText}
          </Button>
          <Button className="prompt-dialog__button prompt-dialog__button--primary" onClick={confirm}>
            {confirmText}
          </Button>
        </View>
      </View>
    </View>
  )
}
