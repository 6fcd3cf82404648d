import { pageTitle } from '../../routes'

export default definePageConfig({ navigationBarTitleText: pageTitle('ProblemList'), enablePullDownRefresh: true })
