import { useState } from 'react'
import Taro from '@tarojs/taro'
import { findRoute, pagePath, TABS, type RouteInfo } from './routes'
import { toQueryString, type Query } from './utils/url'

const urlOf = (name: string, query?: Query) => {
  const qs = query ? toQueryString(query) : ''
  return pagePath(name) + (qs ? `?${qs}` : '')
}

/** A mini-program reaches its tab pages only by switchTab, which takes no query. */
const tabSwitch = (name: string) =>
  process.env.TARO_ENV !== 'h5' && TABS.some((tab) => tab.name === name)
    ? Taro.switchTab({ url: pagePath(name) })
    : null

/** WeChat, QQ and Alipay keep at most ten pages; navigateTo on the tenth fails (the browser has no limit). */
export const MAX_PAGE_STACK = 10

/**
 * Opens a page on top of the current one (the page stack keeps the one below alive). At the stack's limit
 * (goodDetail → 相似推荐 → goodDetail …) it takes the current page's place instead of failing.
 */
export function openPage(name: string, query?: Query) {
  const switched = tabSwitch(name)
  if (switched) return switched
  const url = urlOf(name, query)
  const full = process.env.TARO_ENV !== 'h5' && Taro.getCurrentPages().length >= MAX_PAGE_STACK
  return full ? Taro.redirectTo({ url }) : Taro.navigateTo({ url })
}

/** Replaces the current page, as the bottom tabs do. */
export function replacePage(name: string, query?: Query) {
  return tabSwitch(name) ?? Taro.redirectTo({ url: urlOf(name, query) })
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

/** The page on top of the stack as a path with its query, e.g. `/pages/goodDetail/index?id=7`. */
export function currentPageUrl(): string {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1]
  // On H5 the route is the page's URL alias (/index/other/geren); navigation wants the page path.
  const route = page?.route && findRoute(page.route)
  if (!route) return ''
  const { $taroTimestamp: _stamp, ...options } = (page.options ?? {}) as Query
  const query = toQueryString(options)
  return pagePath(route.name) + (query ? `?${query}` : '')
}

/** Mini-programs and the H5 router hand over query values still encoded; a stray % must not throw. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The query parameters this page was opened with, read once when it mounts. */
export function usePageParams(): Record<string, string> {
  const [params] = useState(() => {
    const raw = Taro.getCurrentInstance().router?.params ?? {}
    return Object.fromEntries(
      Object.entries(raw)
        .filter(([key, value]) => key !== '$taroTimestamp' && typeof value === 'string')
        .map(([key, value]) => [key, safeDecode(value as string)]),
    )
  })
  return params
}

/** Only our own pages are valid targets after sign-in; anything else goes home. */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith('/pages/')) return ''
  return findRoute(target) ? target : ''
}
