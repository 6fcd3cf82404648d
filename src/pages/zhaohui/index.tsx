import { NoticeTabs, type NoticeTab } from '@/components/NoticeList'
import OtherShell from '@/layouts/OtherShell'

const ZHAOHUI_TABS: NoticeTab[] = [
  { label: '打击找回案例', type: 'djzhal' },
  { label: '立案诉讼文书', type: 'lassws' },
]

/** 找回案例: how the platform pursues sellers who recover sold accounts — cases and court documents. */
export default function ZhaohuiPage() {
  return (
    <OtherShell>
      <NoticeTabs tabs={ZHAOHUI_TABS} detail="newsDetail" />
    </OtherShell>
  )
}
