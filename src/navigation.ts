import { useState } from 'react'
import Taro from '@tarojs/taro'
import { findRoute, pagePath, type RouteInfo } from './routes'
import { toQueryString, type Query } from './utils/url'

const urlOf = (name: string, query?: Query) => {
  const qs = query ? toQueryString(query) : ''
  return pagePath(name) + (qs ? `?${qs}` : '')
}

/** Opens a page on top of the current one (the page stack keeps the one below alive). */
export function openPage(name: string, query?: Query) {
  return Taro.navigateTo({ url: urlOf(name, query) })
}

/** Replaces the current page, as the bottom tabs do. */
export function replacePage(name: string, query?: Query) {
  return Taro.redirectTo({ url: urlOf(name, query) })
}

/** Back to the previous page, or home when the app was opened on this page. */
export function goBack() {
  return Taro.getCurrentPages().length > 1 ? Taro.navigateBack() : replacePage('home')
}

/**
 * The route of the page this component is rendered in, read once when the page mounts: later the current
 * instance may already be a page opened on top of this one.
 */
export function useCurrentRoute(): RouteInfo | undefined {
  const [route] = useState(() => findRoute(Taro.getCurrentInstance().router?.path ?? ''))
  return route
}
