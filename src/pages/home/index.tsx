import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function HomePage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
