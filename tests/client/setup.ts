// @tarojs/taro must load before the router and test-utils, or a circular import leaves `history` undefined.
import Taro from '@tarojs/taro'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import { createH5NativeComponentConfig } from '@tarojs/plugin-framework-react/dist/runtime'
import { RecordingIntersectionObserver } from './utils/dom'
import { unexpectedCalls } from './utils/mockApi'
import { unmountApp } from './utils/mountedApp'

// Registers React for useLoad/useDidShow/useRouter outside a full app mount.
createH5NativeComponentConfig(() => null, React, ReactDOM)

// jsdom has none; Taro's <Image lazyLoad> and NearViewport ask for one.
window.IntersectionObserver = RecordingIntersectionObserver as unknown as typeof IntersectionObserver

// What taro-loader's generated entry does with config/index.ts's design settings.
Taro.initPxTransform({
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  baseFontSize: 37.5,
})

// A loaded 2-core machine renders a page in more than waitFor's default second, and a whole-app test
// in more than jest's default 5 s.
import { configure } from '@testing-library/react'
configure({ asyncUtilTimeout: 5000 })
jest.setTimeout(30_000)

// A client test never reaches the network and makes no call it did not expect: a request that gets as far as
// jsdom's XMLHttpRequest (no mockApi installed), or one mockApi has no answer for, fails the test that made it.
// The app the test booted is ended first, so what it asks for later cannot be blamed on the next test.
const reachedNetwork: string[] = []
const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, ...args: unknown[]) => void
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
  reachedNetwork.push(`${args[0]} ${args[1]}`)
  open.apply(this, args)
} as typeof XMLHttpRequest.prototype.open
afterEach(() => {
  unmountApp()
  const network = reachedNetwork.splice(0)
  const unexpected = unexpectedCalls.splice(0)
  if (network.length)
    throw new Error(`the test reached the network (answer these with mockApi):\n${network.join('\n')}`)
  if (unexpected.length) throw new Error(`mockApi had no answer for:\n${unexpected.join('\n')}`)
})
