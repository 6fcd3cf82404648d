import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { createReactApp } from '@tarojs/plugin-framework-react/dist/runtime'
import { createBrowserHistory, createRouter, handleAppMount } from '@tarojs/router'
import { window as taroWindow } from '@tarojs/runtime'
import App from '@/app'
import appConfig from '@/app.config'
import { customRoutes } from '@/routes'

/**
 * Boots the whole H5 app at `url` the way taro-loader's generated entry does (test-utils' createApp
 * still uses the Taro 3 router signature and fails on Taro 4).
 */
let stopPrevious: (() => void) | undefined

export function renderApp(url: string): void {
  // The previous test's router still listens to history; silence it first.
  stopPrevious?.()
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
  const reactDom = { ...ReactDOM, ...ReactDOMClient }
  const inst = createReactApp(App, React, reactDom as never, config as never)
  const history = createBrowserHistory({ window: taroWindow as never })
  handleAppMount(config as never, history)
  stopPrevious = createRouter(history, inst as never, config as never, React as never)
}
