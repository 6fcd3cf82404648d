import { Button, Image, Text, View } from '@tarojs/components'
import Icon from '@/components/Icon'
import { displayNickName, maskPhone } from '@/contract/validation'
import OtherShell, { personalMenu } from '@/layouts/OtherShell'
import { openPage } from '@/navigation'
import { signOut, useRequireLogin } from '@/session'
import { useAppState } from '@/store'
import { mediaUrl } from '@/api/request'
import './index.scss'

export default function MycenterPage() {
  const signedIn = useRequireLogin()
  const profile = useAppState((s) => s.profile)
  if (!signedIn) return <OtherShell />
  const name = profile ? displayNickName(profile.nickName || profile.userName) : ''
  return (
    <OtherShell>
      <View className="mycenter">
        <View className="mycenter__card" onClick={() => openPage('geren')}>
          {profile?.avatar ? (
            <Image className="mycenter__avatar" src={mediaUrl(profile.avatar)} mode="aspectFill" aria-label="头像" />
          ) : (
            <View className="mycenter__avatar mycenter__avatar--empty">
              <Icon name="user" size={56} />
            </View>
          )}
          <View className="mycenter__who">
            <Text className="mycenter__name">{name || '加载中…'}</Text>
            <Text className="mycenter__phone">{profile?.phone ? maskPhone(profile.phone) : '未绑定手机'}</Text>
          </View>
          <View
            className={`mycenter__badge${profile?.realNameStatus === 'verified' ? ' mycenter__badge--ok' : ''}`}
            onClick={(e) => {
              e.stopPropagation()
              openPage('Realname')
            }}
          >
            <Text>{profile?.realNameStatus === 'verified' ? '已实名' : '去实名'}</Text>
          </View>
        </View>
        <View className="mycenter__menu">
          {personalMenu
            .filter((item) => item.name !== 'mycenter')
            .map((item) => (
              <View key={item.name} className="mycenter__entry" onClick={() => openPage(item.name)}>
                <Text>{item.label}</Text>
                <Icon name="right" size={32} />
              </View>
            ))}
        </View>
        <Button className="mycenter__logout" onClick={() => void signOut()}>
          退出登录
        </Button>
        <View className="mycenter__everywhere" onClick={() => void signOut(true)}>
          <Text>退出所有设备</Text>
        </View>
      </View>
    </OtherShell>
  )
}
