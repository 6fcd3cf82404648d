import { createElement, Fragment, type PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { dismissShellOnFirstPage } from './shell'
import { installViewport } from './viewport'
import { pagePath } from './routes'
import { restoreSession } from './store'
import { DialogHost } from './utils/dialog'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    installViewport()
    restoreSession()
    dismissShellOnFirstPage()
  })
  // Unknown URLs (and raw /pages/... paths, which lose their match once aliased) go home.
  usePageNotFound(() => {
    Taro.redirectTo({ url: pagePath('home') })
  })
  // The house dialogs are drawn above the pages (H5; a mini-program uses its own modal).
  return createElement(Fragment, null, children, createElement(DialogHost))
}

export default App
