import { App, type FormInstance } from 'antd'
import { useCallback } from 'react'
import { ApiError } from '../api'

/**
 * Runs a staff action and says how it went: `done` on success, the server's refusal otherwise — under the
 * fields it names, when the action came from `form`. Answers whether it succeeded (a modal form stays open
 * on a refusal).
 */
export function useAct() {
  const { message } = App.useApp()
  return useCallback(
    async (action: () => Promise<unknown>, done: string, form?: FormInstance): Promise<boolean> => {
      try {
        await action()
        void message.success(done)
        return true
      } catch (error) {
        void message.error(error instanceof ApiError ? error.message : '操作失败，请重试')
        if (error instanceof ApiError && form) {
          form.setFields(error.fields.map(({ field, message: text }) => ({ name: field, errors: [text] })))
        }
        return false
      }
    },
    [message],
  )
}
