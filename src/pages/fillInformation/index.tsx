import { useState } from 'react'
import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { updateCredentials } from '@/api/consignment'
import { toastError } from '@/api/request'
import ChoiceChips from '@/components/ChoiceChips'
import EmptyState from '@/components/EmptyState'
import Field, { AreaField, InputField } from '@/components/Field'
import Hint from '@/components/Hint'
import SubmitBar from '@/components/SubmitBar'
import type { AccountBinding } from '@/contract/consignment'
import MainShell from '@/layouts/MainShell'
import { openPage, replacePage, usePageParams } from '@/navigation'
import { useRequireLogin } from '@/session'
import { checkLength, firstProblem } from '@/utils/forms'
import './index.scss'

type Bound = 'yes' | 'no'

/** The facts a buyer needs to take the account over, each a yes or no. */
const BINDINGS: { key: keyof AccountBinding; label: string; yes: string; no: string }[] = [
  { key: 'phone', label: '绑定手机', yes: '已绑定', no: '未绑定' },
  { key: 'email', label: '绑定邮箱', yes: '已绑定', no: '未绑定' },
  { key: 'idCard', label: '绑定身份证', yes: '已绑定', no: '未绑定' },
  { key: 'rebindable', label: '可换绑', yes: '可以换绑', no: '不能换绑' },
]

/** 填写信息: the game account's sign-in and bindings for one of my listings; sealed, never shown back. */
export default function FillInformationPage() {
  const signedIn = useRequireLogin()
  const id = Number(usePageParams().id)
  return (
    <MainShell>
      {!signedIn ? null : Number.isInteger(id) && id > 0 ? (
        <CredentialsForm id={id} />
      ) : (
        <EmptyState
          text="没有找到要填写的商品"
          action={{ label: '去我的代售', onClick: () => openPage('Mybrowsing') }}
        />
      )}
    </MainShell>
  )
}

function CredentialsForm({ id }: { id: number }) {
  const [account, setAccount] = useState('')
  const [password, setPassword] = useState('')
  const [notes, setNotes] = useState('')
  const [binding, setBinding] = useState<Record<keyof AccountBinding, Bound>>({
    phone: 'yes',
    email: 'no',
    idCard: 'yes',
    rebindable: 'yes',
  })
  const [saving, setSaving] = useState(false)

  const problems = {
    account: checkLength(account, '游戏账号', 1, 64),
    password: checkLength(password, '游戏密码', 1, 64),
  }

  const submit = async () => {
    setSaving(true)
    try {
      await updateCredentials(id, {
        account: account.trim(),
        password,
        notes: notes.trim(),
        binding: {
          phone: binding.phone === 'yes',
          email: binding.email === 'yes',
          idCard: binding.idCard === 'yes',
          rebindable: binding.rebindable === 'yes',
        },
      })
      void Taro.showToast({ title: '账号信息已加密保存', icon: 'none' })
      await replacePage('Mybrowsing')
    } catch (error) {
      toastError(error, '保存失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View className="fill-information">
      <Hint>
        账号和密码加密保存，只在买家付款后移交给买家或由客服验号时查看，每次查看都有记录。已保存的信息不会再显示，重新填写会覆盖原来的。
      </Hint>
      <InputField
        label="游戏账号"
        value={account}
        onChange={setAccount}
        error={problems.account}
        maxlength={64}
        placeholder="登录游戏用的账号"
      />
      <InputField
        label="游戏密码"
        value={password}
        onChange={setPassword}
        error={problems.password}
        maxlength={64}
        password
        placeholder="登录游戏用的密码"
      />
      {BINDINGS.map((b) => (
        <Field key={b.key} label={b.label}>
          <ChoiceChips
            label={b.label}
            options={[
              { value: 'yes', label: b.yes },
              { value: 'no', label: b.no },
            ]}
            value={binding[b.key]}
            onChange={(value) => setBinding((current) => ({ ...current, [b.key]: value }))}
          />
        </Field>
      ))}
      <AreaField
        label="备注（选填）"
        name="备注"
        value={notes}
        onChange={setNotes}
        maxlength={500}
        placeholder="如：换绑需要的密保问题、二级密码等"
      />
      <SubmitBar disabled={Boolean(firstProblem(problems))} loading={saving} onClick={() => void submit()}>
        保存账号信息
      </SubmitBar>
    </View>
  )
}
