import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function FinishPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
