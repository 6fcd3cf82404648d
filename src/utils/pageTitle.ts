import { useEffect } from 'react'
import Taro from '@tarojs/taro'

/**
 * Names the page after what it shows (the listing, the game) rather than its kind: the browser tab, a
 * link shared without a card, the mini-program's bar. Nothing until `title` is known.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) void Taro.setNavigationBarTitle({ title: `${title} - 号安心` })
  }, [title])
}
