import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '@/api/request'
import type { ApiResult } from '@/contract/envelope'

/** Why a record is not shown: `missing` for a 404 (not the viewer's, or gone) — trying again will not help. */
export interface Failure {
  text: string
  missing: boolean
}

/**
 * What a load error means for the page: `missing` for a 404, the network otherwise; null for a 401, which is
 * the sign-in prompt's to handle, not the page's.
 */
export function failureOf(error: unknown, missing: string): Failure | null {
  if (error instanceof ApiError && error.code === 401) return null
  return error instanceof ApiError && error.code === 404
    ? { text: missing, missing: true }
    : { text: '加载失败，请检查网络', missing: false }
}

/** One record a page shows (a case, a claim): loaded at once and again on `reload`; `failed` says why it is not. */
export function useRecord<T>(fetch: () => Promise<ApiResult<T>>, missing: string) {
  const [item, setItem] = useState<T | null>(null)
  const [failed, setFailed] = useState<Failure | null>(null)
  const reload = useCallback(() => {
    fetch().then(
      ({ data }) => {
        setItem(data)
        setFailed(null)
      },
      (error) => {
        const failure = failureOf(error, missing)
        if (failure) setFailed(failure)
      },
    )
  }, [fetch, missing])
  useEffect(reload, [reload])
  return { item, setItem, failed, reload }
}
