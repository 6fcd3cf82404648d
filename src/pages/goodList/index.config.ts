import { pageTitle, PULL_TO_REFRESH } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('goodList'),
  // Load the next page well before the end: a screen and a half of cards ahead.
  onReachBottomDistance: 600,
  enablePullDownRefresh: PULL_TO_REFRESH,
})
