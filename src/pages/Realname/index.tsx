import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { loadProfile, verifyRealName } from '@/api/user'
import { toastError } from '@/api/request'
import Field, { TextInput, visibleError } from '@/components/Field'
import Hint from '@/components/Hint'
import Icon from '@/components/Icon'
import SubmitBar from '@/components/SubmitBar'
import { checkIdNumber, checkRealName } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import './index.scss'

export default function RealnamePage() {
  const signedIn = useRequireLogin()
  const profile = useAppState((s) => s.profile)
  const [realName, setRealName] = useState('')
  const [idNumber, setIdNumber] = useState('')
  const [saving, setSaving] = useState(false)

  const submit = async () => {
    setSaving(true)
    try {
      await verifyRealName({ realName, idNumber: idNumber.toUpperCase() })
      await loadProfile()
      void Taro.showToast({ title: '实名认证成功', icon: 'success' })
    } catch (error) {
      toastError(error, '认证失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  if (!signedIn || !profile) return <OtherShell />
  if (profile.realNameStatus === 'verified') {
    return (
      <OtherShell>
        <View className="realname">
          <View className="realname__done">
            <View className="realname__seal">
              <Icon name="user" size={64} />
            </View>
            <Text className="realname__status">已完成实名认证</Text>
            <Text className="realname__line">姓名：{profile.realName}</Text>
            <Text className="realname__line">身份证号：{profile.idNumber}</Text>
          </View>
        </View>
      </OtherShell>
    )
  }
  const valid = !checkRealName(realName) && !checkIdNumber(idNumber)
  return (
    <OtherShell>
      <View className="realname">
        <Hint>实名认证后才能发布代售、提现。信息仅用于身份核验，加密保存，页面只显示脱敏信息。</Hint>
        <Field label="真实姓名" error={visibleError(realName, checkRealName(realName))}>
          <TextInput
            label="真实姓名"
            value={realName}
            onChange={setRealName}
            maxlength={20}
            placeholder="与身份证一致"
          />
        </Field>
        <Field label="身份证号" error={visibleError(idNumber, checkIdNumber(idNumber.toUpperCase()))}>
          <TextInput
            label="身份证号"
            value={idNumber}
            onChange={setIdNumber}
            type="idcard"
            maxlength={18}
            placeholder="18 位身份证号"
          />
        </Field>
      </View>
      <SubmitBar disabled={!valid} loading={saving} onClick={() => void submit()}>
        提交认证
      </SubmitBar>
    </OtherShell>
  )
}
