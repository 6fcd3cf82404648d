import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function CooperatePage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
