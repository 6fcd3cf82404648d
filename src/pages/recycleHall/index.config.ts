import { pageTitle, PULL_TO_REFRESH } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('recycleHall'),
  enablePullDownRefresh: PULL_TO_REFRESH,
})
