import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { sendSmsCode } from '@/api/auth'
import type { CaptchaState } from '@/components/CaptchaField'
import type { SmsRefusal, SmsScene } from '@/contract/auth'
import { checkCaptcha, checkPhone } from '@/contract/validation'
import { ApiError, toastError } from '@/api/request'
import './index.scss'

export const SMS_COOLDOWN = 60

interface SmsCodeButtonProps {
  phone: string
  scene: SmsScene
  captcha: CaptchaState
}

/** 获取验证码 with its countdown; the captcha it spends is replaced by a fresh one. */
export default function SmsCodeButton({ phone, scene, captcha }: SmsCodeButtonProps) {
  const [seconds, setSeconds] = useState(0)
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (seconds <= 0) return
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [seconds])

  const send = async () => {
    const problem = checkPhone(phone) || checkCaptcha(captcha.code)
    if (problem) {
      void Taro.showToast({ title: problem, icon: 'none' })
      return
    }
    setSending(true)
    try {
      const result = await sendSmsCode({ phone, scene, uuid: captcha.uuid, code: captcha.code })
      setSeconds(result.data.cooldown || SMS_COOLDOWN)
      void Taro.showToast({ title: '验证码已发送', icon: 'none' })
    } catch (error) {
      // Refused, nothing was sent: no countdown — unless a code sent moments ago is still on its way.
      const refusal =
        error instanceof ApiError && error.code === 429 ? (error.data as SmsRefusal | undefined) : undefined
      if (refusal?.codeSent) setSeconds(refusal.retryAfter)
      toastError(error, '发送失败，请稍后重试')
    } finally {
      setSending(false)
      void captcha.refresh()
    }
  }

  const waiting = seconds > 0
  return (
    <View
      className={`sms-button${waiting || sending ? ' sms-button--disabled' : ''}`}
      role="button"
      aria-disabled={waiting || sending}
      onClick={() => !waiting && !sending && void send()}
    >
      <Text>{waiting ? `${seconds} 秒后重发` : sending ? '发送中…' : '获取验证码'}</Text>
    </View>
  )
}
