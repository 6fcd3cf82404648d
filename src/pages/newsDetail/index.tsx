import { NoticeDetail } from '@/components/NoticeArticle'
import OtherShell from '@/layouts/OtherShell'

/** 公告详情: one announcement, news item or recovery case by `id`. */
export default function NewsDetailPage() {
  return (
    <OtherShell>
      <NoticeDetail />
    </OtherShell>
  )
}
