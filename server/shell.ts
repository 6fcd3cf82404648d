/**
 * The app shell in each page's HTML: what a phone paints before the JavaScript has arrived — the brand
 * bar (or the page's title), grey placeholders, and the tab bar on tab pages — drawn to the app's own
 * measures, so nothing moves when the page takes its place (src/shell.h5.ts removes it then). Plain HTML
 * and one stylesheet: no script, no font, no image.
 */
import { BRAND_PAGE, TABS, type RouteInfo } from '../src/routes'

/** The app's design unit: 750 across the column (at most 540 px), as the client's rem does it. */
const u = (designPx: number) => `calc(min(100vw, 540px) * ${designPx} / 750)`

export const SHELL_CSS = `
#app-shell{position:fixed;inset:0;z-index:1000;background:#f5f6f8;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#1d2129;overflow:hidden}
#app-shell .s-col{max-width:540px;margin:0 auto;height:100%;position:relative}
#app-shell .s-bar{display:flex;align-items:center;gap:${u(24)};height:${u(96)};padding:0 ${u(24)};background:#fff;border-bottom:1px solid #e5e6eb}
#app-shell .s-mark{display:flex;align-items:center;justify-content:center;width:${u(52)};height:${u(52)};border-radius:${u(12)};background:#ff5a1f;color:#fff;font-weight:700;font-size:${u(30)}}
#app-shell .s-name{font-size:${u(34)};font-weight:700}
#app-shell .s-search{flex:1;height:${u(64)};border-radius:${u(32)};background:#f2f3f5;color:#86909c;font-size:${u(26)};line-height:${u(64)};padding-left:${u(28)}}
#app-shell .s-title{flex:1;text-align:center;font-size:${u(34)};font-weight:600}
#app-shell .s-body{padding:${u(24)}}
#app-shell .s-card{height:${u(180)};margin-bottom:${u(24)};border-radius:${u(16)};background:#fff}
#app-shell .s-card:first-child{height:${u(280)}}
#app-shell .s-tabs{position:absolute;left:0;right:0;bottom:0;display:flex;height:${u(96)};padding-bottom:env(safe-area-inset-bottom);background:#fff;border-top:1px solid #e5e6eb}
#app-shell .s-tab{flex:1;display:flex;align-items:center;justify-content:center;font-size:${u(22)};color:#86909c}
#app-shell .s-tab.on{color:#ff5a1f;font-weight:600}
`

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

export function shellHtml(route: RouteInfo): string {
  const tab = TABS.some((t) => t.name === route.name)
  const bar =
    route.name === BRAND_PAGE
      ? '<div class="s-bar"><span class="s-mark">安</span><span class="s-name">号安心</span><span class="s-search">搜索游戏名称</span></div>'
      : `<div class="s-bar"><span class="s-title">${escape(route.title)}</span></div>`
  const cards = '<div class="s-card"></div>'.repeat(4)
  const tabs = tab
    ? `<div class="s-tabs">${TABS.map((t) => `<span class="s-tab${t.name === route.name ? ' on' : ''}">${t.label}</span>`).join('')}</div>`
    : ''
  return `<div id="app-shell" aria-hidden="true"><div class="s-col">${bar}<div class="s-body">${cards}</div>${tabs}</div></div>`
}
