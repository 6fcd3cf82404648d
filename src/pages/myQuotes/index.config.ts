import { pageTitle, PULL_TO_REFRESH } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('myQuotes'),
  enablePullDownRefresh: PULL_TO_REFRESH,
})
