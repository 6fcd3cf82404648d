import { useCallback, useState } from 'react'
import Taro from '@tarojs/taro'

/**
 * Selector queries over the page the component was first rendered on. Taro's own, unscoped, look in whatever
 * page is current when they run, a tick after they are made; the H5's throws when a navigation has just begun and
 * the new page is not in the document yet — a tab tapped just before a link was an uncaught error.
 */
export function usePageQuery(): () => Taro.SelectorQuery {
  const [page] = useState(() => Taro.getCurrentInstance().page)
  return useCallback(() => Taro.createSelectorQuery().in(page as never), [page])
}
