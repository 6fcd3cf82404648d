import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function HirePage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
