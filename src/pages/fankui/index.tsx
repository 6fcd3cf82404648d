import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function FankuiPage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
