import { App } from 'antd'
import { useCallback } from 'react'
import { ApiError } from '../api'

/**
 * Runs a staff action and says how it went: `done` on success, the server's refusal otherwise. Answers
 * whether it succeeded (a modal form stays open on a refusal).
 */
export function useAct() {
  const { message } = App.useApp()
  return useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await action()
        void message.success(done)
        return true
      } catch (error) {
        void message.error(error instanceof ApiError ? error.message : '操作失败，请重试')
        return false
      }
    },
    [message],
  )
}
