import { pageTitle } from '../../routes'

export default definePageConfig({
  navigationBarTitleText: pageTitle('goodDetail'),
  // Mini-programs: a listing is shared to a friend or the timeline (the page gives the card).
  enableShareAppMessage: true,
  enableShareTimeline: true,
})
