import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function CommitPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
