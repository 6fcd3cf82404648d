import type { AdminGame } from '@contract/catalogue'
import { useEffect, useState } from 'react'
import { api } from '../api'

/** Every game, disabled ones too, for the filters and forms that name one. */
export function useGames(): AdminGame[] {
  const [games, setGames] = useState<AdminGame[]>([])
  useEffect(() => {
    api.get<AdminGame[]>('/admin/games').then(setGames, () => undefined)
  }, [])
  return games
}
