import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { act } from '@testing-library/react'
import { createReactApp } from '@tarojs/plugin-framework-react/dist/runtime'
import { createBrowserHistory, createRouter, handleAppMount } from '@tarojs/router'
import { window as taroWindow } from '@tarojs/runtime'
import App from '@/app'
import appConfig from '@/app.config'
import { customRoutes } from '@/routes'
import { appMounted, unmountApp } from './mountedApp'

/**
 * Boots the whole H5 app at `url` the way taro-loader's generated entry does (test-utils' createApp
 * still uses the Taro 3 router signature and fails on Taro 4).
 */
export function renderApp(url: string): void {
  unmountApp()
  window.history.replaceState({}, '', url)
  document.body.innerHTML = '<div id="app"></div>'
  const config = {
    ...appConfig,
    router: { mode: 'browser', customRoutes },
    routes: appConfig.pages!.map((path) => ({
      path,
      load: (context: unknown, params: unknown) => [Promise.resolve(require(`../../../src/${path}`)), context, params],
      ...require(`../../../src/${path}.config`).default,
    })),
  }
  ;(taroWindow as unknown as { __taroAppConfig: unknown }).__taroAppConfig = config
  let root: ReactDOMClient.Root | undefined
  const createRoot = (container: Element) => (root = ReactDOMClient.createRoot(container))
  const reactDom = { ...ReactDOM, ...ReactDOMClient, createRoot }
  const inst = createReactApp(App, React, reactDom as never, config as never)
  const history = createBrowserHistory({ window: taroWindow as never })
  handleAppMount(config as never, history)
  let stopRouter = () => {}
  act(() => {
    stopRouter = createRouter(history, inst as never, config as never, React as never)
  })
  appMounted(root!, stopRouter)
}
