import AskService from '@/components/AskService'
import NoticeArticle from '@/components/NoticeArticle'
import OtherShell from '@/layouts/OtherShell'

/** 平台介绍: what the platform does (the 业务介绍 notice). */
export default function JieshaoPage() {
  return (
    <OtherShell>
      <NoticeArticle source={{ type: 'ywjs' }} />
      <AskService />
    </OtherShell>
  )
}
