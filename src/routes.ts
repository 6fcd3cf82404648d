/**
 * The 47 routes of the seed, in the seed's order (and the pages added since: the merchants' two, the deal
 * room, after-sale, 包赔, 评价, the seller's page, a rental, a 中介担保 ticket and 注销账号), with the URL each is served at in the H5 build,
 * its Chinese title (SCREENS.md) and the shell that frames it. `app.config.ts`, the H5 router's
 * custom routes, the shells' titles and the server's history fallback are all derived from this table.
 */
export type Shell = 'main' | 'other' | 'none'

export interface RouteInfo {
  /** Folder under src/pages, exactly the seed's route name. */
  name: string
  /** The URL the H5 build serves the page at. */
  url: string
  title: string
  shell: Shell
}

const standalone: [string, string][] = [
  ['login', '登录'],
  ['register', '注册'],
  ['yinsi', '隐私政策'],
]

const mainChildren: [string, string][] = [
  ['home', '首页'],
  ['goZFB', '去支付宝'],
  ['pay', '支付'],
  ['sureOrder', '确认订单'],
  ['orderDetail', '订单详情'],
  ['finish', '最近成交'],
  ['accountOrder', '我要买'],
  ['goodList', '商品列表'],
  ['goodDetail', '商品详情'],
  ['appDownload', 'APP下载'],
  ['sale', '账号回收'],
  ['sell', '我要卖'],
  ['BasicInformation', '基本信息'],
  ['fillInformation', '填写信息'],
  ['hire', '租号'],
  ['commit', '估价结果'],
  ['jingjiahuishou', '竞价回收'],
  ['security', '中介担保'],
  ['articleDetail', '文章详情'],
]

const otherChildren: [string, string][] = [
  ['gonggao', '公告'],
  ['mycenter', '个人中心'],
  ['passwore', '修改密码'],
  ['xiaoxi', '消息'],
  ['cooperate', '关于我们'],
  ['geren', '个人资料'],
  ['bangzhu', '帮助中心'],
  ['contactkefu', '联系客服'],
  ['newsDetail', '公告详情'],
  ['collect', '我的收藏'],
  ['jieshao', '平台介绍'],
  ['fankui', '反馈'],
  ['myJingjiahuishou', '竞价中心'],
  ['jingjiahuishouPriceList', '报价列表'],
  ['recycleHall', '回收大厅'],
  ['myQuotes', '我的报价'],
  ['dealRoom', '交易群'],
  ['aftersale', '申请售后'],
  ['claim', '我的包赔'],
  ['review', '评价'],
  ['seller', '卖家主页'],
  ['rental', '租号详情'],
  ['escrowTicket', '担保单'],
  ['account', '注销账号'],
  ['MyProducts', '我的买单'],
  ['Myevaluation', '我的评估'],
  ['Mybrowsing', '我的代售'],
  ['Realname', '实名认证'],
  ['helpdetail', '帮助详情'],
  ['suggest', '投诉建议'],
  ['ProblemList', '我的反馈'],
  ['shanghu', '商务合作'],
  ['xinwen', '新闻公告'],
  ['zhaohui', '找回案例'],
  ['zhaomu', '人才招募'],
]

/**
 * The bottom tabs, in order: MainShell's bar on H5, the app's tabBar (drawn by src/custom-tab-bar) in the
 * mini-programs, where these pages are reached by switchTab.
 */
export const TABS: { name: string; label: string }[] = [
  { name: 'home', label: '首页' },
  { name: 'accountOrder', label: '我要买' },
  { name: 'sell', label: '我要卖' },
  { name: 'xiaoxi', label: '消息' },
  { name: 'mycenter', label: '我的' },
]

/**
 * Only home has the brand bar and its search; the other tabs have their title (我要买 and 我要卖 have their
 * own game search, 消息 and 我的 none), with no back arrow.
 */
export const BRAND_PAGE = 'home'

/**
 * List pages reload their first page when pulled down: natively in the mini-programs; on H5 by our own
 * components/PullRefresh — Taro 4.2.1's React H5 pull-down looks for the page (and its scroll position) on
 * its own wrapper element, so it never reached the page and took every downward swipe.
 */
export const PULL_TO_REFRESH = process.env.TARO_ENV !== 'h5'

/** Home comes first: Taro opens pages[0] for `/`. */
export const routes: RouteInfo[] = [
  ...mainChildren.map(([name, title]) => ({ name, title, url: `/index/${name}`, shell: 'main' as const })),
  ...otherChildren.map(([name, title]) => ({ name, title, url: `/index/other/${name}`, shell: 'other' as const })),
  ...standalone.map(([name, title]) => ({ name, title, url: `/${name}`, shell: 'none' as const })),
]

/** Server-side (HTTP 302) and in-app redirects of the seed. */
export const redirects: Record<string, string> = {
  '/': '/index/home',
  '/index': '/index/home',
  '/index/other': '/index/other/gonggao',
}

export const HOME_URL = '/index/home'

export const pagePath = (name: string): string => `/pages/${name}/index`

/** The route of a page path (`/pages/x/index`, `pages/x/index`) or of its H5 URL (`/index/x`). */
export function findRoute(path: string): RouteInfo | undefined {
  const clean = '/' + path.split('?')[0].replace(/^\/+/, '').replace(/\/+$/, '')
  return routes.find((r) => r.url === clean || pagePath(r.name) === clean)
}

export function pageTitle(name: string): string {
  const route = routes.find((r) => r.name === name)
  if (!route) throw new Error(`unknown route ${name}`)
  return route.title
}

/** H5 router aliases: each page is served at its seed URL. */
export const customRoutes: Record<string, string> = Object.fromEntries(routes.map((r) => [pagePath(r.name), r.url]))
