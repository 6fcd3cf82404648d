import { pageTitle } from '../../routes'

export default definePageConfig({ navigationBarTitleText: pageTitle('Mybrowsing'), enablePullDownRefresh: true })
