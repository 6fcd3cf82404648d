import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function PayPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
