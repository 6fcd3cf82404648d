import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function GoZFBPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
