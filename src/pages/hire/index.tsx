import GamePicker from '@/components/GamePicker'
import StepsIntro, { type IntroStep } from '@/components/StepsIntro'
import { RENT_LIMITS } from '@/contract/constants'
import MainShell from '@/layouts/MainShell'
import { openPage } from '@/navigation'

const STEPS: IntroStep[] = [
  { icon: 'clock', title: '按小时或按天租', text: '租金和押金由平台托管，租期内随时可续租或提前归还' },
  {
    icon: 'shield',
    title: '上号有保障',
    text: `开租 ${RENT_LIMITS.fullRefundMinutes} 分钟内发现账号不符或密码错误，投诉核实后全额退款`,
  },
  { icon: 'check', title: '到期自动收回', text: '到时停止查看账号；号主验号无误后，押金原路退还' },
]

/** 租号: how renting works, then the game → its rentable listings on sale now (goodList in hire mode). */
export default function HirePage() {
  return (
    <MainShell>
      <StepsIntro title="租号" steps={STEPS} next="选择要租的游戏" />
      <GamePicker
        caption={(game) => (game.rentableCount > 0 ? `${game.rentableCount} 个可租` : '暂无可租账号')}
        onPick={(game) => void openPage('goodList', { gameId: game.id, mode: 'hire' })}
      />
    </MainShell>
  )
}
