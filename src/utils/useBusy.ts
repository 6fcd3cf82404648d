import { useState } from 'react'
import { ApiError, toastError } from '@/api/request'

/**
 * One action at a time on a page: `run` does nothing while another runs, and tells the user why one failed
 * (a lapsed session is the sign-in prompt's to tell).
 */
export function useBusy() {
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401)) toastError(error, '操作失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
