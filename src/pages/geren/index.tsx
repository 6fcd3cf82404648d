import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { uploadImage } from '@/api/upload'
import { updateProfile } from '@/api/user'
import { mediaUrl, toastError } from '@/api/request'
import Field, { TextInput } from '@/components/Field'
import Icon from '@/components/Icon'
import SubmitBar from '@/components/SubmitBar'
import type { ProfilePatch, UserProfile } from '@/contract/user'
import { checkNickName, checkOptionalQq } from '@/contract/validation'
import OtherShell from '@/layouts/OtherShell'
import { useRequireLogin } from '@/session'
import { setState, useAppState } from '@/store'
import './index.scss'

const sexes: { value: NonNullable<ProfilePatch['sex']>; label: string }[] = [
  { value: '0', label: '男' },
  { value: '1', label: '女' },
  { value: '2', label: '保密' },
]

const checkEmail = (email: string) => (!email || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? '' : '邮箱格式不正确')

export default function GerenPage() {
  const signedIn = useRequireLogin()
  const profile = useAppState((s) => s.profile)
  return <OtherShell>{signedIn && profile ? <ProfileForm key={profile.userId} profile={profile} /> : null}</OtherShell>
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const [form, setForm] = useState<Required<ProfilePatch>>({
    nickName: profile.nickName,
    avatar: profile.avatar,
    email: profile.email,
    sex: (profile.sex || '2') as Required<ProfilePatch>['sex'],
    qq: profile.qq,
    weixin: profile.weixin,
  })
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)

  const set = (key: keyof ProfilePatch) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  const chooseAvatar = async () => {
    let filePath: string
    try {
      const picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'] })
      filePath = picked.tempFilePaths[0]
    } catch {
      return // the user closed the picker
    }
    setUploading(true)
    try {
      const result = await uploadImage(filePath)
      set('avatar')(result.data.url)
    } catch (error) {
      toastError(error, '上传失败，请重试')
    } finally {
      setUploading(false)
    }
  }

  const problems = {
    nickName: checkNickName(form.nickName),
    email: checkEmail(form.email),
    qq: checkOptionalQq(form.qq),
  }
  const valid = !problems.nickName && !problems.email && !problems.qq

  const save = async () => {
    setSaving(true)
    try {
      const result = await updateProfile(form)
      setState({ profile: result.data })
      void Taro.showToast({ title: '已保存', icon: 'success' })
    } catch (error) {
      toastError(error, '保存失败，请重试')
    } finally {
      setSaving(false)
    }
  }

  return (
    <View>
      <View className="geren">
        <View className="geren__avatar-row" role="button" aria-label="更换头像" onClick={() => void chooseAvatar()}>
          {form.avatar ? (
            <Image className="geren__avatar" src={mediaUrl(form.avatar)} mode="aspectFill" aria-label="头像" />
          ) : (
            <View className="geren__avatar geren__avatar--empty">
              <Icon name="user" size={56} />
            </View>
          )}
          <Text className="geren__avatar-hint">{uploading ? '上传中…' : '点击更换头像'}</Text>
        </View>
        <Field label="昵称" error={problems.nickName}>
          <TextInput label="昵称" value={form.nickName} onChange={set('nickName')} maxlength={20} />
        </Field>
        <Field label="性别">
          <View className="geren__sexes" role="radiogroup">
            {sexes.map((sex) => (
              <View
                key={sex.value}
                role="radio"
                aria-checked={form.sex === sex.value}
                className={`geren__chip${form.sex === sex.value ? ' geren__chip--on' : ''}`}
                onClick={() => set('sex')(sex.value)}
              >
                <Text>{sex.label}</Text>
              </View>
            ))}
          </View>
        </Field>
        <Field label="QQ" error={problems.qq}>
          <TextInput label="QQ" value={form.qq} onChange={set('qq')} type="number" maxlength={12} placeholder="选填" />
        </Field>
        <Field label="微信号">
          <TextInput label="微信号" value={form.weixin} onChange={set('weixin')} maxlength={30} placeholder="选填" />
        </Field>
        <Field label="邮箱" error={problems.email}>
          <TextInput label="邮箱" value={form.email} onChange={set('email')} maxlength={60} placeholder="选填" />
        </Field>
      </View>
      <SubmitBar disabled={!valid || uploading} loading={saving} onClick={() => void save()}>
        保存
      </SubmitBar>
    </View>
  )
}
