import { Text, View } from '@tarojs/components'
import ContactCard, { groupContacts } from '@/components/ContactCard'
import EmptyState from '@/components/EmptyState'
import GlyphIcon from '@/components/GlyphIcon'
import QqGroups from '@/components/QqGroups'
import { useServiceContacts } from '@/components/ServiceSheet'
import Skeleton from '@/components/Skeleton'
import { StaffCheckTool } from '@/components/TrustTools'
import OtherShell from '@/layouts/OtherShell'
import './index.scss'

/** 联系客服: the 客服验证 tool, every contact grouped by kind (QQ, WeChat, QR, hours, copy), the QQ groups. */
export default function ContactkefuPage() {
  return (
    <OtherShell>
      <View className="kefu">
        <View className="kefu__intro">
          <GlyphIcon name="clock" size={36} className="kefu__intro-icon" />
          <View className="kefu__intro-text">
            <Text className="kefu__intro-title">客服在线时间 10:00–02:00</Text>
            <Text className="kefu__intro-hint">官方客服不会私下要求转账或索要验证码，添加前请先验证。</Text>
          </View>
        </View>
        <Text className="kefu__section">客服验证</Text>
        <View className="kefu__card">
          <StaffCheckTool />
        </View>
        <Contacts />
        <QqGroups heading={<Text className="kefu__section">官方QQ群</Text>} className="kefu__card" />
      </View>
    </OtherShell>
  )
}

function Contacts() {
  const { contacts, failed, retry } = useServiceContacts()
  if (failed) return <EmptyState text="客服信息加载失败" action={{ label: '重试', onClick: retry }} />
  if (contacts === null) {
    return (
      <View aria-label="加载中">
        <Text className="kefu__section">买家客服</Text>
        <Skeleton className="kefu__contact-skeleton" />
        <Skeleton className="kefu__contact-skeleton" />
      </View>
    )
  }
  if (contacts.length === 0) return <Text className="kefu__empty">暂无在线客服，请稍后再来</Text>
  return (
    <>
      {groupContacts(contacts).map((group) => (
        <View key={group.title}>
          <Text className="kefu__section">{group.title}</Text>
          {group.contacts.map((contact) => (
            <ContactCard key={contact.id} contact={contact} />
          ))}
        </View>
      ))}
    </>
  )
}
