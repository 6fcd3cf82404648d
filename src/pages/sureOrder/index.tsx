import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function SureOrderPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
