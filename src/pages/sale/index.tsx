import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function SalePage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
