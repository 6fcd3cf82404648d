import type { ReactNode } from 'react'
import { Input, Text, View, type InputProps } from '@tarojs/components'
import './index.scss'

interface FieldProps {
  label: string
  /** Shown under the field once the user has touched it or tried to submit. */
  error?: string
  /** Beside the input: a captcha image, a send-code button… */
  extra?: ReactNode
  children: ReactNode
}

/** One form row: the label above, the input, an inline Chinese error under it. */
export default function Field({ label, error, extra, children }: FieldProps) {
  return (
    <View className={`field${error ? ' field--error' : ''}`}>
      <Text className="field__label">{label}</Text>
      <View className="field__control">
        <View className="field__input">{children}</View>
        {extra}
      </View>
      {error ? (
        <View className="field__error" role="alert">
          {error}
        </View>
      ) : null}
    </View>
  )
}

type TextInputProps = Omit<InputProps, 'onInput' | 'value'> & {
  value: string
  onChange: (value: string) => void
  label: string
}

/** Taro's Input with a plain value/onChange pair and an accessible name. */
export function TextInput({ value, onChange, label, ...rest }: TextInputProps) {
  return (
    <Input
      className="field__native"
      value={value}
      aria-label={label}
      placeholderClass="field__placeholder"
      onInput={(e) => onChange(e.detail.value)}
      {...rest}
    />
  )
}

/** Errors are shown once the user has typed something; an empty form is not shouted at. */
export const visibleError = (value: string, problem: string): string => (value ? problem : '')
