import { pageTitle, PULL_TO_REFRESH } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('myJingjiahuishou'),
  enablePullDownRefresh: PULL_TO_REFRESH,
})
