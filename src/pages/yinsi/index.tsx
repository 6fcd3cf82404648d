import NoticeArticle from '@/components/NoticeArticle'
import StandaloneShell from '@/layouts/StandaloneShell'

/** 隐私政策: the privacy-policy notice. */
export default function YinsiPage() {
  return (
    <StandaloneShell>
      <NoticeArticle source={{ type: 'yinsizhengce' }} />
    </StandaloneShell>
  )
}
