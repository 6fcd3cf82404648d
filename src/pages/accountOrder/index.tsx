import GamePicker from '@/components/GamePicker'
import MainShell from '@/layouts/MainShell'
import { usePageParams } from '@/navigation'
import { openGame } from '@/utils/games'

/**
 * 我要买: choose a game, then browse its listings (a search typed elsewhere travels along). Its own search
 * is the only one on the page (no brand-bar search above it); from the home's search box it has the cursor.
 */
export default function AccountOrderPage() {
  const params = usePageParams()
  return (
    <MainShell>
      <GamePicker autoFocus={params.focus === '1'} onPick={(game) => openGame(game, params.searchText)} />
    </MainShell>
  )
}
