import { routes } from './routes'

export default defineAppConfig({
  pages: routes.map((r) => `pages/${r.name}/index`),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '号安心',
    navigationBarTextStyle: 'black',
    backgroundColor: '#F5F6F8',
  },
})
