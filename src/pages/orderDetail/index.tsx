import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function OrderDetailPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
