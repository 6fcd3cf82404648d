import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function GoodDetailPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
