// What Taro's H5 Swiper needs of Swiper, instead of `swiper/bundle` (every module): the core, Autoplay (the
// `autoplay` prop) and Pagination (`indicatorDots`). A page that gives the Swiper an effect or zoom needs
// its module added here. The modules are imported by file: Swiper exports them only through one barrel,
// and without a `sideEffects` flag webpack keeps all of them (~150 KB raw more). See config/index.ts.
import Swiper from 'swiper'
import Autoplay from '../node_modules/swiper/modules/autoplay.mjs'
import Pagination from '../node_modules/swiper/modules/pagination.mjs'

Swiper.use([Autoplay, Pagination])

export default Swiper
