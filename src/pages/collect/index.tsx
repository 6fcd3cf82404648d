import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function CollectPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
