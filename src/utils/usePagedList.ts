import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import type { ApiTable, PageQuery } from '@/contract/envelope'

export type PagedStatus = 'loading' | 'idle' | 'error'

/**
 * A server-paged list that loads its next page when the visitor nears the bottom (SCREENS.md: lists page
 * by infinite scroll). `reload` starts again from page 1; a late answer to an older load is dropped. Pulling
 * the page down loads page 1 again: natively in the mini-programs (page config: enablePullDownRefresh),
 * by <PullRefresh onRefresh={list.refresh} /> on H5.
 */
export function usePagedList<T extends { id: number }>(
  fetch: (page: PageQuery) => Promise<ApiTable<T>>,
  pageSize = 10,
) {
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<PagedStatus>('loading')
  const latest = useRef(0)
  const busy = useRef(false)
  const fetchRef = useRef(fetch)
  useEffect(() => {
    fetchRef.current = fetch
  })

  const fetchPage = useCallback(
    (pageNum: number) => {
      const call = ++latest.current
      busy.current = true
      return fetchRef.current({ pageNum, pageSize }).then(
        (result) => {
          if (call !== latest.current) return
          busy.current = false
          // A page of rows is the biggest render a list makes: as a transition React renders it in slices of a
          // few milliseconds, so a tap or a scroll meanwhile is answered at once (bench/web: blocking time).
          startTransition(() => {
            setRows((list) => {
              if (pageNum === 1) return result.rows
              const seen = new Set(list.map((r) => r.id))
              return [...list, ...result.rows.filter((r) => !seen.has(r.id))]
            })
            setTotal(result.total)
            setPage(pageNum)
            setStatus('idle')
          })
        },
        () => {
          if (call !== latest.current) return
          busy.current = false
          setStatus('error')
        },
      )
    },
    [pageSize],
  )

  useEffect(() => {
    void fetchPage(1)
  }, [fetchPage])

  const hasMore = rows.length < total
  const loadMore = () => {
    if (busy.current || !hasMore || status !== 'idle') return
    setStatus('loading')
    void fetchPage(page + 1)
  }
  const reload = () => {
    setStatus('loading')
    void fetchPage(1)
  }
  const retry = () => {
    setStatus('loading')
    void fetchPage(rows.length ? page + 1 : 1)
  }
  useReachBottom(loadMore)
  usePullDownRefresh(() => void fetchPage(1).finally(() => Taro.stopPullDownRefresh()))

  /** Drops a row here without a reload (e.g. after removing a favourite). */
  const remove = (id: number) => {
    setRows((list) => list.filter((r) => r.id !== id))
    setTotal((t) => Math.max(0, t - 1))
  }

  /** Page 1 again, the rows staying until it has come (pull-to-refresh). */
  const refresh = () => fetchPage(1)

  return { rows, total, page, status, hasMore, loadMore, reload, refresh, retry, remove, firstLoad: page === 0 }
}
