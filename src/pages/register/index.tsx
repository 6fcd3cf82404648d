import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { register, resetPassword } from '@/api/auth'
import { toastError } from '@/api/request'
import Agreement from '@/components/Agreement'
import { useCaptcha } from '@/components/CaptchaField'
import Field, { TextInput, visibleError } from '@/components/Field'
import NewPassword, { newPasswordValid } from '@/components/NewPassword'
import PhoneVerification from '@/components/PhoneVerification'
import SubmitBar from '@/components/SubmitBar'
import { checkCaptcha, checkPhone, checkSmsCode, checkUsername } from '@/contract/validation'
import AuthLayout from '@/layouts/AuthLayout'
import { replacePage, usePageParams } from '@/navigation'

/** 注册, or 找回密码 with `type=reset`: the same form without the username and the agreement. */
export default function RegisterPage() {
  const params = usePageParams()
  const reset = params.type === 'reset'
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [phone, setPhone] = useState('')
  const [smsCode, setSmsCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const captcha = useCaptcha()

  useEffect(() => {
    if (reset) void Taro.setNavigationBarTitle({ title: '找回密码' })
  }, [reset])

  const valid =
    !checkPhone(phone) &&
    !checkSmsCode(smsCode) &&
    newPasswordValid(password, confirm) &&
    (reset || (!checkUsername(username) && !checkCaptcha(captcha.code) && agreed))

  const submit = async () => {
    setSubmitting(true)
    try {
      if (reset) {
        await resetPassword({ phone, smsCode, password })
        void Taro.showToast({ title: '密码已重置，请重新登录', icon: 'none' })
        await replacePage('login')
      } else {
        await register({ username, password, phone, smsCode, uuid: captcha.uuid, code: captcha.code, agree: true })
        void Taro.showToast({ title: '注册成功，请登录', icon: 'none' })
        await replacePage('login', { username, redirect: params.redirect })
      }
    } catch (error) {
      toastError(error, '提交失败，请稍后重试')
      void captcha.refresh()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout title={reset ? '通过手机验证找回密码' : '注册号安心账号'} pageTitle={reset ? '找回密码' : undefined}>
      {!reset && (
        <Field label="用户名" error={visibleError(username, checkUsername(username))}>
          <TextInput
            label="用户名"
            value={username}
            onChange={setUsername}
            maxlength={20}
            placeholder="4–20 位字母、数字或下划线"
          />
        </Field>
      )}
      <PhoneVerification
        scene={reset ? 'password' : 'register'}
        phone={phone}
        onPhone={setPhone}
        smsCode={smsCode}
        onSmsCode={setSmsCode}
        captcha={captcha}
      />
      <NewPassword
        label={reset ? '新密码' : '密码'}
        password={password}
        onPassword={setPassword}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      {reset ? (
        <Text className="auth-page__hint">重置后，其他设备上的登录将全部失效</Text>
      ) : (
        <View>
          <Text className="auth-page__hint">发送短信后图形验证码会刷新，提交前请输入新的图形验证码</Text>
          <Agreement checked={agreed} onChange={setAgreed} />
        </View>
      )}
      <SubmitBar fixed={false} disabled={!valid} loading={submitting} onClick={() => void submit()}>
        {reset ? '重置密码' : '注册'}
      </SubmitBar>
    </AuthLayout>
  )
}
