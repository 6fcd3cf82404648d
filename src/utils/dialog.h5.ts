/**
 * Dialogs on H5 in the house style (components/Dialog), shown by the app's DialogHost above every page, so
 * a page change does not take one away: it stays until it is answered. One at a time, in turn.
 */
import { createElement, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import Dialog, { type DialogOptions } from '@/components/Dialog'

interface Asked extends DialogOptions {
  answer: (confirm: boolean) => void
}

let queue: Asked[] = []
const listeners = new Set<() => void>()
const changed = (next: Asked[]) => {
  queue = next
  for (const listener of listeners) listener()
}

/** Asks, and resolves with the answer as Taro.showModal does. */
export function showDialog(options: DialogOptions): Promise<{ confirm: boolean; cancel: boolean }> {
  return new Promise((resolve) => {
    const asked: Asked = {
      ...options,
      answer: (confirm) => {
        changed(queue.filter((q) => q !== asked))
        resolve({ confirm, cancel: !confirm })
      },
    }
    changed([...queue, asked])
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Where the dialogs are drawn: rendered once by the app, into the body — not among the pages, whose
 * router shows only its last child.
 */
export function DialogHost() {
  const asked = useSyncExternalStore(subscribe, () => queue[0])
  return asked ? createPortal(createElement(Dialog, { ...asked, onAnswer: asked.answer }), document.body) : null
}
