import AskService from '@/components/AskService'
import NoticeArticle from '@/components/NoticeArticle'
import OtherShell from '@/layouts/OtherShell'

/** 人才招募: the recruitment notice (positions and how to apply). */
export default function ZhaomuPage() {
  return (
    <OtherShell>
      <NoticeArticle source={{ type: 'rczm' }} />
      <AskService text="投递简历或咨询岗位，请联系客服" />
    </OtherShell>
  )
}
