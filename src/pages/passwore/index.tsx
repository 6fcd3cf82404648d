import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resetPassword } from '@/api/auth'
import { ApiError } from '@/api/request'
import CaptchaField, { useCaptcha } from '@/components/CaptchaField'
import Field, { TextInput } from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import SubmitBar from '@/components/SubmitBar'
import { checkPassword, checkPhone, checkSmsCode, maskPhone } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { goBack } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import './index.scss'

const shown = (value: string, problem: string) => (value ? problem : '')

/** 修改密码: proven by an SMS code to the account's own phone; every other session ends. */
export default function PassworePage() {
  const signedIn = useRequireLogin()
  const accountPhone = useAppState((s) => s.profile?.phone ?? '')
  const [phone, setPhone] = useState('')
  const [smsCode, setSmsCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [saving, setSaving] = useState(false)
  const captcha = useCaptcha()

  const phoneProblem = checkPhone(phone) || (accountPhone && phone !== accountPhone ? '请输入本账号绑定的手机号' : '')
  const valid = !phoneProblem && !checkSmsCode(smsCode) && !checkPassword(password) && confirm === password

  const submit = async () => {
    setSaving(true)
    try {
      await resetPassword({ phone, smsCode, password })
      void Taro.showToast({ title: '密码已修改，其他设备需重新登录', icon: 'none' })
      await goBack()
    } catch (error) {
      void Taro.showToast({ title: error instanceof ApiError ? error.message : '修改失败，请重试', icon: 'none' })
    } finally {
      setSaving(false)
    }
  }

  if (!signedIn) return <OtherShell />
  return (
    <OtherShell>
      <View className="passwore">
        <Text className="passwore__note">
          {accountPhone ? `验证码将发送到本账号绑定的手机 ${maskPhone(accountPhone)}` : '本账号尚未绑定手机号'}
        </Text>
        <Field label="手机号" error={shown(phone, phoneProblem)}>
          <TextInput
            label="手机号"
            value={phone}
            onChange={setPhone}
            type="number"
            maxlength={11}
            placeholder="请输入绑定的手机号"
          />
        </Field>
        <CaptchaField captcha={captcha} />
        <Field
          label="短信验证码"
          error={shown(smsCode, checkSmsCode(smsCode))}
          extra={<SmsCodeButton phone={phone} scene="password" captcha={captcha} />}
        >
          <TextInput
            label="短信验证码"
            value={smsCode}
            onChange={setSmsCode}
            type="number"
            maxlength={6}
            placeholder="6 位验证码"
          />
        </Field>
        <Field label="新密码" error={shown(password, checkPassword(password))}>
          <TextInput
            label="新密码"
            value={password}
            onChange={setPassword}
            password
            maxlength={64}
            placeholder="至少 8 位，含字母和数字"
          />
        </Field>
        <Field label="确认新密码" error={confirm && confirm !== password ? '两次输入的密码不一致' : ''}>
          <TextInput
            label="确认新密码"
            value={confirm}
            onChange={setConfirm}
            password
            maxlength={64}
            placeholder="再次输入新密码"
          />
        </Field>
      </View>
      <SubmitBar disabled={!valid} loading={saving} onClick={() => void submit()}>
        确认修改
      </SubmitBar>
    </OtherShell>
  )
}
