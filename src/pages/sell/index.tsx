import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import GamePicker from '@/components/GamePicker'
import GlyphIcon from '@/components/GlyphIcon'
import NoticeArticle from '@/components/NoticeArticle'
import Sheet from '@/components/Sheet'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'
import './index.scss'

type Open = 'modes' | null

/** 我要卖: how selling works (官方代售 / 竞价回收 from their notices), the way to 竞价回收, and the game to sell. */
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
          <View className="sell__mode" role="button" aria-label="竞价回收：号商报价" onClick={() => openPage('sale')}>
            <View className="sell__mode-text">
              <Text className="sell__mode-title">竞价回收</Text>
              <Text className="sell__mode-caption">号商密封报价，急用钱当天成交</Text>
            </View>
            <Text className="sell__mode-more">去回收 ›</Text>
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
    </MainShell>
  )
}
