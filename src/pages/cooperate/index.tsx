import AskService from '@/components/AskService'
import NoticeArticle from '@/components/NoticeArticle'
import OtherShell from '@/layouts/OtherShell'

/** 关于我们: the about-us notice. */
export default function CooperatePage() {
  return (
    <OtherShell>
      <NoticeArticle source={{ type: 'guanyuwomen' }} />
      <AskService text="想了解更多？客服在线 10:00–02:00" />
    </OtherShell>
  )
}
