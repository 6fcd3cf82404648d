import { useState } from 'react'
import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resetPassword } from '@/api/auth'
import { toastError } from '@/api/request'
import { useCaptcha } from '@/components/CaptchaField'
import Hint from '@/components/Hint'
import Field, { TextInput } from '@/components/Field'
import NewPassword, { newPasswordValid } from '@/components/NewPassword'
import PhoneVerification from '@/components/PhoneVerification'
import SubmitBar from '@/components/SubmitBar'
import { checkPhone, checkSmsCode, maskPhone } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { goBack } from '@/navigation'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import './index.scss'

/**
 * 修改密码: proven by an SMS code to the account's own phone and, when the account has a password, by
 * the current one; every other session ends.
 */
export default function PassworePage() {
  const signedIn = useRequireLogin()
  const accountPhone = useAppState((s) => s.profile?.phone ?? '')
  const hasPassword = useAppState((s) => s.profile?.hasPassword ?? false)
  const [currentPassword, setCurrentPassword] = useState('')
  const [phone, setPhone] = useState('')
  const [smsCode, setSmsCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [saving, setSaving] = useState(false)
  const captcha = useCaptcha()

  const phoneProblem =
    checkPhone(phone) || (accountPhone && maskPhone(phone) !== accountPhone ? '请输入本账号绑定的手机号' : '')
  const valid =
    (!hasPassword || currentPassword !== '') &&
    !phoneProblem &&
    !checkSmsCode(smsCode) &&
    newPasswordValid(password, confirm)

  const submit = async () => {
    setSaving(true)
    try {
      await resetPassword({ phone, smsCode, password, ...(hasPassword ? { currentPassword } : {}) })
      void Taro.showToast({ title: '密码已修改，其他设备需重新登录', icon: 'none' })
      await goBack()
    } catch (error) {
      toastError(error, '修改失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  if (!signedIn) return <OtherShell />
  return (
    <OtherShell>
      <View className="passwore">
        <Hint>
          {accountPhone ? `验证码将发送到本账号绑定的手机 ${maskPhone(accountPhone)}` : '本账号尚未绑定手机号'}
        </Hint>
        {hasPassword && (
          <Field label="当前密码">
            <TextInput
              label="当前密码"
              value={currentPassword}
              onChange={setCurrentPassword}
              password
              maxlength={64}
              placeholder="请输入当前登录密码"
            />
          </Field>
        )}
        <PhoneVerification
          scene="password"
          phone={phone}
          onPhone={setPhone}
          smsCode={smsCode}
          onSmsCode={setSmsCode}
          captcha={captcha}
          phoneProblem={phoneProblem}
        />
        <NewPassword
          label="新密码"
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
        />
      </View>
      <SubmitBar disabled={!valid} loading={saving} onClick={() => void submit()}>
        确认修改
      </SubmitBar>
    </OtherShell>
  )
}
