import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '@/api/request'
import type { ApiResult } from '@/contract/envelope'

/**
 * One record a page shows (a case, a claim): loaded at once and again on `reload`; `failed` says why it is
 * not there — `missing` for a 404 (not the viewer's, or gone), the network otherwise; a 401 is the sign-in
 * prompt's to handle, not the page's.
 */
export function useRecord<T>(fetch: () => Promise<ApiResult<T>>, missing: string) {
  const [item, setItem] = useState<T | null>(null)
  const [failed, setFailed] = useState('')
  const reload = useCallback(() => {
    fetch().then(
      ({ data }) => {
        setItem(data)
        setFailed('')
      },
      (error) => {
        if (!(error instanceof ApiError && error.code === 401))
          setFailed(error instanceof ApiError && error.code === 404 ? missing : '加载失败，请检查网络')
      },
    )
  }, [fetch, missing])
  useEffect(reload, [reload])
  return { item, setItem, failed, reload }
}
