import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function ArticleDetailPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
