import CaptchaField, { type CaptchaState } from '@/components/CaptchaField'
import Field, { TextInput, visibleError } from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import type { SmsScene } from '@/contract/auth'
import { checkPhone, checkSmsCode } from '@/contract/validation'

interface PhoneVerificationProps {
  scene: SmsScene
  phone: string
  onPhone: (phone: string) => void
  smsCode: string
  onSmsCode: (code: string) => void
  captcha: CaptchaState
  /** A stricter rule than the phone format, e.g. "must be the account's phone". */
  phoneProblem?: string
}

/** Phone, captcha, SMS code with its send button: the proof of a phone used by login, register and password. */
export default function PhoneVerification(props: PhoneVerificationProps) {
  const { scene, phone, onPhone, smsCode, onSmsCode, captcha, phoneProblem } = props
  return (
    <>
      <Field label="手机号" error={visibleError(phone, phoneProblem ?? checkPhone(phone))}>
        <TextInput
          label="手机号"
          value={phone}
          onChange={onPhone}
          type="number"
          maxlength={11}
          placeholder="请输入手机号"
        />
      </Field>
      <CaptchaField captcha={captcha} />
      <Field
        label="短信验证码"
        error={visibleError(smsCode, checkSmsCode(smsCode))}
        extra={<SmsCodeButton phone={phone} scene={scene} captcha={captcha} />}
      >
        <TextInput
          label="短信验证码"
          value={smsCode}
          onChange={onSmsCode}
          type="number"
          maxlength={6}
          placeholder="6 位验证码"
        />
      </Field>
    </>
  )
}
