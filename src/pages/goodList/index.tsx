import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function GoodListPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
