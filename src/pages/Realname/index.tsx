import PagePending from '@/components/PagePending'
import OtherShell from '@/layouts/OtherShell'

export default function RealnamePage() {
  return (
    <OtherShell>
      <PagePending />
    </OtherShell>
  )
}
