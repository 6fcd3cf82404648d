import { useCallback } from 'react'
import Taro from '@tarojs/taro'
import { usePageQuery } from './selectorQuery'

interface Box {
  top: number
  height: number
}

/**
 * Returns a function that scrolls the page so the element `target` starts right under what stays on top of the
 * page: the H5's page header (a mini-program draws its bar outside the page) and, given one, a bar of the page's
 * own that sticks under it — counted by its height, as it may not have reached its stuck place yet. The same
 * selector query in the H5 and the mini-programs, over the caller's page. It lands at once: the H5's animated
 * scroll overshoots by a few pixels and stays there.
 */
export function useScrollPageTo(): (target: string, stickyBar?: string) => void {
  const pageQuery = usePageQuery()
  return useCallback(
    (target: string, stickyBar?: string) => {
      const query = pageQuery()
        .selectViewport()
        .scrollOffset()
        .select('.page-header')
        .boundingClientRect()
        .select(target)
        .boundingClientRect()
      if (stickyBar) query.select(stickyBar).boundingClientRect()
      query.exec((result) => {
        const [viewport, header, rect, bar] = (result ?? []) as [{ scrollTop: number } | null, ...(Box | null)[]]
        if (!viewport || !rect) return
        const covered = (header ? header.top + header.height : 0) + (bar?.height ?? 0)
        void Taro.pageScrollTo({ scrollTop: Math.max(0, viewport.scrollTop + rect.top - covered), duration: 0 })
      })
    },
    [pageQuery],
  )
}
