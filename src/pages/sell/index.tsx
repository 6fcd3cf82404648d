import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function SellPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
