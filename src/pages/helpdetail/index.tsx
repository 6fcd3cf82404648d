import { NoticeDetail } from '@/components/NoticeArticle'
import OtherShell from '@/layouts/OtherShell'

/** 帮助详情: one help article by `id`. */
export default function HelpDetailPage() {
  return (
    <OtherShell>
      <NoticeDetail />
    </OtherShell>
  )
}
