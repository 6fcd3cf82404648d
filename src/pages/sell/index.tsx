import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import GamePicker from '@/components/GamePicker'
import GlyphIcon, { type GlyphName } from '@/components/GlyphIcon'
import NoticeArticle from '@/components/NoticeArticle'
import Sheet from '@/components/Sheet'
import MainShell from '@/layouts/MainShell'
import { openPage, usePageParams } from '@/navigation'
import './index.scss'

type Open = 'modes' | 'appraisal' | null

/**
 * 我要卖: how selling works (官方代售 / 竞价回收 from their notices), the ways to 竞价回收 and to 账号估价, and
 * the game to sell. With `mode=appraise` it is the way into 估价: the game picked goes to the appraisal form.
 */
export default function SellPage() {
  const appraise = usePageParams().mode === 'appraise'
  const [open, setOpen] = useState<Open>(null)
  return (
    <MainShell>
      <View className="sell">
        {appraise ? (
          <ModeCard
            main
            icon="chart"
            title="免费估价"
            caption="按近 180 天本平台同类账号的真实成交价，即时给出区间"
            more="怎么估"
            onClick={() => setOpen('appraisal')}
          />
        ) : (
          <View className="sell__modes">
            <ModeCard
              main
              icon="shield"
              title="官方代售"
              caption="平台审核 · 担保交易 · 成交后打款"
              more="怎么卖"
              onClick={() => setOpen('modes')}
            />
            <ModeCard
              title="竞价回收"
              caption="号商密封报价，急用钱当天成交"
              more="去回收"
              label="号商报价"
              onClick={() => openPage('sale')}
            />
            <ModeCard
              title="账号估价"
              caption="不知道卖多少？按同类成交价免费估价"
              more="去估价"
              label="先估个价"
              onClick={() => openPage('sell', { mode: 'appraise' })}
            />
          </View>
        )}
        <Text className="sell__pick">{appraise ? '选择要估价的游戏' : '选择要卖的游戏'}</Text>
      </View>
      <GamePicker
        onPick={(game) =>
          void openPage('BasicInformation', appraise ? { gameId: game.id, mode: 'appraise' } : { gameId: game.id })
        }
      />
      {open === 'modes' && (
        <Sheet title="官方代售与竞价回收" onClose={() => setOpen(null)}>
          <NoticeArticle source={{ type: 'gfds' }} />
          <NoticeArticle source={{ type: 'zhhs' }} />
        </Sheet>
      )}
      {open === 'appraisal' && (
        <Sheet title="账号评估" onClose={() => setOpen(null)}>
          <NoticeArticle source={{ type: 'zhpg' }} />
        </Sheet>
      )}
    </MainShell>
  )
}

/** A way to sell: its name and promise, and where tapping it leads (`more`, or `label` for screen readers). */
function ModeCard(props: {
  title: string
  caption: string
  more: string
  label?: string
  icon?: GlyphName
  main?: boolean
  onClick: () => void
}) {
  const { title, caption, more, label = more, icon, main, onClick } = props
  return (
    <View
      className={`sell__mode${main ? ' sell__mode--main' : ''}`}
      role="button"
      aria-label={`${title}：${label}`}
      onClick={onClick}
    >
      {icon && <GlyphIcon name={icon} size={56} className="sell__mode-icon" />}
      <View className="sell__mode-text">
        <Text className="sell__mode-title">{title}</Text>
        <Text className="sell__mode-caption">{caption}</Text>
      </View>
      <Text className="sell__mode-more">{more} ›</Text>
    </View>
  )
}
