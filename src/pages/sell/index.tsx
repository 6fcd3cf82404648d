import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { listContacts } from '@/api/trust'
import ContactCard from '@/components/ContactCard'
import EmptyState from '@/components/EmptyState'
import GamePicker from '@/components/GamePicker'
import GlyphIcon from '@/components/GlyphIcon'
import NoticeArticle from '@/components/NoticeArticle'
import Sheet from '@/components/Sheet'
import Skeleton from '@/components/Skeleton'
import type { ServiceContact } from '@/contract/trust'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import './index.scss'

type Open = 'modes' | 'recycle' | null

/** 我要卖: how selling works (官方代售 / 竞价回收 from their notices), 快速回收 contacts, and the game to sell. */
export default function SellPage() {
  const [open, setOpen] = useState<Open>(null)
  return (
    <MainShell>
      <View className="sell">
        <View className="sell__modes">
          <View
            className="sell__mode sell__mode--main"
            role="button"
            aria-label="官方代售：怎么卖"
            onClick={() => setOpen('modes')}
          >
            <GlyphIcon name="shield" size={56} className="sell__mode-icon" />
            <View className="sell__mode-text">
              <Text className="sell__mode-title">官方代售</Text>
              <Text className="sell__mode-caption">平台审核 · 担保交易 · 成交后打款</Text>
            </View>
            <Text className="sell__mode-more">怎么卖 ›</Text>
          </View>
          <View
            className="sell__mode"
            role="button"
            aria-label="快速回收：联系回收客服"
            onClick={() => setOpen('recycle')}
          >
            <View className="sell__mode-text">
              <Text className="sell__mode-title">快速回收</Text>
              <Text className="sell__mode-caption">急用钱？联系回收客服当天成交</Text>
            </View>
            <Text className="sell__mode-more">联系 ›</Text>
          </View>
        </View>
        <Text className="sell__pick">选择要卖的游戏</Text>
      </View>
      <GamePicker onPick={(game) => void openPage('BasicInformation', { gameId: game.id })} />
      {open === 'modes' && (
        <Sheet title="官方代售与竞价回收" onClose={() => setOpen(null)}>
          <NoticeArticle source={{ type: 'gfds' }} />
          <NoticeArticle source={{ type: 'zhhs' }} />
        </Sheet>
      )}
      {open === 'recycle' && (
        <Sheet title="快速回收" onClose={() => setOpen(null)}>
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
  if (contacts === null) return <Skeleton className="sell__contacts-skeleton" />
  return (
    <View className="sell__contacts">
      {contacts.map((contact) => (
        <ContactCard key={contact.id} contact={contact} />
      ))}
    </View>
  )
}
