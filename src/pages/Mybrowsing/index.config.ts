import { pageTitle, PULL_TO_REFRESH } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('Mybrowsing'),
  enablePullDownRefresh: PULL_TO_REFRESH,
})
