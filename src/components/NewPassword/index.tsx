import Field, { TextInput, visibleError } from '@/components/Field'
import { checkPassword } from '@/contract/validation'

interface NewPasswordProps {
  label: string
  password: string
  onPassword: (value: string) => void
  confirm: string
  onConfirm: (value: string) => void
}

/** A new password typed twice. */
export default function NewPassword({ label, password, onPassword, confirm, onConfirm }: NewPasswordProps) {
  return (
    <>
      <Field label={label} error={visibleError(password, checkPassword(password))}>
        <TextInput
          label={label}
          value={password}
          onChange={onPassword}
          password
          maxlength={64}
          placeholder="至少 8 位，含字母和数字"
        />
      </Field>
      <Field label={`确认${label}`} error={confirm && confirm !== password ? '两次输入的密码不一致' : ''}>
        <TextInput
          label={`确认${label}`}
          value={confirm}
          onChange={onConfirm}
          password
          maxlength={64}
          placeholder={`再次输入${label}`}
        />
      </Field>
    </>
  )
}

/** Whether the pair is ready to send. */
export const newPasswordValid = (password: string, confirm: string) => !checkPassword(password) && password === confirm
