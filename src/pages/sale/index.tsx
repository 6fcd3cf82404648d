import { useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import { listContacts } from '@/api/trust'
import ContactCard from '@/components/ContactCard'
import EmptyState from '@/components/EmptyState'
import GamePicker from '@/components/GamePicker'
import Sheet from '@/components/Sheet'
import Skeleton from '@/components/Skeleton'
import StepsIntro, { IntroLink, type IntroStep } from '@/components/StepsIntro'
import type { ServiceContact } from '@/contract/trust'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import './index.scss'

const STEPS: IntroStep[] = [
  { icon: 'shield', title: '发布账号', text: '填写账号资料和底价，账号密码加密保存' },
  { icon: 'clock', title: '号商密封报价', text: '报价时长内号商互相看不到报价，也看不到底价' },
  { icon: 'check', title: '选择成交', text: '截止后 24 小时内选一个不低于底价的报价，担保交易后打款' },
]

/** 账号回收: how 竞价回收 works, the recycling staff, and the game to offer → jingjiahuishou. */
export default function SalePage() {
  const [contactsOpen, setContactsOpen] = useState(false)
  return (
    <MainShell>
      <StepsIntro title="竞价回收" steps={STEPS} next="选择要回收的游戏">
        <IntroLink label="我的回收单" onClick={() => void openPage('myJingjiahuishou')} />
        <IntroLink label="回收客服" role="button" onClick={() => setContactsOpen(true)} />
      </StepsIntro>
      <GamePicker onPick={(game) => void openPage('jingjiahuishou', { gameId: game.id })} />
      {contactsOpen && (
        <Sheet title="回收客服" onClose={() => setContactsOpen(false)}>
          <RecycleContacts />
        </Sheet>
      )}
    </MainShell>
  )
}

/** The recycling staff, each with their QQ / WeChat to copy. */
function RecycleContacts() {
  const [contacts, setContacts] = useState<ServiceContact[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    listContacts({ kind: 'recycle' }).then(
      (result) => setContacts(result.data),
      () => setFailed(true),
    )
  }, [])
  if (failed || contacts?.length === 0) {
    return (
      <EmptyState
        text={failed ? '回收客服加载失败' : '暂无在线的回收客服'}
        action={{ label: '查看全部客服', onClick: () => openPage('contactkefu') }}
      />
    )
  }
  if (contacts === null) return <Skeleton className="sale__contacts-skeleton" />
  return (
    <View className="sale__contacts">
      {contacts.map((contact) => (
        <ContactCard key={contact.id} contact={contact} />
      ))}
    </View>
  )
}
