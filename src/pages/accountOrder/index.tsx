import PagePending from '@/components/PagePending'
import MainShell from '@/layouts/MainShell'

export default function AccountOrderPage() {
  return (
    <MainShell>
      <PagePending />
    </MainShell>
  )
}
