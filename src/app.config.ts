import { pagePath, routes, TABS } from './routes'

export default defineAppConfig({
  pages: routes.map((r) => `pages/${r.name}/index`),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '号安心',
    navigationBarTextStyle: 'black',
    backgroundColor: '#F5F6F8',
  },
  // The mini-programs' tabs, drawn by src/custom-tab-bar as on H5 (where MainShell draws them itself);
  // Taro has no custom tab bar for Alipay, which gets its own (text) one.
  ...(process.env.TARO_ENV === 'h5'
    ? {}
    : {
        tabBar: {
          custom: process.env.TARO_ENV !== 'alipay',
          color: '#86909c',
          selectedColor: '#ff5a1f',
          backgroundColor: '#ffffff',
          borderStyle: 'white' as const,
          list: TABS.map((tab) => ({ pagePath: pagePath(tab.name).slice(1), text: tab.label })),
        },
      }),
})
