import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { register, resetPassword } from '@/api/auth'
import { ApiError } from '@/api/request'
import Agreement from '@/components/Agreement'
import CaptchaField, { useCaptcha } from '@/components/CaptchaField'
import Field, { TextInput } from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import SubmitBar from '@/components/SubmitBar'
import { checkCaptcha, checkPassword, checkPhone, checkSmsCode, checkUsername } from '@/contract/validation'
import AuthLayout from '@/layouts/AuthLayout'
import { replacePage, usePageParams } from '@/navigation'

const shown = (value: string, problem: string) => (value ? problem : '')

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

  const confirmProblem = confirm && confirm !== password ? '两次输入的密码不一致' : ''
  const valid =
    !checkPhone(phone) &&
    !checkSmsCode(smsCode) &&
    !checkPassword(password) &&
    confirm === password &&
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
      void Taro.showToast({ title: error instanceof ApiError ? error.message : '提交失败，请稍后重试', icon: 'none' })
      void captcha.refresh()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout title={reset ? '通过手机验证找回密码' : '注册号安心账号'} pageTitle={reset ? '找回密码' : undefined}>
      {!reset && (
        <Field label="用户名" error={shown(username, checkUsername(username))}>
          <TextInput
            label="用户名"
            value={username}
            onChange={setUsername}
            maxlength={20}
            placeholder="4–20 位字母、数字或下划线"
          />
        </Field>
      )}
      <Field label="手机号" error={shown(phone, checkPhone(phone))}>
        <TextInput
          label="手机号"
          value={phone}
          onChange={setPhone}
          type="number"
          maxlength={11}
          placeholder="请输入手机号"
        />
      </Field>
      <CaptchaField captcha={captcha} />
      <Field
        label="短信验证码"
        error={shown(smsCode, checkSmsCode(smsCode))}
        extra={<SmsCodeButton phone={phone} scene={reset ? 'password' : 'register'} captcha={captcha} />}
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
      <Field label={reset ? '新密码' : '密码'} error={shown(password, checkPassword(password))}>
        <TextInput
          label="密码"
          value={password}
          onChange={setPassword}
          password
          maxlength={64}
          placeholder="至少 8 位，含字母和数字"
        />
      </Field>
      <Field label="确认密码" error={confirmProblem}>
        <TextInput
          label="确认密码"
          value={confirm}
          onChange={setConfirm}
          password
          maxlength={64}
          placeholder="再次输入密码"
        />
      </Field>
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
