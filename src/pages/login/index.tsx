import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { loginByPassword, loginByPhone } from '@/api/auth'
import { toastError } from '@/api/request'
import Agreement from '@/components/Agreement'
import CaptchaField, { useCaptcha } from '@/components/CaptchaField'
import Field, { TextInput } from '@/components/Field'
import PhoneVerification from '@/components/PhoneVerification'
import SubmitBar from '@/components/SubmitBar'
import Tabs from '@/components/Tabs'
import { checkCaptcha, checkPhone, checkSmsCode } from '@/contract/validation'
import AuthLayout from '@/layouts/AuthLayout'
import { openPage, usePageParams } from '@/navigation'
import { completeSignIn } from '@/session'

type Method = 'password' | 'phone'

export default function LoginPage() {
  const params = usePageParams()
  const [method, setMethod] = useState<Method>('password')
  const [username, setUsername] = useState(params.username ?? '')
  const [password, setPassword] = useState('')
  const [phone, setPhone] = useState('')
  const [smsCode, setSmsCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const captcha = useCaptcha()

  const valid =
    agreed &&
    (method === 'password'
      ? Boolean(username && password) && !checkCaptcha(captcha.code)
      : !checkPhone(phone) && !checkSmsCode(smsCode))

  const submit = async () => {
    setSubmitting(true)
    try {
      const result =
        method === 'password'
          ? await loginByPassword({ username, password, uuid: captcha.uuid, code: captcha.code })
          : await loginByPhone({ phone, smsCode, agree: true })
      await completeSignIn(result.data.token, params.redirect)
    } catch (error) {
      toastError(error, '登录失败，请稍后重试')
      if (method === 'password') void captcha.refresh()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout title="欢迎登录号安心">
      <Tabs
        tabs={[
          { value: 'password', label: '账号登录' },
          { value: 'phone', label: '手机登录' },
        ]}
        value={method}
        onChange={setMethod}
      />
      {method === 'password' ? (
        <View key="password">
          <Field label="用户名">
            <TextInput label="用户名" value={username} onChange={setUsername} placeholder="用户名或手机号" />
          </Field>
          <Field label="密码">
            <TextInput label="密码" value={password} onChange={setPassword} password placeholder="请输入密码" />
          </Field>
          <CaptchaField captcha={captcha} />
        </View>
      ) : (
        <View key="phone">
          <PhoneVerification
            scene="login"
            phone={phone}
            onPhone={setPhone}
            smsCode={smsCode}
            onSmsCode={setSmsCode}
            captcha={captcha}
          />
          <Text className="auth-page__hint">未注册的手机号验证后将自动创建账号</Text>
        </View>
      )}
      <Agreement checked={agreed} onChange={setAgreed} />
      <SubmitBar fixed={false} disabled={!valid} loading={submitting} onClick={() => void submit()}>
        登录
      </SubmitBar>
      <View className="auth-page__links">
        <Text className="auth-page__link" onClick={() => openPage('register', { redirect: params.redirect })}>
          注册账号
        </Text>
        <Text className="auth-page__link" onClick={() => openPage('register', { type: 'reset' })}>
          忘记密码
        </Text>
      </View>
    </AuthLayout>
  )
}
