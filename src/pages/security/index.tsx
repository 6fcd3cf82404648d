import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function SecurityPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
