import { NoticeDetail } from '@/components/NoticeArticle'
import MainShell from '@/layouts/MainShell'

/** 文章详情: one notice by `id` (or the notice of a `noticeType`, as the agreements link to it). */
export default function ArticleDetailPage() {
  return (
    <MainShell>
      <NoticeDetail />
    </MainShell>
  )
}
