import { App, type FormInstance } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiError } from '../api'
import { useAct } from './useAct'

/**
 * One record for a detail drawer: loaded from `path`, loaded again after each action `run` performs (and
 * the list told through `onChanged`; a refusal from a form shows under the fields it names). A record that cannot be read (gone, not allowed) closes the drawer
 * with the server's reason.
 */
export function useRecord<T>(path: string, { onGone, onChanged }: { onGone(): void; onChanged(): void }) {
  const act = useAct()
  const { message } = App.useApp()
  const [record, setRecord] = useState<T>()
  const [version, setVersion] = useState(0)
  // The callers' callbacks may be new on each render; the record is fetched again only when asked.
  const callbacks = useRef({ onGone, onChanged })
  useEffect(() => {
    callbacks.current = { onGone, onChanged }
  })

  useEffect(() => {
    api.get<T>(path).then(setRecord, (error) => {
      void message.error(error instanceof ApiError ? error.message : '加载失败')
      callbacks.current.onGone()
    })
  }, [path, version, message])

  const run = useCallback(
    async (action: () => Promise<unknown>, done: string, form?: FormInstance) => {
      const succeeded = await act(action, done, form)
      if (succeeded) {
        setVersion((v) => v + 1)
        callbacks.current.onChanged()
      }
      return succeeded
    },
    [act],
  )
  /** Reads the record again (something else changed it: a card in its deal room). */
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { record, run, reload }
}
