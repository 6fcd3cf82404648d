import { useCallback, useEffect, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import Field, { TextInput } from '@/components/Field'
import { fetchCaptcha } from '@/api/auth'
import type { Captcha } from '@/contract/auth'
import './index.scss'

export interface CaptchaState {
  uuid: string
  img: string
  code: string
  setCode: (code: string) => void
  /** A captcha is good for one check: ask for a new one after every use. */
  refresh: () => Promise<void>
}

export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [code, setCode] = useState('')
  const load = useCallback(
    () =>
      fetchCaptcha().then(
        (result) => setCaptcha(result.data),
        () => setCaptcha(null),
      ),
    [],
  )
  const refresh = useCallback(async () => {
    setCode('')
    await load()
  }, [load])
  useEffect(() => {
    void load()
  }, [load])
  return { uuid: captcha?.uuid ?? '', img: captcha?.img ?? '', code, setCode, refresh }
}

/** The captcha input with its image; tapping the image draws a new one. */
export default function CaptchaField({ captcha, error }: { captcha: CaptchaState; error?: string }) {
  const image = (
    <View
      className="captcha-field__image"
      role="button"
      aria-label="看不清？换一张"
      onClick={() => void captcha.refresh()}
    >
      {captcha.img ? (
        <Image className="captcha-field__img" src={captcha.img} mode="aspectFit" aria-label="图形验证码" />
      ) : (
        <Text className="captcha-field__retry">点击刷新</Text>
      )}
    </View>
  )
  return (
    <Field label="图形验证码" error={error} extra={image}>
      <TextInput
        label="图形验证码"
        value={captcha.code}
        onChange={captcha.setCode}
        maxlength={6}
        placeholder="请输入右侧验证码"
      />
    </Field>
  )
}
