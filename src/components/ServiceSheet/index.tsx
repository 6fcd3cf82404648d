import { useCallback, useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { listAllContacts } from '@/api/trust'
import ContactCard, { groupContacts } from '@/components/ContactCard'
import Sheet from '@/components/Sheet'
import Skeleton from '@/components/Skeleton'
import type { ServiceContact } from '@/contract/trust'
import { openPage } from '@/navigation'
import './index.scss'

/** Every enabled customer-service contact, loaded when the component mounts; `retry` after a failure. */
export function useServiceContacts() {
  const [contacts, setContacts] = useState<ServiceContact[] | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    listAllContacts().then(
      (result) => setContacts(result.data),
      () => setFailed(true),
    )
  }, [])
  useEffect(load, [load])
  const retry = () => {
    setFailed(false)
    load()
  }
  return { contacts, failed, retry }
}

/** 联系客服 from MainShell: the contacts by kind, each with copy buttons; the full page for more. */
export default function ServiceSheet({ onClose }: { onClose: () => void }) {
  const { contacts, failed, retry } = useServiceContacts()
  const more = () => {
    onClose()
    void openPage('contactkefu')
  }
  return (
    <Sheet
      title="联系客服"
      onClose={onClose}
      footer={
        <View className="service-sheet__more" role="button" onClick={more}>
          <Text>客服验证 · 官方QQ群 · 全部客服</Text>
        </View>
      }
    >
      <View className="service-sheet">
        <Text className="service-sheet__hours">客服在线时间 10:00–02:00，添加前请先做客服验证，谨防假冒。</Text>
        {failed ? (
          <View className="service-sheet__retry" role="button" onClick={retry}>
            <Text>客服信息加载失败，点击重试</Text>
          </View>
        ) : contacts === null ? (
          [0, 1].map((i) => <Skeleton key={i} className="service-sheet__skeleton" />)
        ) : contacts.length === 0 ? (
          <Text className="service-sheet__empty">暂无在线客服，请稍后再试</Text>
        ) : (
          groupContacts(contacts).map((group) => (
            <View key={group.title} className="service-sheet__group">
              <Text className="service-sheet__group-title">{group.title}</Text>
              {group.contacts.map((contact) => (
                <ContactCard key={contact.id} contact={contact} compact />
              ))}
            </View>
          ))
        )}
      </View>
    </Sheet>
  )
}
