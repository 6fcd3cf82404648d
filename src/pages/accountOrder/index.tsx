import GamePicker from '@/components/GamePicker'
import MainShell from '@/layouts/MainShell'
import { usePageParams } from '@/navigation'
import { openGame } from '@/utils/games'

/** 我要买: choose a game, then browse its listings (a search typed elsewhere travels along). */
export default function AccountOrderPage() {
  const params = usePageParams()
  return (
    <MainShell>
      <GamePicker onPick={(game) => openGame(game, params.searchText)} />
    </MainShell>
  )
}
