/**
 * The app a test booted, apart from renderApp: tests/client/setup.ts ends it after every test, and importing
 * renderApp there would load the whole app into every test file.
 */
import { act } from '@testing-library/react'
import type { Root } from 'react-dom/client'

let running: { root: Root; stopRouter: () => void } | undefined

/** Remembers the app renderApp booted, for unmountApp. */
export function appMounted(root: Root, stopRouter: () => void): void {
  running = { root, stopRouter }
}

/**
 * Ends the app a test booted (tests/client/setup.ts calls it after every test): its router stops listening to
 * history and its React root unmounts, so its pages' effects and subscriptions end with the test instead of
 * answering the next test's store changes.
 */
export function unmountApp(): void {
  if (!running) return
  const { root, stopRouter } = running
  running = undefined
  stopRouter()
  act(() => root.unmount())
}
