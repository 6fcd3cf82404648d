import NoticeList from '@/components/NoticeList'
import OtherShell from '@/layouts/OtherShell'
import { openPage } from '@/navigation'

/** 新闻公告: the news, newest first, paged → helpdetail. */
export default function XinwenPage() {
  return (
    <OtherShell>
      <NoticeList type="xwgg" onOpen={(notice) => openPage('helpdetail', { id: notice.id })} />
    </OtherShell>
  )
}
