import { pageTitle } from '../../routes'

export default definePageConfig({ navigationBarTitleText: pageTitle('account') })
