import { PropsWithChildren } from 'react'
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro'
import { dismissShellOnFirstPage } from './shell'
import { installViewport } from './viewport'
import { pagePath } from './routes'
import { restoreSession } from './store'
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
  return children
}

export default App
