import { Text, View } from '@tarojs/components'
import CopyButton from '@/components/CopyButton'
import { CONTACT_KIND_LABELS } from '@/contract/constants'
import LazyImage from '@/components/LazyImage'
import type { ServiceContact, ServiceContactKind } from '@/contract/trust'
import './index.scss'

/** The groups customer service is shown in (SCREENS.md contactkefu): 买家, 卖家/代售, 包赔, 回收. */
export const CONTACT_GROUPS: { title: string; kinds: ServiceContactKind[] }[] = [
  { title: '买家客服', kinds: ['buyer'] },
  { title: '卖家 / 代售客服', kinds: ['seller', 'consign'] },
  { title: '包赔 / 中介担保客服', kinds: ['guarantee'] },
  { title: '回收客服', kinds: ['recycle'] },
]

/** The contacts of each group, groups without contacts left out. */
export function groupContacts(contacts: ServiceContact[]): { title: string; contacts: ServiceContact[] }[] {
  return CONTACT_GROUPS.map((group) => ({
    title: group.title,
    contacts: contacts.filter((c) => group.kinds.includes(c.kind)),
  })).filter((group) => group.contacts.length > 0)
}

interface ContactCardProps {
  contact: ServiceContact
  /** Without the QR image (the customer-service sheet). */
  compact?: boolean
}

/** One customer-service account: name, kind, hours, QQ / WeChat / phone with copy buttons, QR code. */
export default function ContactCard({ contact, compact }: ContactCardProps) {
  const channels = [
    { label: 'QQ', value: contact.qq },
    { label: '微信', value: contact.weixin },
    { label: '电话', value: contact.phone },
  ].filter((c) => c.value)
  return (
    <View className="contact-card">
      <View className="contact-card__main">
        <View className="contact-card__head">
          <View className="contact-card__avatar" aria-hidden>
            <Text>{contact.name.slice(-1)}</Text>
          </View>
          <View className="contact-card__who">
            <Text className="contact-card__name">{contact.name}</Text>
            <Text className="contact-card__meta">
              {CONTACT_KIND_LABELS[contact.kind]} · {contact.workHours || '10:00–02:00'}
            </Text>
          </View>
        </View>
        {channels.map((channel) => (
          <View key={channel.label} className="contact-card__channel">
            <Text className="contact-card__label">{channel.label}</Text>
            <Text className="contact-card__value" userSelect>
              {channel.value}
            </Text>
            <CopyButton text={channel.value} what={`${contact.name}的${channel.label}`} />
          </View>
        ))}
      </View>
      {!compact && contact.qrImage && (
        <View className="contact-card__qr">
          <LazyImage
            className="contact-card__qr-image"
            src={contact.qrImage}
            alt={`${contact.name}的二维码`}
            mode="aspectFit"
          />
          <Text className="contact-card__qr-hint">扫码添加</Text>
        </View>
      )}
    </View>
  )
}
