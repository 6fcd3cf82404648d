import Taro from '@tarojs/taro'
import { findRoute, pagePath } from '@/routes'

/**
 * Opens an in-app link the server hands out (a banner's `/index/articleDetail?id=3`); links to pages we
 * do not have, or to other sites, are not followed. Returns whether it navigated.
 */
export function openAppLink(link: string): boolean {
  const [path, query = ''] = link.trim().split('?', 2)
  const route = path ? findRoute(path) : undefined
  if (!route || !path.startsWith('/')) return false
  void Taro.navigateTo({ url: pagePath(route.name) + (query ? `?${query}` : '') })
  return true
}
