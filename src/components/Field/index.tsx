import type { ReactNode } from 'react'
import { Input, Text, Textarea, View, type InputProps, type TextareaProps } from '@tarojs/components'
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

type TextAreaProps = Omit<TextareaProps, 'onInput' | 'value'> & {
  value: string
  onChange: (value: string) => void
  label: string
}

/** Taro's Textarea the same way, with the count of characters typed when there is a limit. */
export function TextArea({ value, onChange, label, maxlength, ...rest }: TextAreaProps) {
  return (
    <View className="field__area">
      <Textarea
        className="field__native field__textarea"
        value={value}
        aria-label={label}
        maxlength={maxlength}
        placeholderClass="field__placeholder"
        onInput={(e) => onChange(e.detail.value)}
        {...rest}
      />
      {maxlength !== undefined && maxlength > 0 && (
        <Text className="field__count">
          {value.length}/{maxlength}
        </Text>
      )}
    </View>
  )
}

/** Errors are shown once the user has typed something; an empty form is not shouted at. */
export const visibleError = (value: string, problem: string): string => (value ? problem : '')

type FieldInputProps<P> = Omit<P, 'label'> & {
  /** The field's visible label. */
  label: string
  /** The input's accessible name, when shorter than the label ("QQ" under "QQ（选填）"). */
  name?: string
  /** The check's message for the current value; shown once something is typed. */
  error?: string
}

/** A labelled one-line input with its inline error: the usual form row. */
export function InputField({ label, name, error = '', ...input }: FieldInputProps<TextInputProps>) {
  return (
    <Field label={label} error={visibleError(input.value, error)}>
      <TextInput label={name ?? label} {...input} />
    </Field>
  )
}

/** The same for a multi-line text. */
export function AreaField({ label, name, error = '', ...area }: FieldInputProps<TextAreaProps>) {
  return (
    <Field label={label} error={visibleError(area.value, error)}>
      <TextArea label={name ?? label} {...area} />
    </Field>
  )
}

/** Input settings of the usual contact numbers. */
export const PHONE_INPUT = { type: 'number', maxlength: 11 } as const
export const QQ_INPUT = { type: 'number', maxlength: 12 } as const

interface ContactFieldsProps {
  phone: string
  onPhone: (value: string) => void
  qq: string
  onQq: (value: string) => void
  /** The checks' messages of both. */
  errors: { phone: string; qq: string }
  placeholder: string
  /** Visible labels (the accessible names drop the parenthesised part). */
  labels?: { phone: string; qq: string }
}

const shortName = (label: string) => label.replace(/（.*）$/, '').replace(/\s/g, '')

/** The phone and QQ pair of the request forms. */
export function ContactFields(props: ContactFieldsProps) {
  const {
    phone,
    onPhone,
    qq,
    onQq,
    errors,
    placeholder,
    labels = { phone: '手机号（选填）', qq: 'QQ（选填）' },
  } = props
  return (
    <>
      <InputField
        label={labels.phone}
        name={shortName(labels.phone)}
        value={phone}
        onChange={onPhone}
        error={errors.phone}
        {...PHONE_INPUT}
        placeholder={placeholder}
      />
      <InputField
        label={labels.qq}
        name={shortName(labels.qq)}
        value={qq}
        onChange={onQq}
        error={errors.qq}
        {...QQ_INPUT}
        placeholder={placeholder}
      />
    </>
  )
}
