import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function MycenterPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
